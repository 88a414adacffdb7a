import { type DateFilter, dateFilterDays as filterDays } from "@app/contracts";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { type SQL, sql } from "drizzle-orm";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The business's time zone: documents' dates are wall-clock times there, accounting days and
 * months are its calendar days, and SPEC's date filters count its days. One setting for the
 * whole server (`TIME_ZONE`), set once at start.
 */
export const DEFAULT_TIME_ZONE = "Asia/Baghdad";

let current = DEFAULT_TIME_ZONE;

/** True for an IANA zone name the runtime knows (`Asia/Baghdad`, `UTC`, ...). */
export function isTimeZone(zone: string): boolean {
  if (!zone || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function setBusinessTimeZone(zone: string): void {
  if (!isTimeZone(zone)) throw new Error(`TIME_ZONE must be an IANA time zone such as Asia/Baghdad; "${zone}" is not one.`);
  current = zone;
}

export function businessTimeZone(): string {
  return current;
}

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A calendar day `YYYY-MM-DD` plus `n` days (pure calendar arithmetic, no zone). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The zone conversions, remembered by second and zone: a time-zone conversion is slow (it formats
 * through Intl), and a busy day converts the same few seconds many times over.
 */
const MEMO_MAX = 4096;
const wallTimes = new Map<string, string>();
const instants = new Map<string, number>();
function remember<T>(memo: Map<string, T>, key: string, make: () => T): T {
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const value = make();
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(key, value);
  return value;
}

/** The business day (`YYYY-MM-DD`) an instant falls on. */
export function businessDay(instant: Date, zone = current): string {
  const t = new Date(instant).getTime();
  if (!Number.isFinite(t)) return dayjs(instant).tz(zone).format("YYYY-MM-DD");
  return remember(wallTimes, `${zone}|d|${Math.floor(t / 1000)}`, () => dayjs(t).tz(zone).format("YYYY-MM-DD"));
}

/** `YYYY-MM-DD HH:mm:ss`: an instant as the wall-clock time of the business. */
export function businessDateTime(instant: Date, zone = current): string {
  const t = new Date(instant).getTime();
  if (!Number.isFinite(t)) return dayjs(instant).tz(zone).format("YYYY-MM-DD HH:mm:ss");
  return remember(wallTimes, `${zone}|${Math.floor(t / 1000)}`, () => dayjs(t).tz(zone).format("YYYY-MM-DD HH:mm:ss"));
}

function fieldsValid(y: number, mo: number, d: number, h: number, mi: number, s: number): boolean {
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    t.getUTCFullYear() === y &&
    t.getUTCMonth() === mo - 1 &&
    t.getUTCDate() === d &&
    t.getUTCHours() === h &&
    t.getUTCMinutes() === mi &&
    t.getUTCSeconds() === s
  );
}

/**
 * `YYYY-MM-DD`, `YYYY-MM-DD hh:mm` or `YYYY-MM-DD hh:mm:ss` read as wall-clock time in the
 * business's zone; undefined when it is not a real date and time.
 */
export function parseBusinessTime(text: string, zone = current): Date | undefined {
  const m = WALL_RE.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [h, mi, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (!fieldsValid(y, mo, d, h, mi, s)) return undefined;
  const pad = (n: number) => String(n).padStart(2, "0");
  const wall = `${m[1]}-${m[2]}-${m[3]} ${pad(h)}:${pad(mi)}:${pad(s)}`;
  return new Date(remember(instants, `${zone}|${wall}`, () => dayjs.tz(wall, zone).toDate().getTime()));
}

/** The first instant of a business day (its local midnight). */
export function startOfBusinessDay(day: string, zone = current): Date {
  if (!DAY_RE.test(day)) throw new Error(`not a day: ${day}`);
  const d = parseBusinessTime(day, zone);
  if (!d) throw new Error(`not a day: ${day}`);
  return d;
}

/** The last instant of a business day (the next local midnight less 1 ms). */
export function endOfBusinessDay(day: string, zone = current): Date {
  return new Date(startOfBusinessDay(addDays(day, 1), zone).getTime() - 1);
}

/**
 * A document's instant from its date `YYYY-MM-DD[ hh:mm[:ss]]` (or the date with a separate
 * `hh:mm[:ss]` time), read as wall-clock time in the business's zone; no date means today (the
 * business day of `now`) at that time, and neither date nor time means `now`.
 */
export function documentInstant(date: string | null | undefined, now: Date, time?: string | null, zone = current): Date | undefined {
  if (!date) {
    if (!time) return now;
    date = businessDay(now, zone);
  }
  const day = date.trim();
  const text = day.length > 10 ? day : time ? `${day} ${time.trim()}` : day;
  return parseBusinessTime(text, zone);
}

/** SPEC's date filters (other than DATE_PERIOD) as their first and last business day. */
export function dateFilterDays(filter: Exclude<DateFilter, "DATE_PERIOD">, now: Date, zone = current): [string, string] {
  return filterDays(filter, businessDay(now, zone));
}

/** SPEC's date filters as [start, end] instants (end inclusive); DATE_PERIOD has none (it takes filter[date_between]). */
export function dateFilterRange(filter: DateFilter, now: Date, zone = current): [Date, Date] | undefined {
  if (filter === "DATE_PERIOD") return undefined;
  const [a, b] = dateFilterDays(filter, now, zone);
  return [startOfBusinessDay(a, zone), endOfBusinessDay(b, zone)];
}

/**
 * `filter[date_between]`'s dates: `YYYY-MM-DD[ hh:mm[:ss]]` in the business's zone; an end day
 * without a time includes the whole day.
 */
export function parseRangeBound(text: string, end: boolean, zone = current): Date | undefined {
  const v = text.trim();
  const d = parseBusinessTime(v, zone);
  if (!d) return undefined;
  return end && DAY_RE.test(v) ? endOfBusinessDay(v, zone) : d;
}

/** A financial year's inclusive days as its `[start, end)` instants: local midnights. */
export function yearBounds(startDay: string, endDay: string, zone = current): { start: Date; end: Date } {
  return { start: startOfBusinessDay(startDay, zone), end: startOfBusinessDay(addDays(endDay, 1), zone) };
}

/** SQL: a timestamptz as the business's wall-clock `YYYY-MM-DD HH:mm:ss` text. */
export function sqlBusinessDateTime(expr: SQL): SQL {
  return sql`to_char(${expr} at time zone ${current}, 'YYYY-MM-DD HH24:MI:SS')`;
}

/** SQL: the business day (`YYYY-MM-DD` text) of a timestamptz. */
export function sqlBusinessDay(expr: SQL): SQL {
  return sql`to_char(${expr} at time zone ${current}, 'YYYY-MM-DD')`;
}

/** A stored row as the API shows it: its `date` instant as the business's wall-clock time. */
export function withBusinessDate<T extends { date?: Date | string | null }>(row: T): T;
export function withBusinessDate<T extends { date?: Date | string | null }>(row: T | undefined): T | undefined;
export function withBusinessDate<T extends { date?: Date | string | null }>(row: T | undefined): T | undefined {
  if (!row || row.date === null || row.date === undefined) return row;
  return { ...row, date: businessDateTime(new Date(row.date)) };
}
