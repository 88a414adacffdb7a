import { queryOptions } from "@tanstack/react-query";
import { api } from "../../shared/api/client";
import type { DataBody } from "../../shared/api/types";

export const CLOSING_DRAWERS = "closing_drawers";

/** A drawer a manager may close, with its receipts and returns not yet in a closing. */
export interface OpenDrawer {
  user_id: number;
  user_name: string;
  receipts: number;
  returns: number;
}
export const POS_REVIEWS = "pos_reviews";
/** Opening floats of the cashiers' drawers. */
export const DRAWER_FLOATS = "pos/drawer-floats";

/** An opening float: cash from the safe into a cashier's drawer; `closing_fk` is null while the drawer is open. */
export interface DrawerFloat {
  id: number;
  number: string;
  user_fk: number;
  user_name: string;
  currency_id: number;
  currency_name: string;
  amount: string;
  from_account_fk: number;
  from_account_name: string;
  account_fk: number;
  closing_fk: number | null;
  closing_number: string | null;
  note: string | null;
  created_by_name: string | null;
  created_at: string;
}
export const POS_SALES = "pos_sales";

/** Screen paths (SPEC §2), with 0 for "this tab". */
export const PATHS = {
  closings: "/sales/closing-drawer",
  closingView: (id: number | string, newTab: 0 | 1 = 0) => `/sales/closing-drawer/view/${id}/${newTab}`,
  reviews: "/sales/pos-reviews",
  sales: "/sales/pos-sales",
  saleView: (id: number | string, newTab: 0 | 1 = 0) => `/sales/pos-sales/view/${id}/${newTab}`,
  saleEdit: (id: number | string, newTab: 0 | 1 = 0) => `/sales/pos-sales/edit/${id}/${newTab}`,
};

export interface ClosingCash {
  currency_id: number;
  currency_name: string;
  account_fk: number | null;
  expected: string;
  counted: string;
  difference: string;
  rate: string;
  /** The opening floats of the closing in this currency (already in `expected`). */
  opening_float: string;
}

export interface ClosingRecord {
  id: number;
  number: string;
  code: string;
  user_fk: number;
  user_name: string;
  outlet_name: string | null;
  opened_at: string | null;
  closed_at: string;
  receipts_count: number;
  invoices_count: number;
  sales_total: string;
  discount_total: string;
  returns_total: string;
  difference_total: string;
  note: string | null;
  created_by_name: string | null;
  cash: ClosingCash[];
  floats: {
    id: number;
    number: string;
    currency_id: number;
    amount: string;
    from_account_name: string;
    note: string | null;
    created_at: string;
  }[];
}

export const closingQuery = (id: number) =>
  queryOptions({
    queryKey: [CLOSING_DRAWERS, id],
    queryFn: () => api<DataBody<ClosingRecord>>(`${CLOSING_DRAWERS}/${id}`).then((r) => r.data),
    enabled: id > 0,
  });

export interface ReviewRecord {
  id: number;
  idempotency_key: string;
  user_name: string;
  body: {
    client_created_at?: string;
    lines?: unknown[];
    payments?: { method: string; currency_id: number; amount: string }[];
    note?: string | null;
  };
  reason: string;
  errors: Record<string, string[]> | null;
  status: "open" | "booked" | "dismissed";
  sale_fk: number | null;
  resolution_note: string | null;
  resolved_by_name: string | null;
  resolved_at: string | null;
  created_at: string;
  /** When the till made the sale (its clock), and what it sold, named now. */
  made_at: string | null;
  customer_name: string | null;
  lines: {
    item_fk: number | null;
    item_name: string | null;
    unit_fk: number | null;
    unit_name: string | null;
    quantity: string | null;
    unit_price: string | null;
    discount_type: "amount" | "percent" | null;
    discount: string | null;
  }[];
}

export const reviewQuery = (id: number) =>
  queryOptions({
    queryKey: [POS_REVIEWS, id],
    queryFn: () => api<DataBody<ReviewRecord>>(`${POS_REVIEWS}/${id}`).then((r) => r.data),
    enabled: id > 0,
  });

export interface PosSaleRecord {
  id: number;
  number: string | null;
  date: string;
  consumer_fk: number;
  consumer_name: string;
  inventory_name: string;
  currency_name: string;
  total: string;
  total_iqd: string;
  total_usd: string;
  discount_amount: string;
  tax_amount: string;
  paid_amount: string;
  /** What the customer handed over, in the sale's currency (cash above the bill and the change included). */
  received_amount: string | null;
  remaining: string;
  payment_type: string;
  note: string | null;
  cashier: { user_id: number; user_name: string };
  change: { currency_id: number; amount: string; exact: string; amount_iqd: string };
  offline: boolean;
  closing_fk: number | null;
  lines: {
    line_id: number;
    item_name: string;
    unit_name: string;
    quantity: string;
    unit_price: string;
    discount_amount: string;
    line_total: string;
    returned_quantity: string;
    promotion_title: string | null;
  }[];
  payments: { payment_id: number; method: string; currency_id: number; amount: string; account_name: string }[];
}

export const posSaleQuery = (id: number) =>
  queryOptions({
    queryKey: [POS_SALES, id],
    queryFn: () => api<DataBody<PosSaleRecord>>(`${POS_SALES}/${id}`).then((r) => r.data),
    enabled: id > 0,
  });

export const currencyCode = (id: number) => (id === 2 ? "USD" : "IQD");
