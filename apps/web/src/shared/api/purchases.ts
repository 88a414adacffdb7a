import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { DataBody, MessageBody } from "./types";

export const PURCHASES = "purchases";
export const PURCHASE_RETURNS = "purchase_returns";

/** Screen paths (SPEC §2): the route shapes, with 0 for "none". */
export const PATHS = {
  list: "/purchases/purchases",
  upsert: (id: number | string = 0, isUpdate: 0 | 1 = 0, from: number | string = 0, newTab: 0 | 1 = 0) =>
    `/purchases/purchases/upsert/${id}/${isUpdate}/${from}/${newTab}`,
  view: (id: number | string, newTab: 0 | 1 = 0) => `/purchases/purchases/view/${id}/${newTab}`,
  applyCost: (id: number | string, newTab: 0 | 1 = 0) => `/purchases/purchases/apply-cost/${id}/${newTab}`,
  salePrices: (id: number | string, newTab: 0 | 1 = 0) => `/purchases/purchases/modify-sales-price/${id}/${newTab}`,
  returns: "/purchases/purchases-returns",
  returnUpsert: (id: number | string = 0, isUpdate: 0 | 1 = 0, from: number | string = 0, newTab: 0 | 1 = 0) =>
    `/purchases/purchase-return/upsert/${id}/${isUpdate}/${from}/${newTab}`,
  returnView: (id: number | string, newTab: 0 | 1 = 0) => `/purchases/purchase-return/view/${id}/${newTab}`,
};

export interface PurchaseRow {
  id: number;
  number: string | null;
  date: string;
  consumer_name: string;
  reference_no: string | null;
  inventory_name: string;
  currency_id: number;
  currency_name: string;
  total: string;
  paid_amount: string;
  payment_type: string;
  payment_status: "paid" | "unpaid" | "partially_paid";
  status: "draft" | "complete";
  is_closed: boolean;
  costs_applied: boolean;
  created_by_name: string | null;
}

export interface PurchaseLineRecord {
  line_id: number;
  item_fk: number;
  item_name: string;
  has_expire: boolean;
  unit_fk: number;
  unit_name: string;
  unit_base_qty: string;
  quantity: string;
  bonus: string;
  unit_price: string;
  line_total: string;
  batch_no: string | null;
  expire_date: string | null;
  description: string | null;
  unit_cost: string;
  returned_quantity: string;
  returned_bonus: string;
}

export interface PurchaseChargeRecord {
  charge_id: number;
  kind: "transport" | "other";
  /** None for a charge paid in cash without a supplier. */
  consumer_fk: number | null;
  consumer_name: string | null;
  payment_type: "Cash" | "On Account";
  account_fk: number | null;
  account_name: string | null;
  account_system_key: string | null;
  currency_id: number;
  currency_name: string;
  rate: string;
  amount: string;
  note: string | null;
}

export interface PurchaseRecord extends Omit<PurchaseRow, "consumer_name"> {
  consumer_fk: number;
  consumer_name: string;
  inventory_fk: number;
  rate: string;
  account_fk: number | null;
  account_name: string | null;
  account_system_key: string | null;
  discount_type: "amount" | "percent";
  discount: string;
  discount_amount: string;
  subtotal: string;
  note: string | null;
  lines: PurchaseLineRecord[];
  charges: PurchaseChargeRecord[];
  /** The purchase order this purchase receives against, if any. */
  order_fk: number | null;
}

export interface PurchaseReturnRecord {
  id: number;
  number: string | null;
  date: string;
  purchase_fk: number | null;
  purchase_number: string | null;
  consumer_fk: number;
  consumer_name: string;
  reference_no: string | null;
  inventory_fk: number;
  inventory_name: string;
  currency_id: number;
  currency_name: string;
  rate: string;
  payment_type: "Cash" | "On Account";
  account_fk: number | null;
  account_name: string | null;
  account_system_key: string | null;
  total: string;
  status: string;
  is_closed: boolean;
  note: string | null;
  created_by_name: string | null;
  lines: (Omit<PurchaseLineRecord, "description" | "unit_cost" | "returned_quantity" | "returned_bonus" | "has_expire"> & {
    purchase_line_fk: number | null;
  })[];
}

export const purchaseQuery = (id: number) =>
  queryOptions({
    queryKey: [PURCHASES, "show", id],
    queryFn: async () => (await api<DataBody<PurchaseRecord>>(`${PURCHASES}/${id}`)).data,
    enabled: id > 0,
  });

export const purchaseReturnQuery = (id: number) =>
  queryOptions({
    queryKey: [PURCHASE_RETURNS, "show", id],
    queryFn: async () => (await api<DataBody<PurchaseReturnRecord>>(`${PURCHASE_RETURNS}/${id}`)).data,
    enabled: id > 0,
  });

export interface Supplier {
  consumer_id: number;
  consumer_name: string;
}

export const suppliersListQuery = queryOptions({
  queryKey: ["suppliers", "dropdown"],
  queryFn: async () => (await api<MessageBody<Supplier[]>>("suppliers/list")).message,
  staleTime: 60_000,
});

export interface CostLine {
  line_id: number;
  item_name: string;
  unit_name: string;
  quantity: string;
  bonus: string;
  value: string;
  share: string;
  unit_cost: string;
  new_unit_cost: string;
}

export interface CostPlan {
  id: number;
  number: string | null;
  status: string;
  costs_applied: boolean;
  currency_id: number;
  charges_value: string;
  lines: CostLine[];
}

export const applyCostQuery = (id: number) =>
  queryOptions({
    queryKey: [PURCHASES, "apply_cost", id],
    queryFn: async () => (await api<DataBody<CostPlan>>(`${PURCHASES}/${id}/apply_cost`)).data,
  });

export interface PriceUnit {
  item_unit_id: number;
  unit_id: number;
  unit_name: string;
  quantity: string;
  price: string;
  is_base: boolean;
  is_default: boolean;
}

export interface PriceLine {
  line_id: number;
  item_id: number;
  item_name: string;
  unit_name: string;
  unit_cost: string;
  line_unit_cost: string;
  net_price: string;
  last_sale_price: string;
  units: PriceUnit[];
}

export const salePricesQuery = (id: number) =>
  queryOptions({
    queryKey: [PURCHASES, "sale_prices", id],
    queryFn: async () =>
      (
        await api<DataBody<{ id: number; number: string | null; currency_id: number; lines: PriceLine[] }>>(
          `${PURCHASES}/${id}/sale_prices`,
        )
      ).data,
  });

/** An item of the item picker (`items/list`): its units with base quantities and prices. */
export interface PickItem {
  item_id: number;
  item_name: string;
  item_code: string | null;
  has_expire: boolean;
  default_unit: number | null;
  item_units: {
    item_unit_id: number;
    unit_fk: number;
    unit_name: string;
    quantity: string;
    price: string;
    is_base: boolean;
    is_default: boolean;
  }[];
}
