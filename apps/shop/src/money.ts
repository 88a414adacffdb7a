import type { Quote } from "./types";

/** Locale tags for figures: the language's grouping, with the Latin digits receipts use. */
const LOCALES: Record<string, string> = { en: "en-GB", ar: "ar-IQ-u-nu-latn", ckb: "ckb-IQ-u-nu-latn" };

/** An amount of the API (a decimal string) as the shop shows it: grouped, without trailing zeros. */
export function formatMoney(value: string | number | null | undefined, lang: string): string {
  if (value === null || value === undefined || value === "") return "";
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  return new Intl.NumberFormat(LOCALES[lang] ?? LOCALES.en, { maximumFractionDigits: 3 }).format(n);
}

export const formatQty = (value: string, lang: string) => formatMoney(value, lang);

/** What the cart shows of a quote: each line's figures and the totals, the discount only when there is one. */
export function quoteSummary(quote: Quote, lang: string) {
  return {
    lines: quote.lines.map((l) => ({
      key: `${l.item_id}:${l.unit_id}`,
      name: l.item_name,
      unit: l.unit_name,
      quantity: formatQty(l.quantity, lang),
      unitPrice: formatMoney(l.net_price, lang),
      total: formatMoney(l.line_total, lang),
      available: l.available,
      message: l.message,
    })),
    gross: formatMoney(quote.gross, lang),
    discount: Number(quote.discount_amount) > 0 ? formatMoney(quote.discount_amount, lang) : null,
    total: formatMoney(quote.total, lang),
    orderable: quote.orderable && quote.lines.every((l) => l.available),
  };
}
