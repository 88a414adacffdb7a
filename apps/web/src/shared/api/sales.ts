import type { PricedLine, PriceStep } from "@app/contracts/price";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { DataBody, MessageBody } from "./types";

/** The two kinds of invoice sale the back office writes; POS tickets have their own screens. */
export type SaleKind = "sale" | "salesman";

export const ENDPOINTS: Record<SaleKind, string> = { sale: "sales", salesman: "salesman_sales" };
const BASES: Record<SaleKind, string> = { sale: "/sales/sales", salesman: "/sales/salesman-sales" };

/** Screen paths (SPEC §2 route shapes, 0 for "none"). */
export const pathsOf = (kind: SaleKind) => ({
  list: BASES[kind],
  upsert: (id: number | string = 0, isUpdate: 0 | 1 = 0, from: number | string = 0, newTab: 0 | 1 = 0) =>
    `${BASES[kind]}/upsert/${id}/${isUpdate}/${from}/${newTab}`,
  view: (id: number | string, newTab: 0 | 1 = 0) => `${BASES[kind]}/view/${id}/${newTab}`,
});

export interface SaleRow {
  id: number;
  number: string | null;
  date: string;
  consumer_name: string;
  salesman_name: string | null;
  inventory_name: string;
  currency_id: number;
  currency_name: string;
  total: string;
  paid_amount: string;
  remaining: string;
  payment_type: "Cash" | "On Account";
  payment_status: "paid" | "unpaid" | "partially_paid";
  status: "draft" | "complete";
  is_closed: boolean;
  commission: string;
  created_by_name: string | null;
}

/** A step of a line's price, as the contracts' price function (the server's) records it. */
export type { PriceStep };

export interface SaleLineRecord {
  line_id: number;
  item_fk: number;
  item_name: string;
  item_code: string | null;
  unit_fk: number;
  unit_name: string;
  unit_base_qty: string;
  quantity: string;
  free_quantity: string;
  sale_price: string;
  unit_price: string;
  discount_type: "amount" | "percent" | null;
  discount: string;
  discount_amount: string;
  promotion_title: string | null;
  tax_amount: string;
  line_total: string;
  batch_no: string | null;
  expire_date: string | null;
  description: string | null;
  steps: PriceStep[];
}

export interface SaleRecord extends SaleRow {
  kind: "sale" | "salesman" | "pos";
  consumer_fk: number;
  salesman_fk: number | null;
  inventory_fk: number;
  rate: string;
  discount_type: "item" | "invoice";
  invoice_discount_type: "amount" | "percent";
  invoice_discount: string;
  discount_amount: string;
  rounded_discount: string;
  tax_amount: string;
  gross: string;
  subtotal: string;
  received_amount: string | null;
  account_fk: number | null;
  account_name: string | null;
  cost_total: string;
  commission_base: string;
  customer_mobile: string | null;
  customer_address: string | null;
  note: string | null;
  lines: SaleLineRecord[];
  /** The balance is null to a user without customers/balance_view. */
  customer_credit: { limit: string | null; balance: string | null };
  warnings: string[];
}

export const saleQuery = (kind: SaleKind, id: number) =>
  queryOptions({
    queryKey: [ENDPOINTS[kind], "show", id],
    queryFn: async () => (await api<DataBody<SaleRecord>>(`${ENDPOINTS[kind]}/${id}`)).data,
    enabled: id > 0,
  });

export interface CustomerPick {
  consumer_id: number;
  consumer_name: string;
  code: string | null;
  mobile: string | null;
  is_default: boolean;
}

export const customersListQuery = queryOptions({
  queryKey: ["customers", "dropdown"],
  queryFn: async () => (await api<MessageBody<CustomerPick[]>>("customers/list")).message,
  staleTime: 60_000,
});

export interface CustomerInfo {
  consumer_id: number;
  consumer_name: string;
  mobile: string | null;
  address: string | null;
  /** The balance is null to a user without customers/balance_view. */
  customer_credit: { limit: string | null; balance: string | null };
  warnings: string[];
}

export const customerInfoQuery = (id: number) =>
  queryOptions({
    queryKey: ["sales", "customer_info", id],
    queryFn: async () => (await api<DataBody<CustomerInfo>>(`sales/customer_info/${id}`)).data,
    enabled: id > 0,
  });

export const salesmenQuery = queryOptions({
  queryKey: ["salesman_sales", "salesmen"],
  queryFn: async () =>
    (await api<MessageBody<{ user_id: number; name: string; commission_type: string | null }[]>>("salesman_sales/salesmen")).message,
  staleTime: 60_000,
});

/** A line as `POST pricing/quote` prices it, with the steps that say why. */
export interface QuotedLine extends PricedLine {
  item_unit_id: number;
  promotion_title: string | null;
  price_editable: boolean;
}

export interface Quote {
  gross: string;
  discount: string;
  invoice_discount: string;
  net: string;
  tax: string;
  total: string;
  lines: QuotedLine[];
}
