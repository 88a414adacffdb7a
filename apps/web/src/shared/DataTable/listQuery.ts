import { api, type Query } from "../api/client";
import type { ListBody } from "../api/types";

/*
 * A list's state in the address and the request of its page, without React: DataTable's hooks
 * (listState.ts) and a page load asking for a list's first page early (app/boot.ts) share them.
 */

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

export const FILTER_RE = /^filter\[([a-z0-9_]+)\]$/i;
export const NONE: ReadonlySet<string> = new Set();

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

export const listKey = (endpoint: string) => [endpoint, "list"] as const;

/** A list's page as DataTable asks for it: the same key and the same request wherever it is asked. */
export const listPageQuery = <Row>(endpoint: string, query: Query) => ({
  queryKey: [...listKey(endpoint), query] as const,
  queryFn: async () => (await api<ListBody<Row>>(endpoint, { query })).data,
  meta: { silent: true },
});

/**
 * The query hashes of the list pages a page load asked for before its list was drawn (app/boot.ts),
 * with when: the list's first mount shows that answer instead of asking again a moment later.
 */
const preloaded = new Map<string, number>();
const PRELOAD_FRESH_MS = 10_000;
export const markPreloaded = (hash: string) => void preloaded.set(hash, Date.now());
export const wasPreloaded = (hash: string) => Date.now() - (preloaded.get(hash) ?? 0) < PRELOAD_FRESH_MS;
