import { DATE_FILTERS, type DateFilter } from "@app/contracts";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { styleNonce } from "../app/csp";
import { useSession } from "../app/session";
import { currenciesQuery } from "./CurrencyPicker";
import type { FilterField } from "./DataTable/AdvancedSearch";
import { dateFilterRange } from "./DataTable/dateFilters";
import { type PrintDocument, printTable } from "./DataTable/print";
import { useFormat } from "./format";
import { isolate } from "./ltr";

export type Printable = Pick<PrintDocument, "title" | "headers" | "rows" | "footer" | "numeric" | "ltr" | "barcodeSvg"> & {
  lines?: string[];
  /** Documents (a purchase, a return) end with the shop's receipt footer. */
  withReceiptFooter?: boolean;
};

/**
 * Printing as every screen does it: the shop's name and receipt header, the title, what the rows
 * are (search, filters, period, currency), and who printed them and when on the business's clock.
 */
export function usePrint() {
  const { t, i18n } = useTranslation("table");
  const fmt = useFormat();
  const { me, systemConfig } = useSession();
  const currencies = useQuery(currenciesQuery);

  /** The lines that say what a list query covers. */
  const describe = (query: Record<string, unknown>, fields: FilterField[] = []): string[] => {
    const get = (k: string) => {
      const v = query[k] ?? query[`filter[${k}]`];
      return v === undefined || v === null || v === "" ? undefined : String(v);
    };
    const out: string[] = [];
    // What was typed keeps its own order after a right-to-left label ("Zagros Trading Co.").
    const typed = (v: string) => (fmt.rtl ? isolate(v) : v);
    const search = get("search");
    if (search) out.push(`${t("searchLabel")}: ${typed(search)}`);
    const preset = get("date_filter");
    const between = get("date_between");
    if (preset && (DATE_FILTERS as readonly string[]).includes(preset)) {
      const [from, to] =
        preset === "DATE_PERIOD" ? (between ?? ",").split(",") : dateFilterRange(preset as Exclude<DateFilter, "DATE_PERIOD">);
      out.push(`${t("period")}: ${t(`dateFilters.${preset}`)} (${fmt.date(from)} – ${fmt.date(to)})`);
    } else if (between) {
      const [from, to] = between.split(",");
      out.push(`${t("period")}: ${fmt.date(from)} – ${fmt.date(to)}`);
    }
    const amount = get("amount_between");
    if (amount) {
      const [min, max] = amount.split(",");
      out.push(`${t("amountRange")}: ${fmt.amount(min) || "…"} – ${fmt.amount(max) || "…"}`);
    }
    for (const f of fields) {
      const v = get(f.key);
      if (v === undefined) continue;
      const option = f.options?.find((o) => o.value === v);
      out.push(`${t(f.label)}: ${option ? t(option.label) : typed(v)}`);
    }
    const currency = get("currency_id");
    if (currency) {
      const name = currencies.data?.find((c) => String(c.currency_id) === currency)?.currency_name ?? currency;
      out.push(`${t("common:currency.currency")}: ${name}`);
    }
    return out;
  };

  /** The page a print writes, with who prints it now. */
  const documentOf = ({ withReceiptFooter, ...doc }: Printable): PrintDocument => ({
    ...doc,
    receiptFooter: withReceiptFooter ? (systemConfig.receipt_footer ?? undefined) : undefined,
    dir: fmt.rtl ? "rtl" : "ltr",
    lang: i18n.language,
    shop: systemConfig.shop_name,
    receiptHeader: systemConfig.receipt_header ?? undefined,
    nonce: styleNonce,
    printed: t("printedBy", {
      user: fmt.rtl ? isolate(me.user_full_name || me.user_name) : me.user_full_name || me.user_name,
      at: fmt.dateTime(new Date()),
    }),
  });
  const print = (doc: Printable) => printTable(documentOf(doc));

  return { print, describe, documentOf };
}
