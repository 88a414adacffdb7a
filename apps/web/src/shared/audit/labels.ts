import { useTranslation } from "react-i18next";
import { formatAmount } from "../amount";
import { useFormat } from "../format";
import { valueText } from "./diff";

/** The namespace whose `fields.*` label a module's records. */
const MODULE_NS: Record<string, string> = {
  sales: "salesdocs",
  salesman_sales: "salesdocs",
  pos_sales: "posadmin",
  closing_drawers: "posadmin",
  sale_returns: "salereturns",
  quotations: "quotations",
  sale_transfers: "saletransfers",
  sale_transfer_returns: "saletransfers",
  purchases: "purchases",
  purchase_returns: "purchases",
  purchase_orders: "purchaseorders",
  stock_transfers: "stock",
  inventory_adjustments: "warehousedocs",
  asset_disposals: "warehousedocs",
  customers: "parties",
  suppliers: "parties",
  customer_transactions: "accounting",
  supplier_transactions: "accounting",
  cash_transactions: "accounting",
  cashes: "accounting",
  expenses: "accounting",
  incomes: "accounting",
  users: "staff",
  roles: "roles",
};

/** A record's field under the name its screens label: a key and the name it shows. */
const ALIASES: Record<string, string[]> = {
  consumer_fk: ["customer", "supplier"],
  consumer_name: ["customer", "supplier"],
  consumer_id: ["customer", "supplier"],
  inventory_fk: ["inventory"],
  inventory_name: ["inventory"],
  inventory_id: ["inventory"],
  item_fk: ["item"],
  item_name: ["item"],
  item_id: ["item"],
  unit_fk: ["unit"],
  unit_name: ["unit"],
  unit_id: ["unit"],
  currency_id: ["currency"],
  currency_name: ["currency"],
  account_fk: ["account"],
  account_name: ["account"],
  created_by_name: ["created_by", "createdBy"],
  batch_no: ["batch_no", "batchNo"],
  expire_date: ["expire_date", "expireDate"],
};

const DECIMAL = /^-?\d{1,15}\.\d{1,6}$/;
/** A stored moment with its offset (created_at, updated_at), not a document's wall-clock date. */
const MOMENT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const camel = (s: string) => s.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const humanized = (s: string) => {
  const words = s.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The audit log's words: a module by its section's name, an action by its own name (or its
 * permission's), and a field by its module's label where one exists, else its name made readable.
 */
export function useAuditLabels() {
  const { t, i18n } = useTranslation("audit");
  const fmt = useFormat();
  const found = (keys: string[]) => keys.find((k) => i18n.exists(k));
  return {
    module: (m: string) => t(`permissions:sections.${m}`, { defaultValue: t(`modules.${m}`, { defaultValue: m }) }),
    action: (a: string) => t(`actions.${a}`, { defaultValue: t(`permissions:actions.${a}`, { defaultValue: humanized(a) }) }),
    field: (module: string, f: string) => {
      const names = [f, ...(ALIASES[f] ?? []), camel(f)];
      const ns = MODULE_NS[module];
      const key = found([
        ...(ns ? names.map((n) => `${ns}:fields.${n}`) : []),
        ...names.map((n) => `salesdocs:fields.${n}`),
        ...names.map((n) => `fields:${n}`),
        `audit:fields.${f}`,
      ]);
      return key ? String(t(key)) : humanized(f);
    },
    /**
     * A value as the screens write it: figures grouped (28,500), a moment with its offset on the
     * business's clock, yes or no; a document's own date and time as stored.
     */
    value: (v: unknown): string => {
      if (typeof v === "boolean") return t(v ? "common:yes" : "common:no");
      if (typeof v === "string" && DECIMAL.test(v)) return formatAmount(v);
      if (typeof v === "string" && MOMENT.test(v)) return fmt.dateTime(v.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00"));
      return valueText(v);
    },
    /** A child list's title: `lines` and the like. */
    list: (key: string) => t(`lists.${key}`, { defaultValue: humanized(key) }),
  };
}
