import { DASHBOARD_CURRENCIES, DASHBOARD_MAX_DAYS, type DashboardCurrency, daysCounted } from "@app/contracts";
import type { Dayjs } from "dayjs";
import { businessNow } from "../../shared/businessTime";

/** The dashboard's period presets, in the order the screen offers them. */
export const DASHBOARD_PERIODS = ["today", "yesterday", "this_week", "this_month", "last_month", "this_year", "custom"] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/**
 * The first day of the week: Saturday (dayjs's 6), as the date pickers' calendars start it
 * (app/DatesByLanguage.tsx, app/dateLocales.ts) and as the working week runs in Iraq.
 */
export const WEEK_START_DAY = 6;

const DAY = "YYYY-MM-DD";

/**
 * The days a preset covers, counted on the business's clock (`businessNow`), as two YYYY-MM-DD
 * days. The running periods (this week, month, year) end today, not at their calendar end: the
 * server compares a period with as many days just before it, so a month so far is set against
 * the same number of days, and the chart by day holds no days still to come.
 */
export function presetRange(period: Exclude<DashboardPeriod, "custom">, now: Dayjs = businessNow()): [string, string] {
  const today = now.startOf("day");
  switch (period) {
    case "today":
      return [today.format(DAY), today.format(DAY)];
    case "yesterday": {
      const y = today.subtract(1, "day");
      return [y.format(DAY), y.format(DAY)];
    }
    case "this_week": {
      const back = (today.day() - WEEK_START_DAY + 7) % 7;
      return [today.subtract(back, "day").format(DAY), today.format(DAY)];
    }
    case "this_month":
      return [today.startOf("month").format(DAY), today.format(DAY)];
    case "last_month": {
      const m = today.startOf("month").subtract(1, "month");
      return [m.format(DAY), m.endOf("month").format(DAY)];
    }
    case "this_year":
      return [today.startOf("year").format(DAY), today.format(DAY)];
  }
}

/** The dashboard's filters as the address keeps them. */
export interface DashboardFilters {
  period: DashboardPeriod;
  /** A custom period's days (YYYY-MM-DD), or "" while not chosen. */
  from: string;
  to: string;
  outlet: number | null;
  inventory: number | null;
  currency: DashboardCurrency;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const idOf = (v: string | null) => (v && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null);

/** Reads the filters from the address; anything unknown falls back to today, all outlets and inventories, the system currency. */
export function readDashboardFilters(p: URLSearchParams): DashboardFilters {
  const period = p.get("period");
  const currency = p.get("currency");
  const day = (k: string) => {
    const v = p.get(k) ?? "";
    return DAY_RE.test(v) ? v : "";
  };
  return {
    period: (DASHBOARD_PERIODS as readonly string[]).includes(period ?? "") ? (period as DashboardPeriod) : "today",
    from: day("from"),
    to: day("to"),
    outlet: idOf(p.get("outlet")),
    inventory: idOf(p.get("inventory")),
    currency: (DASHBOARD_CURRENCIES as readonly string[]).includes(currency ?? "") ? (currency as DashboardCurrency) : "system",
  };
}

/** Writes the filters into the address's params (the defaults are left out, so a plain /dashboard is today's). */
export function writeDashboardFilters(p: URLSearchParams, f: DashboardFilters): void {
  const setOrDrop = (k: string, v: string | number | null, fallback?: string) => {
    if (v === null || v === "" || v === fallback) p.delete(k);
    else p.set(k, String(v));
  };
  setOrDrop("period", f.period, "today");
  setOrDrop("from", f.period === "custom" ? f.from : "");
  setOrDrop("to", f.period === "custom" ? f.to : "");
  setOrDrop("outlet", f.outlet);
  setOrDrop("inventory", f.inventory);
  setOrDrop("currency", f.currency, "system");
}

/** What is wrong with a custom period's days, if anything: its end before its start, or longer than the server answers for. */
export function customRangeProblem(f: DashboardFilters): "endBeforeStart" | "tooLong" | null {
  if (f.period !== "custom" || !f.from || !f.to) return null;
  if (f.to < f.from) return "endBeforeStart";
  return daysCounted(f.from, f.to) > DASHBOARD_MAX_DAYS ? "tooLong" : null;
}

/**
 * The days the filters ask for, or null while a custom period is not yet whole, ends before it
 * starts or is longer than the server answers for (nothing is asked then).
 */
export function rangeOf(f: DashboardFilters, now: Dayjs = businessNow()): [string, string] | null {
  if (f.period !== "custom") return presetRange(f.period, now);
  if (!f.from || !f.to || customRangeProblem(f)) return null;
  return [f.from, f.to];
}
