import { type NavigateOptions, useLocation, useSearchParams } from "react-router";

/**
 * The address's search params as they are now, for a functional `setSearchParams`. React Router
 * hands such a function the params of the render it was made in, and re-renders in a transition
 * that typing keeps putting off: two quick changes from different parts of a page (a report's
 * period, then the table's search) would each write the other's old value back. The app runs on a
 * browser router, whose address is the window's; where the window shows another page (a memory
 * router in tests) the rendered params stand.
 */
export function liveParams(rendered: URLSearchParams, renderedPath: string): URLSearchParams {
  if (typeof window !== "undefined" && window.location.pathname === renderedPath) return new URLSearchParams(window.location.search);
  return new URLSearchParams(rendered);
}

/**
 * Changes the address's search params as they are now (`liveParams`), not as this render saw them:
 * `change` edits a copy of them, which then becomes the address.
 */
export function useChangeParams(): (change: (p: URLSearchParams) => void, opts?: NavigateOptions) => void {
  const [, setParams] = useSearchParams();
  const { pathname } = useLocation();
  return (change, opts) =>
    setParams((rendered) => {
      const p = liveParams(rendered, pathname);
      change(p);
      return p;
    }, opts);
}
