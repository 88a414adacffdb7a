/**
 * Records the product seeds itself. Their stored names are English; the web shows them in the
 * user's language for as long as a record still carries its seeded name (a renamed record shows
 * the name it was given).
 */

export type AccountType = "asset" | "liability" | "equity" | "income" | "expense";

export interface SystemAccount {
  code: string;
  /** The seeded (English) name. */
  name: string;
  type: AccountType;
  key: string;
  /** The parent's `key`. */
  parent?: string;
  group?: boolean;
}

/** The chart-of-accounts skeleton (DESIGN §4); documents find their accounts by `system_key`. */
export const SYSTEM_ACCOUNTS = [
  { code: "1", name: "Assets", type: "asset", key: "assets", group: true },
  { code: "11", name: "Cash and Banks", type: "asset", key: "cash_and_banks", parent: "assets", group: true },
  { code: "1101", name: "Main Cash", type: "asset", key: "main_cash", parent: "cash_and_banks" },
  { code: "12", name: "Accounts Receivable", type: "asset", key: "receivables", parent: "assets", group: true },
  { code: "13", name: "Inventory", type: "asset", key: "inventory", parent: "assets" },
  { code: "2", name: "Liabilities", type: "liability", key: "liabilities", group: true },
  { code: "21", name: "Accounts Payable", type: "liability", key: "payables", parent: "liabilities", group: true },
  { code: "22", name: "Salesmen Payable", type: "liability", key: "salesmen_payable", parent: "liabilities", group: true },
  { code: "23", name: "Sales Tax Payable", type: "liability", key: "sales_tax", parent: "liabilities" },
  { code: "3", name: "Equity", type: "equity", key: "equity", group: true },
  { code: "31", name: "Opening Balance Equity", type: "equity", key: "opening_equity", parent: "equity" },
  { code: "4", name: "Income", type: "income", key: "income", group: true },
  { code: "41", name: "Sales", type: "income", key: "sales", parent: "income" },
  { code: "42", name: "Sales Returns", type: "income", key: "sales_returns", parent: "income" },
  { code: "43", name: "Sales Discounts", type: "income", key: "discounts", parent: "income" },
  { code: "44", name: "Other Incomes", type: "income", key: "incomes", parent: "income", group: true },
  { code: "45", name: "Exchange Differences", type: "income", key: "exchange_diff", parent: "income" },
  { code: "46", name: "Stock Gains", type: "income", key: "stock_gains", parent: "income" },
  { code: "5", name: "Expenses", type: "expense", key: "expenses_root", group: true },
  { code: "51", name: "Cost of Goods Sold", type: "expense", key: "cogs", parent: "expenses_root" },
  { code: "52", name: "Operating Expenses", type: "expense", key: "expenses", parent: "expenses_root", group: true },
  { code: "53", name: "Stock Losses", type: "expense", key: "stock_losses", parent: "expenses_root" },
  { code: "54", name: "Cash Over and Short", type: "expense", key: "cash_over_short", parent: "expenses_root" },
  { code: "55", name: "Salesman Commissions", type: "expense", key: "commissions", parent: "expenses_root" },
] as const satisfies readonly SystemAccount[];

export type SystemAccountKey = (typeof SYSTEM_ACCOUNTS)[number]["key"];

/** The seeded English name of each system account, by `system_key`. */
export const SYSTEM_ACCOUNT_NAMES: Readonly<Record<SystemAccountKey, string>> = Object.fromEntries(
  SYSTEM_ACCOUNTS.map((a) => [a.key, a.name]),
) as Record<SystemAccountKey, string>;

export const isSystemAccountKey = (key: unknown): key is SystemAccountKey =>
  typeof key === "string" && Object.hasOwn(SYSTEM_ACCOUNT_NAMES, key);

/** The first outlet and inventory. */
export const SEEDED_OUTLET_NAME = "Main Outlet";
export const SEEDED_INVENTORY_NAME = "Main Inventory";

/** The walk-in customer every sale without a named customer goes to (migration 0002). */
export const SEEDED_WALKIN_CUSTOMER_NAME = "Walk-in Customer";

/** The basic units. */
export const BASIC_UNITS = [
  "Piece",
  "Box",
  "Packet",
  "Carton",
  "Dozen",
  "Kg",
  "Gram",
  "Liter",
  "Meter",
  "Bottle",
  "Strip",
  "Tablet",
] as const;
export type BasicUnit = (typeof BASIC_UNITS)[number];

/**
 * The basic units as the Arabic and Kurdish screens name them (the web's `seeded:units`), so a
 * sheet typed in those languages finds them (the web checks both lists agree).
 */
export const BASIC_UNIT_LABELS: Record<"ar" | "ckb", Record<BasicUnit, string>> = {
  ar: {
    Piece: "قطعة",
    Box: "علبة",
    Packet: "باكيت",
    Carton: "كارتون",
    Dozen: "درزن",
    Kg: "كغم",
    Gram: "غرام",
    Liter: "لتر",
    Meter: "متر",
    Bottle: "قنينة",
    Strip: "شريط",
    Tablet: "حبة",
  },
  ckb: {
    Piece: "دانە",
    Box: "قوتوو",
    Packet: "پاکەت",
    Carton: "کارتۆن",
    Dozen: "دەرزەن",
    Kg: "کگم",
    Gram: "گرام",
    Liter: "لیتر",
    Meter: "مەتر",
    Bottle: "بوتڵ",
    Strip: "شریت",
    Tablet: "حەب",
  },
};
