import type { TFunction } from "i18next";
import type { useFormat } from "../format";
import type { useSeededNames } from "../seededNames";
import type { SheetContent } from "./DocSheet";

/** One column of a sheet's lines: its header, a line's cell, and whether its figures align to the end. */
export interface SheetColumn<L> {
  header: string;
  cell: (line: L) => string;
  numeric?: boolean;
}

/** A sheet's lines: the line's number first ("#"), then each column's header, cells and alignment. */
export function sheetLines<L extends { line_id: number }>(
  lines: L[],
  columns: SheetColumn<NoInfer<L>>[],
): Pick<SheetContent, "headers" | "rows" | "numeric"> {
  return {
    headers: ["#", ...columns.map((c) => c.header)],
    rows: lines.map((l, i) => ({ key: l.line_id, cells: [String(i + 1), ...columns.map((c) => c.cell(l))] })),
    numeric: [false, ...columns.map((c) => c.numeric === true)],
  };
}

/**
 * The columns most document sheets share, headed by the page's own `fields.*` words: the item, its
 * unit, the quantity (with the free units), the batch, and an amount of the line in the document's
 * currency; and an amount of the document as its totals show it.
 */
export function sheetColumns(t: TFunction, fmt: ReturnType<typeof useFormat>, names: ReturnType<typeof useSeededNames>, currency: string) {
  const field = (name: string) => t(`fields.${name}`);
  return {
    item: { header: field("item"), cell: (l: { item_name: string }) => l.item_name },
    unit: { header: field("unit"), cell: (l: { unit_name: string | null }) => names.unit(l.unit_name) },
    quantity: { header: field("quantity"), cell: (l: { quantity: string }) => fmt.amount(l.quantity), numeric: true },
    /** The quantity with the free units beside it (`10 + 2`), as sales and quotations give them. */
    quantityAndFree: {
      header: field("quantity"),
      cell: (l: { quantity: string; free_quantity: string }) =>
        Number(l.free_quantity) ? `${fmt.amount(l.quantity)} + ${fmt.amount(l.free_quantity)}` : fmt.amount(l.quantity),
      numeric: true,
    },
    batch: { header: field("batch_no"), cell: (l: { batch_no: string | null }) => l.batch_no ?? "" },
    /** An amount of the document in its currency, with the currency's name (a total). */
    amount: (v: string) => `${fmt.docAmount(v, currency)} ${currency}`,
    /** The line's `key` in the document's currency, headed by `fields.{name}` (the key itself unless named). */
    money: <K extends string>(key: K, name: string = key): SheetColumn<Record<K, string>> => ({
      header: field(name),
      cell: (l) => fmt.docAmount(l[key], currency),
      numeric: true,
    }),
  };
}
