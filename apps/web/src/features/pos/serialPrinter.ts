import { CURRENCY_IQD } from "@app/contracts";
import { EscPos, printableAsText, rasterOfText } from "./escpos";
import type { ReceiptData } from "./receipt";

/**
 * The receipt printer over Web Serial (Chromium), when the till has one connected: ESC/POS, Arabic
 * and Kurdish as images. Without it the browser's print dialog prints the 80 mm receipt page.
 */
interface SerialPortLike {
  open(o: { baudRate: number }): Promise<void>;
  writable: WritableStream<Uint8Array> | null;
}
interface SerialLike {
  requestPort(): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}
const serial = (): SerialLike | undefined => (navigator as Navigator & { serial?: SerialLike }).serial;

let port: SerialPortLike | null = null;

export const serialAvailable = () => serial() !== undefined;

/** Asks the cashier to pick the printer's port once; Chromium remembers the grant. */
export async function connectPrinter(): Promise<boolean> {
  const s = serial();
  if (!s) return false;
  const p = (await s.getPorts())[0] ?? (await s.requestPort());
  await p.open({ baudRate: 9600 });
  port = p;
  return true;
}

async function write(bytes: Uint8Array) {
  const w = port?.writable?.getWriter();
  if (!w) return false;
  try {
    await w.write(bytes);
  } finally {
    w.releaseLock();
  }
  return true;
}

export const kickDrawer = () => write(new EscPos().init().kick().bytes());

/** Prints a receipt as ESC/POS; false when no printer is connected (the caller prints with the browser). */
export async function printEscPos(
  r: ReceiptData,
  texts: { shop: string; header?: string | null; footer?: string | null; rtl: boolean; labels: Record<string, string> },
) {
  if (!port) return false;
  const p = new EscPos().init();
  const say = (text: string, align: "left" | "center" | "right" = texts.rtl ? "right" : "left", bold = false) => {
    if (printableAsText(text)) p.align(align).bold(bold).line(text);
    else p.align("left").raster(rasterOfText(text, { rtl: texts.rtl, bold, align }));
  };
  const cur = (id: number) => (id === CURRENCY_IQD ? "IQD" : "USD");
  say(texts.shop, "center", true);
  if (texts.header) say(texts.header, "center");
  say(`${texts.labels.receipt} ${r.number ?? r.key.slice(0, 8)}`, "center");
  for (const l of r.lines) say(`${l.name}  ${l.quantity} ${l.unit} x ${l.price} = ${l.total}`);
  say(`${texts.labels.total}: ${r.total} IQD / ${r.total_usd} USD`, undefined, true);
  for (const pay of r.payments) say(`${texts.labels[pay.method] ?? pay.method}: ${pay.amount} ${cur(pay.currency_id)}`);
  say(`${texts.labels.change}: ${r.change.change} ${cur(r.change.change_currency_id)}`);
  say(`${texts.labels.cashier}: ${r.cashier}`);
  if (texts.footer) say(texts.footer, "center");
  return write(p.feed(4).cut().kick().bytes());
}
