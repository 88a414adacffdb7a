import { type DateFilter, SEARCH_DEBOUNCE_MS } from "@app/contracts";
import { useCallback, useMemo } from "react";
import { useLocation, useSearchParams } from "react-router";
import { liveParams } from "../liveParams";
import { FILTER_RE, type ListState, NONE, parseListState } from "./listQuery";

export { type ListState, listKey, listPageQuery, markPreloaded, parseListState, toApiQuery, wasPreloaded } from "./listQuery";
export { SEARCH_DEBOUNCE_MS };

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
