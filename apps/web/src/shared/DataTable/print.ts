import { PRODUCT_NAME } from "@app/contracts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface PrintDocument {
  title: string;
  dir: "ltr" | "rtl";
  lang: string;
  /** The shop's name and receipt header, above everything. */
  shop: string;
  receiptHeader?: string | undefined;
  /** The shop's receipt footer, under the table (documents printed as receipts). */
  receiptFooter?: string | undefined;
  /** What the rows are: filters, period, currency. */
  lines?: string[];
  /** Who printed and when. */
  printed: string;
  headers: string[];
  rows: string[][];
  footer?: string[] | undefined;
  /** Columns whose figures align to the end, as on screen. */
  numeric?: boolean[];
  /** Columns of identifiers (mobiles, codes) that read left to right in a right-to-left page. */
  ltr?: boolean[];
  /** The page's style nonce: the printed page inherits its Content-Security-Policy. */
  nonce?: string;
  /** A document's number as a barcode: SVG markup the app drew itself (never user text). */
  barcodeSvg?: string | undefined;
}

/** The printed page's styles but its page size: the A4 page itself is set where the page is printed. */
export const PRINT_CSS = `
    body{font-family:Tahoma,"DejaVu Sans",Arial,sans-serif;font-size:12px;margin:16px}
    .shop{font-size:16px;font-weight:bold}
    .receipt{white-space:pre-line;margin-bottom:4px}
    h1{font-size:15px;margin:8px 0 4px}
    .line{color:#333;margin-bottom:2px}
    table{border-collapse:collapse;width:100%;margin-top:8px}
    th,td{border:1px solid #999;padding:4px 6px;text-align:start}
    th{background:#eee}
    .num{text-align:end;direction:ltr;unicode-bidi:isolate}
    tfoot td{font-weight:bold}
    .printed{margin-top:8px;color:#555;font-size:11px}
    .footer{white-space:pre-line;margin-top:12px;text-align:center}
    .barcode{margin:4px 0}
  `;

/** What the printed page's body holds: the shop, the title, what was filtered, the table, who printed it and when. */
export function printBodyHtml(doc: PrintDocument): string {
  const align = (i: number) => (doc.numeric?.[i] ? ' class="num"' : "");
  // Identifiers read left to right; names and other text by their own first letter (<bdi>), so a
  // Latin name in a right-to-left table keeps its full stop at its end. Figures: `.num`.
  const text = (v: string, i: number) =>
    !v || doc.numeric?.[i] ? escapeHtml(v) : doc.ltr?.[i] ? `<span dir="ltr">${escapeHtml(v)}</span>` : `<bdi>${escapeHtml(v)}</bdi>`;
  const cells = (tag: string, values: string[]) => values.map((v, i) => `<${tag}${align(i)}>${text(v, i)}</${tag}>`).join("");
  const header = [
    `<div class="shop"><bdi>${escapeHtml(doc.shop)}</bdi></div>`,
    doc.receiptHeader ? `<div class="receipt"><bdi>${escapeHtml(doc.receiptHeader)}</bdi></div>` : "",
    `<h1>${escapeHtml(doc.title)}</h1>`,
    doc.barcodeSvg ? `<div class="barcode">${doc.barcodeSvg}</div>` : "",
    ...(doc.lines ?? []).map((l) => `<div class="line">${escapeHtml(l)}</div>`),
  ].join("");
  return `${header}<table><thead><tr>${cells("th", doc.headers)}</tr></thead><tbody>${doc.rows
    .map((r) => `<tr>${cells("td", r)}</tr>`)
    .join(
      "",
    )}</tbody>${doc.footer ? `<tfoot><tr>${cells("td", doc.footer)}</tr></tfoot>` : ""}</table>${doc.receiptFooter ? `<div class="footer"><bdi>${escapeHtml(doc.receiptFooter)}</bdi></div>` : ""}<div class="printed">${escapeHtml(
    doc.printed,
  )}</div>`;
}

/** The page as printed: the shop, the title, what was filtered, the table, who printed it and when. */
export function printHtml(doc: PrintDocument): string {
  return `<!doctype html><html lang="${doc.lang}" dir="${doc.dir}"><head><meta charset="utf-8"><title>${escapeHtml(
    `${PRODUCT_NAME} | ${doc.title}`,
  )}</title><style nonce="${escapeHtml(doc.nonce ?? "")}">
    @page{size:A4;margin:12mm}${PRINT_CSS}</style></head><body>${printBodyHtml(doc)}</body></html>`;
}

/**
 * Prints through a hidden frame, without the app's chrome. The frame stays until the next print:
 * some browsers print it after `print()` has returned.
 */
export function printTable(doc: PrintDocument) {
  for (const old of document.querySelectorAll("iframe[data-print]")) old.remove();
  const frame = document.createElement("iframe");
  frame.setAttribute("aria-hidden", "true");
  frame.setAttribute("data-print", "");
  frame.tabIndex = -1;
  frame.style.position = "fixed";
  frame.style.width = "0";
  frame.style.height = "0";
  frame.style.border = "0";
  document.body.appendChild(frame);
  const d = frame.contentDocument;
  const win = frame.contentWindow;
  if (!d || !win) {
    frame.remove();
    return;
  }
  d.open();
  d.write(printHtml(doc));
  d.close();
  win.focus();
  win.print();
}
