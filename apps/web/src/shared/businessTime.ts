import dayjs, { type Dayjs } from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The business's time zone, as the server announces it in `system_config` (`time_zone`). The
 * server reads documents' dates as wall-clock times there and counts its days, so every default
 * date the web fills in ("today", "now", "this year") is taken on that clock, not the browser's.
 */
let zone: string | undefined;

function valid(z: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: z });
    return true;
  } catch {
    return false;
  }
}

export function setBusinessTimeZone(z: string | undefined | null): void {
  zone = z && valid(z) ? z : undefined;
}

export function businessTimeZone(): string | undefined {
  return zone;
}

/**
 * Now on the business's wall clock, as a plain dayjs whose fields (year ... second) are that
 * clock's: calendar arithmetic (startOf, add, month) then works as on any local date.
 */
export function businessNow(at: Date = new Date()): Dayjs {
  if (!zone) return dayjs(at);
  return dayjs(dayjs(at).tz(zone).format("YYYY-MM-DDTHH:mm:ss"));
}

/** Today on the business's clock, `YYYY-MM-DD`. */
export const businessToday = (): string => businessNow().format("YYYY-MM-DD");
