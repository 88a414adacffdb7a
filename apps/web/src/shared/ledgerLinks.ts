import { LOG_GROUP } from "@app/contracts";

/** Who may open an account's general ledger: the trial balance's readers and the log readers (as the server checks). */
export const GENERAL_LEDGER_PERMISSION = ["financial_reports/trial_balance", LOG_GROUP] as const;

/**
 * The general ledger of an account, over the given period (the list protocol's
 * `filter[date_filter]` / `filter[date_between]`, as the reports keep them in the address).
 */
export function generalLedgerPath(accountId: number, period?: { dateFilter?: string; dateBetween?: string }): string {
  const q = new URLSearchParams();
  if (period?.dateFilter) q.set("filter[date_filter]", period.dateFilter);
  if (period?.dateFilter === "DATE_PERIOD" && period.dateBetween) q.set("filter[date_between]", period.dateBetween);
  const s = q.toString();
  return `/accounting/general-ledger/${accountId}${s ? `?${s}` : ""}`;
}

/** The screens that list each kind of document the journal names; a number opens the list searched for it. */
const SOURCE_SCREENS: Record<string, string> = {
  expenses: "/accounting/expenses",
  incomes: "/accounting/incomes",
  cash_transaction: "/accounting/transfer-transactions",
  customer_transaction: "/customers/transactions",
  supplier_transaction: "/suppliers/transactions",
  opening_balance: "/settings/opening-balance/accounting-opening-balance",
  exchange_revaluation: "/accounting/exchange-revaluations",
  sale: "/sales/sales",
  sale_return: "/sales/sales-returns",
  purchase: "/purchases/purchases",
  purchase_return: "/purchases/purchases-returns",
  item_transfer: "/warehouse/items-transfers",
  item_transfer_receive: "/warehouse/items-transfers",
  inventory_adjustment: "/warehouse/inventory-adjustment",
  asset_disposal: "/warehouse/destructed-assets",
  inventory_opening_balance: "/settings/opening-balance/inventory-opening-balance",
  sale_transfer: "/sales/sale-transfers",
  sale_transfer_in: "/sales/sale-transfers",
  sale_transfer_return: "/sales/sale-transfer-return",
  sale_transfer_return_in: "/sales/sale-transfer-return",
  pos_change: "/sales/pos-sales",
  closing_drawers: "/sales/closing-drawer",
};

/** Where a journal entry's document is shown, or undefined for a source without a screen. */
export function sourcePath(type: string | null | undefined, number?: string | null): string | undefined {
  const screen = type ? SOURCE_SCREENS[type] : undefined;
  if (!screen) return undefined;
  return number ? `${screen}?search=${encodeURIComponent(number)}` : screen;
}
