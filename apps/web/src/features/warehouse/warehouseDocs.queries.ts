import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { api } from "../../shared/api/client";
import { invalidateLedger } from "../../shared/api/ledger";
import type { DataBody, MessageBody } from "../../shared/api/types";

/** The warehouse documents' endpoints (SPEC §2 routes, §6 permission sections). */
export const WD = {
  adjustments: "inventory_adjustments",
  disposals: "asset_disposals",
  openingStock: "inventory_opening_balances",
} as const;

export const ROUTES = {
  adjustments: "/warehouse/inventory-adjustment",
  disposals: "/warehouse/destructed-assets",
  openingStock: "/settings/opening-balance/inventory-opening-balance",
} as const;

export interface ItemUnitChoice {
  unit_fk: number;
  unit_name: string;
  quantity: string;
  is_base: boolean;
  is_default: boolean;
}

/** An item as `items/list` answers it: enough to pick its unit and know whether it needs an expiry. */
export interface PickedItem {
  item_id: number;
  item_name: string;
  item_code: string | null;
  has_expire: boolean;
  item_units: ItemUnitChoice[];
  default_unit: number | null;
}

export const itemsPickerQuery = (search: string) =>
  queryOptions({
    queryKey: ["items", "list", "picker", search],
    queryFn: async () =>
      (await api<MessageBody<PickedItem[]>>("items/list", { query: { search: search || undefined, per_page: 20 } })).message,
    staleTime: 30_000,
  });

/** A batch an inventory holds: its quantity in base units and the item's average cost. */
export interface BatchOnHand {
  item_id: number;
  item_name: string;
  item_code: string | null;
  base_unit_name: string | null;
  batch_id: number;
  batch_no: string | null;
  expire_date: string | null;
  theoretical_qty: string;
  avg_cost: string;
}

export const countSheetQuery = (inventoryId: number | null) =>
  queryOptions({
    queryKey: [WD.adjustments, "sheet", inventoryId],
    queryFn: async () => (await api<MessageBody<BatchOnHand[]>>(`${WD.adjustments}/sheet/${inventoryId}`)).message,
    enabled: inventoryId !== null,
  });

export const disposalBatchesQuery = (inventoryId: number | null, itemId: number | null) =>
  queryOptions({
    queryKey: [WD.disposals, "batches", inventoryId, itemId],
    queryFn: async () =>
      (await api<MessageBody<BatchOnHand[]>>(`${WD.disposals}/batches/${inventoryId}`, { query: { item_id: itemId ?? undefined } }))
        .message,
    enabled: inventoryId !== null && itemId !== null,
  });

export const docQuery = <T>(endpoint: string, id: number | null) =>
  queryOptions({
    queryKey: [endpoint, "show", id],
    queryFn: async () => (await api<DataBody<T>>(`${endpoint}/${id}`)).data,
    enabled: id !== null && id > 0,
  });

/**
 * After a warehouse document moves stock or posts: its own lists and records, the stock
 * screens and every ledger-derived figure.
 */
export function useInvalidateWarehouse() {
  const queryClient = useQueryClient();
  return (endpoint: string) => {
    void queryClient.invalidateQueries({ queryKey: [endpoint] });
    for (const key of [WD.adjustments, WD.disposals, "stocks", "items"]) void queryClient.invalidateQueries({ queryKey: [key] });
    invalidateLedger(queryClient);
  };
}
