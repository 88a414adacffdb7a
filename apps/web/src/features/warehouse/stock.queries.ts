import type { TransferStatus } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../shared/api/client";

/** The stock endpoints (server module `stock`). */
export const STOCK_EP = {
  stocks: "stocks",
  batches: "stocks/batches",
  transfers: "stock_transfers",
  inStock: "items/list_with_expire",
} as const;

/** A row of the warehouse screen: an item in an inventory. */
export interface StockRow {
  stock_id: number;
  item_id: number;
  item_name: string;
  item_code: string | null;
  inventory_id: number;
  inventory_name: string;
  base_unit_name: string | null;
  qty: string;
  batches: number;
  avg_cost: string;
  value: string;
  shortage_alert: number | null;
  expire_alert: number | null;
  next_expiry: string | null;
  is_shortage: boolean;
  is_near_expiry: boolean;
  /** The nearest expiry in stock has passed. */
  is_expired?: boolean;
}

export interface UnitQty {
  unit_id: number;
  unit_name: string;
  quantity: string;
}

export interface BatchRow {
  batch_id: number;
  batch_no: string | null;
  expire_date: string | null;
  qty: string;
  days_to_expiry: number | null;
  value: string;
  units: UnitQty[] | null;
}

/** A batch in stock in an inventory (`items/list_with_expire/{inventoryId}`). */
export interface InStockRow {
  item_id: number;
  item_name: string;
  item_code: string | null;
  batch_id: number;
  batch_no: string | null;
  expire_date: string | null;
  days_to_expiry: number | null;
  qty: string;
  units: UnitQty[] | null;
}

export interface TransferRow {
  transfer_id: number;
  transfer_no: string | null;
  date: string;
  from_inventory_id: number;
  from_inventory_name: string;
  to_inventory_id: number;
  to_inventory_name: string;
  status: TransferStatus;
  approved: boolean | null;
  items_count: number;
  value: string;
  note: string | null;
  created_by_name: string | null;
}

export interface TransferLine {
  line_id: number;
  item_id: number;
  item_name: string;
  unit_id: number;
  unit_name: string;
  quantity: string;
  batch_id: number | null;
  batch_no: string | null;
  expire_date: string | null;
  value: string;
}

export interface TransferRecord extends Omit<TransferRow, "items_count" | "created_by_name" | "value"> {
  items: TransferLine[];
}

export const batchesQuery = (itemId: number, inventoryId: number) =>
  queryOptions({
    queryKey: [STOCK_EP.stocks, "batches", itemId, inventoryId],
    queryFn: async () =>
      (await api<{ message: BatchRow[] }>(STOCK_EP.batches, { query: { item_id: itemId, inventory_id: inventoryId } })).message,
  });

export const transferQuery = (id: number) =>
  queryOptions({
    queryKey: [STOCK_EP.transfers, "show", id],
    queryFn: async () => (await api<{ data: TransferRecord }>(`${STOCK_EP.transfers}/${id}`)).data,
  });

/** Batches in stock of an inventory matching a search (first page), for the transfer's item picker. */
export const inStockQuery = (inventoryId: number | null, search: string) =>
  queryOptions({
    queryKey: [STOCK_EP.inStock, inventoryId, search],
    queryFn: async () =>
      (await api<{ message: InStockRow[] }>(`${STOCK_EP.inStock}/${inventoryId}`, { query: { search: search || undefined, per_page: 50 } }))
        .message,
    enabled: inventoryId !== null,
  });
