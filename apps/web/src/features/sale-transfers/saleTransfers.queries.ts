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
  lines: (ConsignmentLineRecord & { unit_price: string; line_total: string; cost: string })[];
}

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
