import type { DateFilter } from "@app/contracts";
import type { Dayjs } from "dayjs";
import { businessNow } from "../businessTime";

const quarterStart = (d: Dayjs) => d.month(Math.floor(d.month() / 3) * 3).startOf("month");

/** The range a named date filter covers (SPEC §3), as YYYY-MM-DD; DATE_PERIOD is chosen by hand. */
export function dateFilterRange(filter: Exclude<DateFilter, "DATE_PERIOD">, now: Dayjs = businessNow()): [string, string] {
  const f = (d: Dayjs) => d.format("YYYY-MM-DD");
  switch (filter) {
    case "TODAY":
      return [f(now), f(now)];
    case "THIS_MONTH":
      return [f(now.startOf("month")), f(now.endOf("month"))];
    case "LAST_MONTH": {
      const m = now.subtract(1, "month");
      return [f(m.startOf("month")), f(m.endOf("month"))];
    }
    case "THIS_QUARTER": {
      const s = quarterStart(now);
      return [f(s), f(s.add(2, "month").endOf("month"))];
    }
    case "LAST_QUARTER": {
      const s = quarterStart(now).subtract(3, "month");
      return [f(s), f(s.add(2, "month").endOf("month"))];
    }
    case "THIS_YEAR":
      return [f(now.startOf("year")), f(now.endOf("year"))];
    case "LAST_YEAR": {
      const y = now.subtract(1, "year");
      return [f(y.startOf("year")), f(y.endOf("year"))];
    }
  }
}
