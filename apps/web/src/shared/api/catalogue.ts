import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { DataBody, MessageBody } from "./types";

export const CATEGORIES_ENDPOINT = "categories";
export const ITEMS_ENDPOINT = "items";

export interface CategoryRow {
  category_id: number;
  category_name: string;
  category_code: string | null;
  parent_id: number | null;
  parent_name?: string | null;
  is_active_online: boolean;
  items_count?: number;
}

export interface CategoryNode extends CategoryRow {
  children: CategoryNode[];
}

export interface ItemUnit {
  item_unit_id?: number | null;
  unit_fk: number;
  unit_name?: string;
  quantity: string;
  price: string;
  barcode: string | null;
  is_base: boolean;
  is_default: boolean;
}

export interface ItemRow {
  item_id: number;
  item_name: string;
  item_code: string | null;
  /** The first image's stored name. */
  image?: string | null;
  category_name?: string | null;
  brand_name?: string | null;
  base_unit?: string | null;
  default_unit?: string | null;
  sale_price?: string | null;
  barcodes?: string[] | string | null;
  has_expire: boolean;
  is_active_online: boolean;
}

export interface ItemRecord extends ItemRow {
  category_fk: number | null;
  brand_fk: number | null;
  made_in_fk: number | null;
  scientific_name: string | null;
  direction_of_use: string | null;
  side_effect: string | null;
  shortage_alert: number | null;
  expire_alert: number | null;
  has_batch_number: boolean;
  sale_price_editable: boolean;
  has_revenue_tax: boolean;
  revenue_tax_percent: string | null;
  profit_percent: string | null;
  description: string | null;
  item_units: ItemUnit[];
  /** Stored image names, or {file, url} pairs as the show call answers them. */
  images: (string | { file: string; url?: string })[];
  barcodes: string[];
}

/** Lists come in `message` (DESIGN §7); some tree answers use `data`: accept either. */
const rowsOf = <T>(body: Partial<MessageBody<T>> & Partial<DataBody<T>>): T => (body.message ?? body.data) as T;

export const categoryTreeQuery = queryOptions({
  queryKey: [CATEGORIES_ENDPOINT, "tree"],
  queryFn: async () => rowsOf<CategoryNode[]>(await api("categories/tree")),
});

export const itemQuery = (id: number) =>
  queryOptions({
    queryKey: [ITEMS_ENDPOINT, "show", id],
    queryFn: async () => (await api<DataBody<ItemRecord>>(`${ITEMS_ENDPOINT}/${id}`)).data,
  });

/** Depth-first list of a tree with each node's depth, for indented pickers. */
export function flattenTree(nodes: CategoryNode[], depth = 0): { node: CategoryNode; depth: number }[] {
  return nodes.flatMap((n) => [{ node: n, depth }, ...flattenTree(n.children ?? [], depth + 1)]);
}

/** Ids of a node and everything under it: a category cannot move beneath itself. */
export function subtreeIds(node: CategoryNode): number[] {
  return [node.category_id, ...(node.children ?? []).flatMap(subtreeIds)];
}

/** An unused EAN-13 from the server (issue 4: auto-generated, valid barcodes). */
export const fetchGeneratedBarcode = async () => (await api<DataBody<{ barcode: string }>>("items/generate_barcode")).data.barcode;
