import { queryOptions } from "@tanstack/react-query";
import { api } from "../../shared/api/client";
import type { DataBody } from "../../shared/api/types";

export const SALE_TRANSFERS = "sale_transfers";
export const SALE_TRANSFER_RETURNS = "sale_transfer_returns";
export const CONSIGNMENTS = "sale_transfers/consignments";

/** Screen paths (SPEC §2 `/sales/sale-transfers`, `/sales/sale-transfer-return`), with 0 for "none". */
export const TRANSFER_PATHS = {
  list: "/sales/sale-transfers",
  upsert: (id: number | string = 0, isUpdate: 0 | 1 = 0, from: number | string = 0, newTab: 0 | 1 = 0) =>
    `/sales/sale-transfers/upsert/${id}/${isUpdate}/${from}/${newTab}`,
  view: (id: number | string, newTab: 0 | 1 = 0) => `/sales/sale-transfers/view/${id}/${newTab}`,
  consignments: "/sales/sale-transfers/consignments",
  returns: "/sales/sale-transfer-return",
  returnUpsert: (id: number | string = 0, isUpdate: 0 | 1 = 0, from: number | string = 0, newTab: 0 | 1 = 0) =>
    `/sales/sale-transfer-return/upsert/${id}/${isUpdate}/${from}/${newTab}`,
  returnView: (id: number | string, newTab: 0 | 1 = 0) => `/sales/sale-transfer-return/view/${id}/${newTab}`,
};

export interface ConsignmentLineRecord {
  line_id: number;
  item_fk: number;
  item_name: string;
  item_code: string | null;
  unit_fk: number;
  unit_name: string;
  unit_base_qty: string;
  quantity: string;
  batch_no: string | null;
  expire_date: string | null;
}

export interface SaleTransferRow {
  id: number;
  number: string | null;
  date: string;
  consumer_name: string;
  inventory_name: string;
  currency_id: number;
  currency_name: string;
  total: string;
  cost: string;
  status: "pending" | "sent";
  is_closed: boolean;
  created_by_name: string | null;
}

export interface SaleTransferRecord extends SaleTransferRow {
  consumer_fk: number;
  customer_mobile: string | null;
  inventory_fk: number;
  consignment_inventory_fk: number | null;
  consignment_inventory_name: string | null;
  rate: string;
  note: string | null;
  lines: (ConsignmentLineRecord & {
    unit_price: string;
    line_total: string;
    cost: string;
    /** Of the line, in its unit: invoiced, returned, and left with the customer. */
    invoiced_quantity?: string;
    returned_quantity?: string;
    left_quantity?: string;
  })[];
}

/**
 * A return made from a sale transfer starts with what the customer still holds of each line (sent
 * less invoiced less returned); a line with nothing left is not offered.
 */
export function returnLinesOf<L extends { quantity: string; left_quantity?: string | undefined }>(lines: L[]): L[] {
  return lines
    .filter((l) => l.left_quantity === undefined || Number(l.left_quantity) > 0)
    .map((l) => (l.left_quantity === undefined ? l : { ...l, quantity: l.left_quantity }));
}

/** A sent sale transfer line with something left, as the consignment invoice offers it (its unit and price). */
export interface OpenTransferLine {
  line_id: number;
  transfer_id: number;
  number: string | null;
  item_id: number;
  unit_id: number;
  unit_name: string;
  currency_id: number;
  currency_name: string;
  unit_price: string;
  quantity: string;
  invoiced: string;
  returned: string;
  left: string;
}

export const openTransferLinesQuery = (consumerId: number, itemId: number) =>
  queryOptions({
    queryKey: [SALE_TRANSFERS, "open_lines", consumerId, itemId],
    queryFn: async () =>
      (
        await api<{ message: OpenTransferLine[] }>(`${SALE_TRANSFERS}/consignments/${consumerId}/open_lines`, {
          query: { item_id: itemId },
        })
      ).message,
  });

export interface SaleTransferReturnRow {
  id: number;
  number: string | null;
  date: string;
  consumer_name: string;
  inventory_name: string;
  sale_transfer_number: string | null;
  value: string;
  created_by_name: string | null;
}

export interface SaleTransferReturnRecord extends SaleTransferReturnRow {
  consumer_fk: number;
  customer_mobile: string | null;
  inventory_fk: number;
  sale_transfer_fk: number | null;
  consignment_inventory_name: string | null;
  note: string | null;
  lines: (ConsignmentLineRecord & { value: string })[];
}

export interface ConsignmentRow {
  consignment_id: number;
  consumer_id: number;
  consumer_name: string;
  item_id: number;
  item_name: string;
  item_code: string | null;
  base_unit_id: number | null;
  base_unit_name: string | null;
  qty: string;
  avg_cost: string;
  value: string;
}

export const saleTransferQuery = (id: number) =>
  queryOptions({
    queryKey: [SALE_TRANSFERS, "show", id],
    queryFn: async () => (await api<DataBody<SaleTransferRecord>>(`${SALE_TRANSFERS}/${id}`)).data,
    enabled: id > 0,
  });

export const saleTransferReturnQuery = (id: number) =>
  queryOptions({
    queryKey: [SALE_TRANSFER_RETURNS, "show", id],
    queryFn: async () => (await api<DataBody<SaleTransferReturnRecord>>(`${SALE_TRANSFER_RETURNS}/${id}`)).data,
    enabled: id > 0,
  });
