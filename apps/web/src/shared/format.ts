import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import dayjs from "dayjs";
import Decimal from "decimal.js";
import { useContext } from "react";
import { useTranslation } from "react-i18next";
import { isRtl } from "../app/i18n";
import { FALLBACK_CONFIG, SessionContext } from "../app/session/session.queries";
import { formatAmount, iqdDecimalsShown, MAX_AMOUNT_DECIMALS, setIqdDecimals } from "./amount";
import { businessNow } from "./businessTime";

export { formatAmount, iqdDecimalsShown, setIqdDecimals };

/**
 * The business's wall-clock reading of a value. An instant (a `Date`, or text with `Z` or an
 * offset, as `created_at` comes) is read on the business's clock (`system_config.time_zone`),
 * whatever zone the browser is in; a wall-clock text (`2026-11-05 10:00:00`, as documents' dates
 * come) is already that clock's and stays as written.
 */
export function onBusinessClock(value: string | Date): dayjs.Dayjs {
  if (value instanceof Date) return businessNow(value);
  if (/\d[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/i.test(value)) {
    const at = new Date(value);
    if (!Number.isNaN(at.getTime())) return businessNow(at);
  }
  return dayjs(value);
}

/** A currency as the server names it: its id (IQD 1, USD 2), or its name or symbol ("USD"). */
export type CurrencyRef = number | string | null | undefined;

function currencyIdOf(currency: CurrencyRef): number | undefined {
  if (typeof currency === "number") return currency;
  if (currency === null || currency === undefined || currency === "") return undefined;
  if (/^\d+$/.test(currency)) return Number(currency);
  const name = currency.trim().toUpperCase();
  return name === "USD" || name === "$" ? CURRENCY_USD : name === "IQD" ? CURRENCY_IQD : undefined;
}

/**
 * An amount in a named currency: US dollars always with their two cents ("1,250.50"), dinars
 * rounded half up to the system setting "IQD decimals shown" (0 unless set: "1,004,501"; set to 3,
 * "1,004,501.215"), trailing zeros dropped. A currency not known shows as any amount (up to 3
 * decimals, SPEC §9). Display only: the figure itself is never changed.
 */
export function formatCurrencyAmount(value: string | number | null | undefined, currency: CurrencyRef): string {
  const id = currencyIdOf(currency);
  if (id !== CURRENCY_USD) return formatAmount(value, id === CURRENCY_IQD ? iqdDecimalsShown() : MAX_AMOUNT_DECIMALS);
  const s = formatAmount(value, 2);
  if (s === "") return s;
  const [int, frac = ""] = s.split(".");
  return `${int}.${frac.padEnd(2, "0")}`;
}

/**
 * A document's figure in its currency, as its form writes it: dinars to the "IQD decimals shown"
 * setting, any other currency with up to 3 decimals ("108 USD", "12.5 USD").
 */
export function formatDocumentAmount(value: string | number | null | undefined, currency: CurrencyRef): string {
  return formatAmount(value, currencyIdOf(currency) === CURRENCY_IQD ? iqdDecimalsShown() : MAX_AMOUNT_DECIMALS);
}

/** The same, by its name where screens speak of money. */
export const formatMoney = formatCurrencyAmount;

/**
 * A decimal as plain digits without trailing zeros ("1310.0000" → "1310"), for inputs and for
 * values the server sends at a fixed scale; exact, never through floats. Not a number: as it came.
 */
export function plainDecimal(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  try {
    return new Decimal(value).toFixed();
  } catch {
    return String(value);
  }
}

/**
 * An amount without its sign, for a figure whose label already says which way it went: "Net loss
 * 44,465", never "Net loss -44,465".
 */
export const formatUnsigned = (value: string | number | null | undefined): string => formatAmount(value).replace(/^-/, "");

/** Rates are IQD per 1 USD with up to 4 decimals (the contract's rate scale). */
const RATE_DECIMALS = 4;
export const formatRate = (value: string | number | null | undefined) => formatAmount(value, RATE_DECIMALS);

export const formatPercent = (value: string | number | null | undefined) => {
  const s = formatAmount(value, 3);
  return s === "" ? "" : `${s}%`;
};

/**
 * The calendar day of a document. The server keeps a document's wall-clock date and time as
 * written, so the day is read as it is, never shifted into the browser's time zone.
 */
export const docDay = (v: string | null | undefined) => (v ? String(v).slice(0, 10) : "");

/**
 * How every screen, print and date field writes a day, in all three languages: DD/MM/YYYY, as
 * Iraq writes dates in Arabic and Kurdish too (SPEC §9's format). Right to left it reads the same,
 * day first: the numbers and their slashes keep their order in an Arabic line.
 */
export const DATE_FORMAT = "DD/MM/YYYY";

/** A day as `DATE_FORMAT`; what is no date shows as it came. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "";
  const d = onBusinessClock(value);
  return d.isValid() ? d.format(DATE_FORMAT) : String(value);
}

/** 12-hour time with the language's own morning/evening marks. */
export function formatTime(value: string | Date | null | undefined, marks: { am: string; pm: string }): string {
  if (!value) return "";
  const d = onBusinessClock(value);
  return d.isValid() ? `${d.format("hh:mm")} ${d.hour() < 12 ? marks.am : marks.pm}` : "";
}

export function formatDateTime(value: string | Date | null | undefined, marks: { am: string; pm: string }): string {
  if (!value) return "";
  const d = onBusinessClock(value);
  return d.isValid() ? `${formatDate(value)} ${formatTime(value, marks)}` : String(value);
}

/**
 * How a value shows (a DataTable column's `format`). "amount" is a plain figure (a quantity, a
 * count: up to 3 decimals); "money" is money in the system currency (`system_config.currency_fk`:
 * stock values, costs, commissions, book values), as `formatMoney` writes it, dinars to the "IQD
 * decimals shown" setting. Money in a row's own currency is an "amount" column with `currency`.
 */
export type ValueFormat = "text" | "amount" | "money" | "rate" | "percent" | "date" | "datetime" | "time";

/**
 * Formatters bound to the current language and the system currency. Money is never written with
 * `amount`: in a known currency it is `money(v, currency)` (or `docAmount` for a document's own
 * figures), in the system currency `sysMoney(v)` (the DataTable format "money"); `amount` is for
 * quantities and counts. Display only: what is stored, sent and exported keeps its exact value.
 */
export function useFormat() {
  const { t, i18n } = useTranslation("common");
  const rtl = isRtl(i18n.language);
  const marks = { am: t("time.am"), pm: t("time.pm") };
  // Outside a signed-in route (no settings yet), the currency a screen works with meanwhile.
  const systemCurrency = useContext(SessionContext)?.systemConfig.currency_fk ?? FALLBACK_CONFIG.currency_fk;
  const sysMoney = (v: string | number | null | undefined) => formatCurrencyAmount(v, systemCurrency);
  return {
    rtl,
    amount: formatAmount,
    /** An amount in its currency: dollars with cents, dinars to the "IQD decimals shown" setting. */
    money: (v: string | number | null | undefined, currency: CurrencyRef) => formatCurrencyAmount(v, currency),
    /** Money in the system currency (stock values, costs, commissions, book values), as `money` writes it. */
    sysMoney,
    /** A document's figure in its currency: dinars to the setting, dollars as the document's form writes them. */
    docAmount: (v: string | number | null | undefined, currency: CurrencyRef) => formatDocumentAmount(v, currency),
    rate: formatRate,
    percent: formatPercent,
    date: (v: string | Date | null | undefined) => formatDate(v),
    time: (v: string | Date | null | undefined) => formatTime(v, marks),
    dateTime: (v: string | Date | null | undefined) => formatDateTime(v, marks),
    value(v: unknown, format: ValueFormat = "text"): string {
      if (v === null || v === undefined) return "";
      // Booleans read as words, on screen and in print.
      if (typeof v === "boolean") return v ? t("yes") : t("no");
      const s = typeof v === "string" || typeof v === "number" ? v : String(v);
      switch (format) {
        case "amount":
          return formatAmount(s);
        case "money":
          return sysMoney(s);
        case "rate":
          return formatRate(s);
        case "percent":
          return formatPercent(s);
        case "date":
          return formatDate(String(s));
        case "datetime":
          return formatDateTime(String(s), marks);
        case "time":
          return formatTime(String(s), marks);
        default:
          return String(s);
      }
    },
  };
}
