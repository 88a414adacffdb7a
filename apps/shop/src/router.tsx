import { type AnchorHTMLAttributes, type MouseEvent, useSyncExternalStore } from "react";

/**
 * The shop's few addresses under /shop/, without a router library: the path and query of the
 * page, changed through the history so Back works and every screen has its own link.
 */
export const BASE = "/shop";
const listeners = new Set<() => void>();
const notify = () => {
  for (const f of listeners) f();
};
if (typeof window !== "undefined") window.addEventListener("popstate", notify);

const current = () => `${location.pathname}${location.search}`;
export function useLocationKey() {
  return useSyncExternalStore((f) => {
    listeners.add(f);
    return () => void listeners.delete(f);
  }, current);
}
/** The path inside the shop ("/", "/cart", "/orders/5") and its query. */
export function useRoute() {
  const key = useLocationKey();
  const url = new URL(key, location.origin);
  const path = url.pathname.startsWith(BASE) ? url.pathname.slice(BASE.length) || "/" : url.pathname;
  return { path: path.replace(/\/+$/, "") || "/", query: url.searchParams };
}
export function navigate(to: string, replace = false) {
  const href = `${BASE}${to === "/" ? "/" : to}`;
  if (replace) history.replaceState(null, "", href);
  else history.pushState(null, "", href);
  window.scrollTo(0, 0);
  notify();
}

export function Link({ to, onClick, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const go = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={`${BASE}${to === "/" ? "/" : to}`} onClick={go} {...rest} />;
}
