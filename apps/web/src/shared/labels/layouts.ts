import { isValidEan13 } from "@app/contracts";

/**
 * The label stocks the labels print on: rolls of one label per page (a label printer's roll is a
 * page per label) and A4 sheets of labels that tile the page edge to edge. Sizes in millimetres;
 * each has its own named page in labels.css, so the browser's print sets the printer's paper.
 */
export const LABEL_LAYOUTS = {
  "roll-38x25": { kind: "roll", page: "label-38x25", width: 38, height: 25, cols: 1, rows: 1 },
  "roll-50x30": { kind: "roll", page: "label-50x30", width: 50, height: 30, cols: 1, rows: 1 },
  "a4-3x8": { kind: "sheet", page: "label-a4", width: 70, height: 37.125, cols: 3, rows: 8 },
  "a4-4x10": { kind: "sheet", page: "label-a4", width: 52.5, height: 29.7, cols: 4, rows: 10 },
} as const;
export type LabelLayoutKey = keyof typeof LABEL_LAYOUTS;
export type LabelLayout = (typeof LABEL_LAYOUTS)[LabelLayoutKey];
export const LABEL_LAYOUT_KEYS = Object.keys(LABEL_LAYOUTS) as LabelLayoutKey[];

/** The page's size in millimetres: the label itself on a roll, A4 for a sheet. */
export const pageSize = (l: LabelLayout): { width: number; height: number } =>
  l.kind === "roll" ? { width: l.width, height: l.height } : { width: 210, height: 297 };

/** EAN-13 when the code is a valid one (13 digits, its check digit right), Code 128 for anything else. */
export const barcodeFormat = (code: string): "EAN13" | "CODE128" => (isValidEan13(code) ? "EAN13" : "CODE128");

/** What the labels show of the price: the system currency's, the other's at today's rate, both, or none. */
export const LABEL_PRICES = ["IQD", "USD", "both", "none"] as const;
export type LabelPrice = (typeof LABEL_PRICES)[number];

/**
 * The labels on each page, in order: one per page on a roll, a sheet's rows filled from its start
 * edge. `skip` leaves the first places of the first sheet empty (a sheet used before).
 */
export function pagesOf<T>(labels: T[], layout: LabelLayout, skip = 0): (T | null)[][] {
  const per = layout.cols * layout.rows;
  const blanks = layout.kind === "sheet" ? Math.max(0, Math.min(skip, per - 1)) : 0;
  const places: (T | null)[] = [...Array.from({ length: blanks }, () => null), ...labels];
  const pages: (T | null)[][] = [];
  for (let i = 0; i < places.length; i += per) pages.push(places.slice(i, i + per));
  return pages;
}

/** At most this many labels in one print: a typo in a quantity should not send 100,000 pages. */
export const MAX_LABELS = 2000;

/** How many labels each line asks for, whole and not below zero. */
export const labelCount = (quantity: string | number): number => {
  const n = Math.floor(Number(quantity));
  return Number.isFinite(n) && n > 0 ? n : 0;
};
