import { PRODUCT_NAME } from "@app/contracts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Prints the visible columns of the loaded rows through a hidden frame, without the app's chrome. */
export function printTable(opts: {
  title: string;
  dir: "ltr" | "rtl";
  lang: string;
  headers: string[];
  rows: string[][];
  footer?: string[];
}) {
  const frame = document.createElement("iframe");
  frame.setAttribute("aria-hidden", "true");
  frame.style.position = "fixed";
  frame.style.width = "0";
  frame.style.height = "0";
  frame.style.border = "0";
  document.body.appendChild(frame);
  const doc = frame.contentDocument;
  const win = frame.contentWindow;
  if (!doc || !win) {
    frame.remove();
    return;
  }
  const cells = (tag: string, values: string[]) => values.map((v) => `<${tag}>${escapeHtml(v)}</${tag}>`).join("");
  doc.open();
  doc.write(`<!doctype html><html lang="${opts.lang}" dir="${opts.dir}"><head><meta charset="utf-8"><title>${escapeHtml(
    `${PRODUCT_NAME} | ${opts.title}`,
  )}</title><style>
    body{font-family:Tahoma,"DejaVu Sans",Arial,sans-serif;font-size:12px;margin:16px}
    h1{font-size:16px;margin:0 0 12px}
    table{border-collapse:collapse;width:100%}
    th,td{border:1px solid #999;padding:4px 6px;text-align:start}
    th{background:#eee}
    tfoot td{font-weight:bold}
  </style></head><body><h1>${escapeHtml(opts.title)}</h1><table><thead><tr>${cells("th", opts.headers)}</tr></thead><tbody>${opts.rows
    .map((r) => `<tr>${cells("td", r)}</tr>`)
    .join("")}</tbody>${opts.footer ? `<tfoot><tr>${cells("td", opts.footer)}</tr></tfoot>` : ""}</table></body></html>`);
  doc.close();
  win.focus();
  win.print();
  setTimeout(() => frame.remove(), 1000);
}
