import { type DateFilter, SEARCH_DEBOUNCE_MS } from "@app/contracts";
import { useCallback, useMemo } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { Query } from "../api/client";
import { liveParams } from "../liveParams";

export { SEARCH_DEBOUNCE_MS };

/** List state as it sits in the address (CONVENTIONS: bookmarkable, back button works). */
export interface ListState {
  search: string;
  page: number;
  perPage: number;
  sortColumn: string | null;
  sortDir: "asc" | "desc";
  /** filter[field] values, including date_filter, date_between and amount_between. */
  filters: Record<string, string>;
}

const FILTER_RE = /^filter\[([a-z0-9_]+)\]$/i;
const NONE: ReadonlySet<string> = new Set();

/**
 * `owned` names address keys that the page keeps itself (a report's `filter[date_filter]`): they
 * are not the list's own filters, so the advanced search neither shows nor clears them.
 */
export function parseListState(
  params: URLSearchParams,
  defaults: { perPage: number; sortColumn: string | null; sortDir?: "asc" | "desc" },
  owned: ReadonlySet<string> = NONE,
): ListState {
  const dir = params.get("sortDir");
  const page = Number(params.get("page"));
  const perPage = Number(params.get("per_page"));
  const filters: Record<string, string> = {};
  for (const [k, v] of params) {
    const m = FILTER_RE.exec(k);
    if (m?.[1] && v !== "" && !owned.has(k)) filters[m[1]] = v;
  }
  return {
    search: params.get("search") ?? "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
    perPage: Number.isInteger(perPage) && perPage > 0 ? perPage : defaults.perPage,
    sortColumn: params.get("sortColumn") ?? defaults.sortColumn,
    // SPEC §9: descending unless the user asked otherwise or the list reads better another way
    // (names A to Z).
    sortDir: dir === "asc" || dir === "desc" ? dir : (defaults.sortDir ?? "desc"),
    filters,
  };
}

/** The list protocol's query (SPEC §7). */
export function toApiQuery(s: ListState, opts: { paged: boolean }): Query {
  const q: Query = { search: s.search || undefined, sortColumn: s.sortColumn ?? undefined, sortDir: s.sortDir };
  if (opts.paged) {
    q.page = s.page;
    q.per_page = s.perPage;
  }
  for (const [k, v] of Object.entries(s.filters)) q[`filter[${k}]`] = v;
  return q;
}

export function useListState(
  defaults: { perPage: number; sortColumn: string | null; sortDir?: "asc" | "desc" },
  owned: ReadonlySet<string> = NONE,
) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const state = useMemo(() => parseListState(params, defaults, owned), [params, defaults, owned]);

  const update = useCallback(
    (patch: Partial<ListState>, opts: { replace?: boolean } = {}) => {
      setParams(
        // The address as it is now (a report's period typed just before may not have rendered yet).
        (rendered) => {
          const next = liveParams(rendered, pathname);
          const setOrDrop = (k: string, v: string | number | null | undefined) => {
            if (v === null || v === undefined || v === "") next.delete(k);
            else next.set(k, String(v));
          };
          if ("search" in patch) setOrDrop("search", patch.search);
          if ("perPage" in patch) setOrDrop("per_page", patch.perPage);
          if ("sortColumn" in patch) setOrDrop("sortColumn", patch.sortColumn);
          if ("sortDir" in patch) setOrDrop("sortDir", patch.sortDir);
          if (patch.filters) {
            for (const k of [...next.keys()]) if (FILTER_RE.test(k) && !owned.has(k)) next.delete(k);
            for (const [k, v] of Object.entries(patch.filters)) setOrDrop(`filter[${k}]`, v);
          }
          // Any change but paging itself starts again from the first page.
          setOrDrop("page", "page" in patch && patch.page !== 1 ? patch.page : null);
          return next;
        },
        { replace: opts.replace ?? false },
      );
    },
    [setParams, owned, pathname],
  );

  return { state, update };
}

export type { DateFilter };
