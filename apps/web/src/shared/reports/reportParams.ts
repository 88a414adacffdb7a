import { useState } from "react";
import { useSearchParams } from "react-router";
import type { Choice } from "../Autocomplete";
import type { Query } from "../api/client";
import { useChangeParams } from "../liveParams";
import type { useReportFilters } from "../ReportFilters";

/** An id kept in the address under `key`, with its setter. */
export function useIdParam(key: string): [number | null, (v: number | null) => void] {
  const [params] = useSearchParams();
  const changeParams = useChangeParams();
  const raw = params.get(key);
  const id = raw && /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
  const set = (v: number | null) =>
    changeParams(
      (p) => {
        if (v) p.set(key, String(v));
        else p.delete(key);
        p.delete("page");
      },
      { replace: true },
    );
  return [id, set];
}

/** An id kept in the address with the label it was chosen by (a reloaded page names it by its number). */
export function useChoiceParam(key: string): [Choice | null, (c: Choice | null) => void] {
  const [id, setId] = useIdParam(key);
  const [label, setLabel] = useState<string | null>(null);
  const choice = id ? { value: id, label: label ?? `#${id}` } : null;
  return [
    choice,
    (c) => {
      setLabel(c?.label ?? null);
      setId(c ? Number(c.value) : null);
    },
  ];
}

/** The period of a report's filters as the list protocol sends it, for a report without a report currency. */
export const periodQuery = (filters: ReturnType<typeof useReportFilters>): Query => ({
  "filter[date_filter]": filters.query["filter[date_filter]"],
  "filter[date_between]": filters.query["filter[date_between]"],
});
