import { CURRENCY_IQD } from "@app/contracts";
import { EscPos, paperDots, printableAsText, rasterOfText } from "./escpos";
import type { ReceiptData } from "./receipt";

/**
 * The receipt printer over Web Serial (Chromium), when the till has one connected: ESC/POS, Arabic
 * and Kurdish as images. Without it the browser's print dialog prints the 80 mm receipt page.
 * The cashier picks the printer's port once in the POS screen's printer settings; Chromium keeps
 * the grant, and the till finds the port again (getPorts) after a reload.
 */
export interface SerialPortLike {
  open(o: { baudRate: number }): Promise<void>;
  close?(): Promise<void>;
  forget?(): Promise<void>;
  getInfo?(): { usbVendorId?: number; usbProductId?: number };
  readable?: unknown;
  writable: WritableStream<Uint8Array> | null;
}
interface SerialLike {
  requestPort(): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
}
const serial = (): SerialLike | undefined => (navigator as Navigator & { serial?: SerialLike }).serial;

const BAUD_RATE = 9600;
let port: SerialPortLike | null = null;

export const serialAvailable = () => serial() !== undefined;

/** The printer the cashier chose earlier (the browser remembers the grant), or null. */
export async function rememberedPrinter(): Promise<SerialPortLike | null> {
  const s = serial();
  if (!s) return null;
  return (await s.getPorts())[0] ?? null;
}

/** "USB 0416:5011": how the browser knows the port (a serial port has no name of its own). */
export function printerLabel(p: SerialPortLike): string {
  const info = p.getInfo?.() ?? {};
  const hex = (n: number | undefined) => (n === undefined ? "?" : n.toString(16).padStart(4, "0"));
  return info.usbVendorId === undefined ? "Serial" : `USB ${hex(info.usbVendorId)}:${hex(info.usbProductId)}`;
}

async function opened(p: SerialPortLike): Promise<SerialPortLike> {
  if (port === p && p.writable) return p;
  if (!p.writable) await p.open({ baudRate: BAUD_RATE });
  port = p;
  return p;
}

/** Asks the cashier to pick the printer's port (the browser's own chooser) and opens it. */
export async function choosePrinter(): Promise<SerialPortLike | null> {
  const s = serial();
  if (!s) return null;
  const chosen = await s.requestPort();
  if (port && port !== chosen) await forgetPrinter();
  return opened(chosen);
}

/** Forgets the printer: the port is closed and the browser's grant withdrawn. */
export async function forgetPrinter(): Promise<void> {
  const p = port ?? (await rememberedPrinter());
  port = null;
  if (!p) return;
  await p.close?.().catch(() => undefined);
  await p.forget?.();
}

/** The open printer, opening the remembered one on first use after a reload; null when none. */
async function printer(): Promise<SerialPortLike | null> {
  if (port?.writable) return port;
  const p = await rememberedPrinter();
  if (!p) return null;
  try {
    return await opened(p);
  } catch {
    return null;
  }
}

async function write(bytes: Uint8Array) {
  const w = (await printer())?.writable?.getWriter();
  if (!w) return false;
  try {
    await w.write(bytes);
  } finally {
    w.releaseLock();
  }
  return true;
}

export const kickDrawer = () => write(new EscPos().init().kick().bytes());

/** A short page that shows the printer prints, in the till's language (Arabic and Kurdish as images). */
export function testPrint(texts: { shop: string; line: string; rtl: boolean }) {
  const p = new EscPos().init();
  const say = (text: string, bold = false) => {
    if (printableAsText(text)) p.align("center").bold(bold).line(text);
    else p.align("left").raster(rasterOfText(text, { rtl: texts.rtl, bold, align: "center" }));
  };
  say(texts.shop, true);
  say(texts.line);
  say(new Date().toISOString().slice(0, 16).replace("T", " "));
  return write(p.feed(4).cut().bytes());
}

/** Prints a receipt as ESC/POS; false when no printer is connected (the caller prints with the browser). */
export async function printEscPos(
  r: ReceiptData,
  texts: {
    shop: string;
    header?: string | null;
    footer?: string | null;
    rtl: boolean;
    labels: Record<string, string>;
    /** The roll's width in millimetres (80 unless said). */
    widthMm?: number;
  },
) {
  if (!(await printer())) return false;
  const p = new EscPos().init();
  const say = (text: string, align: "left" | "center" | "right" = texts.rtl ? "right" : "left", bold = false) => {
    if (printableAsText(text)) p.align(align).bold(bold).line(text);
    else p.align("left").raster(rasterOfText(text, { rtl: texts.rtl, bold, align, dots: paperDots(texts.widthMm ?? 80) }));
  };
  const cur = (id: number) => (id === CURRENCY_IQD ? "IQD" : "USD");
  say(texts.shop, "center", true);
  if (texts.header) say(texts.header, "center");
  say(`${texts.labels.receipt} ${r.number ?? r.key.slice(0, 8)}`, "center");
  for (const l of r.lines) say(`${l.name}  ${l.quantity} ${l.unit} x ${l.price} = ${l.total}`);
  say(`${texts.labels.total}: ${r.total} IQD / ${r.total_usd} USD`, undefined, true);
  for (const pay of r.payments) say(`${texts.labels[pay.method] ?? pay.method}: ${pay.amount} ${cur(pay.currency_id)}`);
  say(`${texts.labels.change}: ${r.change.change} ${cur(r.change.change_currency_id)}`);
  if (Number(r.change.change_iqd ?? 0) > 0) say(`${texts.labels.change}: ${r.change.change_iqd} IQD`);
  say(`${texts.labels.cashier}: ${r.cashier}`);
  if (texts.footer) say(texts.footer, "center");
  return write(p.feed(4).cut().kick().bytes());
}
