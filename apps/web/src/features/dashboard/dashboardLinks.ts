import type { PermissionRequirement } from "@app/contracts";
import { GENERAL_LEDGER_PERMISSION, generalLedgerPath } from "../../shared/ledgerLinks";

/** Where a figure of the dashboard comes from: the list or report that shows it, and who may open it. */
export interface FigureLink {
  to: string;
  permission: PermissionRequirement;
}

/** The part of the filters a list or report can take on: the period's days and the inventory. */
export interface LinkScope {
  from: string;
  to: string;
  inventory: number | null;
}

function path(base: string, params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `${base}?${s}` : base;
}

/** A list protocol's period (SPEC §7), as the lists and reports keep it in their address. */
const period = (s: LinkScope) => ({ "filter[date_filter]": "DATE_PERIOD", "filter[date_between]": `${s.from},${s.to}` });

/**
 * Each figure opens the screen it was counted from, on the same days (and inventory, where that
 * screen filters by one). A list has no outlet filter, so the outlet is not carried over; a row
 * of the chart by outlet opens the dashboard of that outlet instead.
 */
export const FIGURE_LINKS = {
  /** Net sales, the average ticket and the discounts: the sales report of the period. */
  salesReport: (s: LinkScope): FigureLink => ({
    to: path("/reports/sales", { ...period(s), inventory: s.inventory }),
    permission: "reports/sales",
  }),
  /** One day of the chart by day: the sales report of that day. */
  salesReportDay: (s: LinkScope, day: string): FigureLink => FIGURE_LINKS.salesReport({ ...s, from: day, to: day }),
  /** A customer's sales of the period. */
  customerSales: (s: LinkScope, customerId: number): FigureLink => ({
    to: path("/reports/sales", { ...period(s), customer: customerId, inventory: s.inventory }),
    permission: "reports/sales",
  }),
  /** The count of sales: the sales list of the period. */
  salesList: (s: LinkScope): FigureLink => ({
    to: path("/sales/sales", { ...period(s), "filter[inventory_id]": s.inventory }),
    permission: "sales/index",
  }),
  grossProfit: (s: LinkScope): FigureLink => ({
    to: path("/reports/items-profit", { ...period(s), inventory: s.inventory }),
    permission: "reports/items_profits",
  }),
  returns: (s: LinkScope): FigureLink => ({
    to: path("/sales/sales-returns", { ...period(s), "filter[inventory_id]": s.inventory }),
    permission: "sale_returns/index",
  }),
  item: (itemId: number): FigureLink => ({
    to: path("/warehouse/items", { "filter[item_id]": itemId }),
    permission: "items/index",
  }),
  /** A cash box's, bank's or drawer's ledger account. */
  cashAccount: (accountId: number): FigureLink => ({
    to: generalLedgerPath(accountId),
    permission: [...GENERAL_LEDGER_PERMISSION],
  }),
  /** The customers who owe something (the list's balance filter). */
  receivables: (): FigureLink => ({
    to: path("/customers/customers", { "filter[balance_sign]": "positive" }),
    permission: "customers/index",
  }),
  /** The suppliers the business owes. */
  payables: (): FigureLink => ({
    to: path("/suppliers/suppliers", { "filter[balance_sign]": "positive" }),
    permission: "suppliers/index",
  }),
  /** An inventory's stock on hand, valued. */
  inventoryStock: (inventoryId: number): FigureLink => ({
    to: path("/warehouse/warehouse", { "filter[inventory_id]": inventoryId }),
    permission: "stocks/index",
  }),
  /** The online orders waiting: the orders' board. */
  onlineOrders: (): FigureLink => ({ to: "/sales/online-orders", permission: "online_orders/show" }),
  /** A batch near its expiry: the expiry report, not yet expired, of that inventory, searched for the item. */
  nearExpiry: (inventoryId: number, itemName: string): FigureLink => ({
    to: path("/reports/expired-items", { "filter[is_expired]": "0", "filter[inventory_id]": inventoryId, search: itemName }),
    permission: "reports/expired_items",
  }),
};
