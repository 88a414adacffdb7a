import { queryOptions } from "@tanstack/react-query";
import { api } from "../../shared/api/client";
import type { PriceStep } from "../../shared/api/sales";
import type { DataBody } from "../../shared/api/types";

export const QUOTATIONS = "quotations";

/** Screen paths (SPEC §2 `/sales/sale-quotations`): the route shapes, with 0 for "none". */
export const QUOTATION_PATHS = {
  list: "/sales/sale-quotations",
  upsert: (id: number | string = 0, isUpdate: 0 | 1 = 0, from: number | string = 0, newTab: 0 | 1 = 0) =>
    `/sales/sale-quotations/upsert/${id}/${isUpdate}/${from}/${newTab}`,
  view: (id: number | string, newTab: 0 | 1 = 0) => `/sales/sale-quotations/view/${id}/${newTab}`,
};

export type QuotationState = "open" | "converted" | "expired";

export interface QuotationRow {
  id: number;
  number: string | null;
  date: string;
  valid_until: string;
  consumer_name: string;
  inventory_name: string;
  currency_id: number;
  currency_name: string;
  total: string;
  status: "open" | "converted";
  shown_status: QuotationState;
  sale_id: number | null;
  created_by_name: string | null;
}

/** A step of the price function, as the sale screens show it. */
export type { PriceStep } from "../../shared/api/sales";

export interface QuotationLine {
  line_id: number;
  item_fk: number;
  item_name: string;
  unit_fk: number;
  unit_name: string;
  unit_base_qty: string;
  /** The item's unit the line uses, to price it again. */
  item_unit_id: number | null;
  quantity: string;
  free_quantity: string;
  unit_price: string;
  discount_type: "amount" | "percent" | null;
  discount: string;
  discount_amount: string;
  tax_amount: string;
  line_total: string;
  promotion_title: string | null;
  steps: PriceStep[];
  description: string | null;
}

export interface QuotationRecord extends QuotationRow {
  consumer_fk: number;
  customer_mobile: string | null;
  inventory_fk: number;
  rate: string;
  discount_type: "item" | "invoice";
  invoice_discount_type: "amount" | "percent";
  invoice_discount: string;
  subtotal: string;
  discount_amount: string;
  tax_amount: string;
  sale_fk: number | null;
  note: string | null;
  lines: QuotationLine[];
}

export const quotationQuery = (id: number) =>
  queryOptions({
    queryKey: [QUOTATIONS, "show", id],
    queryFn: async () => (await api<DataBody<QuotationRecord>>(`${QUOTATIONS}/${id}`)).data,
    enabled: id > 0,
  });
