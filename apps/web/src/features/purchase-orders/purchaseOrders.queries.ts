import type { PurchaseOrderStatus, ReceiveStatus } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../shared/api/client";
import type { DataBody } from "../../shared/api/types";

export const PURCHASE_ORDERS = "purchase_orders";

/** Screen paths, shaped as the purchases' (SPEC §2): 0 for "none". */
export const ORDER_PATHS = {
  list: "/purchases/purchase-orders",
  upsert: (id: number | string = 0, isUpdate: 0 | 1 = 0, from: number | string = 0, newTab: 0 | 1 = 0) =>
    `/purchases/purchase-orders/upsert/${id}/${isUpdate}/${from}/${newTab}`,
  view: (id: number | string, newTab: 0 | 1 = 0) => `/purchases/purchase-orders/view/${id}/${newTab}`,
  receive: (id: number | string, newTab: 0 | 1 = 0) => `/purchases/purchase-orders/receive/${id}/${newTab}`,
  suggestions: "/purchases/reorder-suggestions",
  /** A receipt is a purchase: the purchases' own view. */
  purchase: (id: number) => `/purchases/purchases/view/${id}/0`,
};

export interface PurchaseOrderRow {
  id: number;
  number: string | null;
  date: string;
  expected_date: string | null;
  consumer_name: string;
  reference_no: string | null;
  inventory_name: string;
  currency_id: number;
  currency_name: string;
  total: string;
  status: PurchaseOrderStatus;
  receive_status: ReceiveStatus;
  created_by_name: string | null;
}

export interface PurchaseOrderLine {
  line_id: number;
  item_fk: number;
  item_name: string;
  item_code: string | null;
  has_expire: boolean;
  unit_fk: number;
  unit_name: string;
  unit_base_qty: string;
  quantity: string;
  unit_price: string;
  line_total: string;
  description: string | null;
  received_quantity: string;
  remaining_quantity: string;
}

export interface PurchaseOrderRecord extends PurchaseOrderRow {
  consumer_fk: number;
  consumer_code: string | null;
  supplier_mobile: string | null;
  supplier_address: string | null;
  supplier_city: string | null;
  inventory_fk: number;
  rate: string;
  note: string | null;
  images: string[];
  ordered_at: string | null;
  closed_at: string | null;
  lines: PurchaseOrderLine[];
  receipts: { id: number; number: string | null; status: string; total: string; payment_status: string; date: string }[];
}

export interface Suggestion {
  item_id: number;
  item_name: string;
  item_code: string | null;
  shortage_alert: number;
  on_hand: string;
  on_order: string;
  sold_30_days: string;
  consumer_id: number | null;
  consumer_name: string | null;
  last_unit_price: string | null;
  last_currency_id: number | null;
  last_purchase_date: string | null;
  unit_id: number | null;
  unit_name: string | null;
  unit_base_qty: string;
  suggested_quantity: string;
}

export const purchaseOrderQuery = (id: number) =>
  queryOptions({
    queryKey: [PURCHASE_ORDERS, "show", id],
    queryFn: async () => (await api<DataBody<PurchaseOrderRecord>>(`${PURCHASE_ORDERS}/${id}`)).data,
    enabled: id > 0,
  });

export const suggestionsQuery = (inventoryId: string) =>
  queryOptions({
    queryKey: [PURCHASE_ORDERS, "suggestions", inventoryId],
    queryFn: async () =>
      (await api<DataBody<Suggestion[]>>(`${PURCHASE_ORDERS}/suggestions${inventoryId ? `?inventory_id=${inventoryId}` : ""}`)).data,
  });
