import type { SaleKind } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { DataBody } from "./types";

export const SALE_RETURNS = "sale_returns";

/** Screen paths (SPEC §2: `/sales/sales-returns`, returns under `sale-returns/...`), 0 for "none". */
export const PATHS = {
  list: "/sales/sales-returns",
  upsert: (id: number | string = 0, isUpdate: 0 | 1 = 0, from: number | string = 0, newTab: 0 | 1 = 0) =>
    `/sales/sale-returns/upsert/${id}/${isUpdate}/${from}/${newTab}`,
  view: (id: number | string, newTab: 0 | 1 = 0) => `/sales/sale-returns/view/${id}/${newTab}`,
};

/**
 * The screen of the sale a return came from and the permission that opens it (SPEC §2 routes): a
 * POS ticket's view, a salesman sale's or an invoice sale's.
 */
export function saleLink(kind: SaleKind | null, id: number | string): { to: string; permission: string } {
  if (kind === "pos") return { to: `/sales/pos-sales/view/${id}/0`, permission: "pos_sales/show##pos_admin_sales/show" };
  if (kind === "salesman") return { to: `/sales/salesman-sales/view/${id}/0`, permission: "salesman_sales/show" };
  return { to: `/sales/sales/view/${id}/0`, permission: "sales/show" };
}

export type ReceivedType = "Cash" | "On Account";

export interface SaleReturnRow {
  id: number;
  number: string | null;
  date: string;
  sale_id: number | null;
  sale_number: string | null;
  consumer_name: string;
  inventory_name: string;
  currency_id: number;
  currency_name: string;
  total: string;
  received_type: ReceivedType;
  account_name: string | null;
  status: string;
  is_closed: boolean;
  created_by_name: string | null;
}

export interface SaleReturnLineRecord {
  line_id: number;
  sale_line_fk: number | null;
  item_fk: number;
  item_name: string;
  unit_fk: number;
  unit_name: string;
  unit_base_qty: string;
  quantity: string;
  unit_price: string;
  revenue: string;
  discount_amount: string;
  tax_amount: string;
  line_total: string;
  cost: string;
  batch_no: string | null;
  expire_date: string | null;
}

export interface SaleReturnRecord {
  id: number;
  number: string | null;
  date: string;
  sale_fk: number | null;
  sale_number: string | null;
  sale_kind: SaleKind | null;
  consumer_fk: number;
  consumer_name: string;
  customer_mobile: string | null;
  inventory_fk: number;
  inventory_name: string;
  currency_id: number;
  currency_name: string;
  rate: string;
  received_type: ReceivedType;
  account_fk: number | null;
  account_name: string | null;
  account_system_key: string | null;
  subtotal: string;
  discount_amount: string;
  tax_amount: string;
  total: string;
  status: string;
  is_closed: boolean;
  note: string | null;
  created_by_name: string | null;
  lines: SaleReturnLineRecord[];
}

/** A sale as its return reads it, with what each line can still give back. */
export interface Returnable {
  sale: {
    id: number;
    number: string | null;
    consumer_fk: number;
    consumer_name: string;
    inventory_fk: number;
    currency_id: number;
    currency_name: string;
    rate: string;
    status: string;
    payment_type: ReceivedType;
    account_fk: number | null;
  };
  lines: {
    sale_line_id: number;
    item_fk: number;
    item_name: string;
    unit_fk: number;
    unit_name: string;
    unit_price: string;
    net_unit_price: string;
    batch_no: string | null;
    expire_date: string | null;
    sold: string;
    returned: string;
    returnable: string;
  }[];
}

export const saleReturnQuery = (id: number) =>
  queryOptions({
    queryKey: [SALE_RETURNS, "show", id],
    queryFn: async () => (await api<DataBody<SaleReturnRecord>>(`${SALE_RETURNS}/${id}`)).data,
    enabled: id > 0,
  });

export const returnableQuery = (saleId: number, except: number) =>
  queryOptions({
    queryKey: [SALE_RETURNS, "returnable", saleId, except],
    queryFn: async () =>
      (await api<DataBody<Returnable>>(`${SALE_RETURNS}/returnable/${saleId}`, { query: except ? { except } : {} })).data,
    enabled: saleId > 0,
  });
