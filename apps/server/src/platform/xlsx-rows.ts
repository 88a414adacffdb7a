import { StringDecoder } from "node:string_decoder";
import { createInflateRaw } from "node:zlib";
import { SaxesParser, type SaxesTagPlain } from "saxes";

/** The file is not a workbook this reader can open. */
export class NotAWorkbook extends Error {}

/** Decompressed bytes any one part of a workbook may have: far above a 5,000-row sheet, far below memory trouble. */
const PART_MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  method: number;
  offset: number;
  compressedSize: number;
}

/** The zip's central directory: every part's name, compression and place, read without inflating anything. */
function directory(zip: Buffer): Map<string, Entry> {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new NotAWorkbook("no central directory");
  const count = zip.readUInt16LE(end + 10);
  let p = zip.readUInt32LE(end + 16);
  const out = new Map<string, Entry>();
  for (let n = 0; n < count; n++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== 0x02014b50) throw new NotAWorkbook("broken central directory");
    const nameLength = zip.readUInt16LE(p + 28);
    const name = zip.toString("utf8", p + 46, p + 46 + nameLength);
    out.set(name, { method: zip.readUInt16LE(p + 10), compressedSize: zip.readUInt32LE(p + 20), offset: zip.readUInt32LE(p + 42) });
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return out;
}

/** A part's text, chunk by chunk as it inflates, stopping at PART_MAX_BYTES. */
async function* partText(zip: Buffer, entry: Entry): AsyncGenerator<string> {
  const p = entry.offset;
  if (p + 30 > zip.length || zip.readUInt32LE(p) !== 0x04034b50) throw new NotAWorkbook("broken entry");
  const start = p + 30 + zip.readUInt16LE(p + 26) + zip.readUInt16LE(p + 28);
  if (start + entry.compressedSize > zip.length) throw new NotAWorkbook("entry past the end");
  const data = zip.subarray(start, start + entry.compressedSize);
  const decoder = new StringDecoder("utf8");
  if (entry.method === 0) {
    yield decoder.write(data) + decoder.end();
    return;
  }
  if (entry.method !== 8) throw new NotAWorkbook("unknown compression");
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(data);
  let total = 0;
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > PART_MAX_BYTES) throw new NotAWorkbook("part too large");
      yield decoder.write(chunk);
    }
  } catch (err) {
    throw err instanceof NotAWorkbook ? err : new NotAWorkbook("broken compressed data");
  } finally {
    inflate.destroy();
  }
  yield decoder.end();
}

/** Feeds a part to a SAX parser, pausing after each chunk so the caller can hand on what was read. */
async function* parse(zip: Buffer, entry: Entry, handlers: (parser: SaxesParser) => void): AsyncGenerator<void> {
  const parser = new SaxesParser();
  handlers(parser);
  try {
    for await (const text of partText(zip, entry)) {
      parser.write(text);
      yield;
    }
    parser.close();
  } catch (err) {
    throw err instanceof NotAWorkbook ? err : new NotAWorkbook("broken XML");
  }
  yield;
}

const local = (name: string) => name.slice(name.indexOf(":") + 1);

/** The first worksheet's part, as the workbook orders its sheets. */
async function firstSheet(zip: Buffer, parts: Map<string, Entry>): Promise<string> {
  let rid: string | undefined;
  const workbook = parts.get("xl/workbook.xml");
  if (workbook) {
    for await (const _ of parse(zip, workbook, (p) => {
      p.on("opentag", (tag: SaxesTagPlain) => {
        if (rid !== undefined || local(tag.name) !== "sheet") return;
        for (const [name, value] of Object.entries(tag.attributes)) if (name.endsWith(":id")) rid = String(value);
      });
    }));
  }
  const rels = parts.get("xl/_rels/workbook.xml.rels");
  let target: string | undefined;
  if (rid && rels) {
    for await (const _ of parse(zip, rels, (p) => {
      p.on("opentag", (tag: SaxesTagPlain) => {
        if (local(tag.name) === "Relationship" && tag.attributes.Id === rid) target = String(tag.attributes.Target);
      });
    }));
  }
  const path = target ? (target.startsWith("/") ? target.slice(1) : `xl/${target}`) : "xl/worksheets/sheet1.xml";
  if (!parts.has(path)) throw new NotAWorkbook("no worksheet");
  return path;
}

async function sharedStrings(zip: Buffer, entry: Entry | undefined): Promise<string[]> {
  const out: string[] = [];
  if (!entry) return out;
  let text: string | null = null;
  let phonetic = 0;
  let inT = false;
  for await (const _ of parse(zip, entry, (p) => {
    p.on("opentag", (tag: SaxesTagPlain) => {
      const n = local(tag.name);
      if (n === "si") text = "";
      else if (n === "rPh") phonetic++;
      else if (n === "t") inT = !tag.isSelfClosing;
    });
    p.on("closetag", (tag: SaxesTagPlain) => {
      const n = local(tag.name);
      if (n === "si") {
        out.push(text ?? "");
        text = null;
      } else if (n === "rPh") phonetic--;
      else if (n === "t") inT = false;
    });
    p.on("text", (t: string) => {
      if (inT && text !== null && !phonetic) text += t;
    });
  }));
  return out;
}

/** "BC12" → 55 (columns count from 1). */
function columnOf(ref: string): number {
  let col = 0;
  for (const ch of ref) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return col;
}

export interface SheetRow {
  /** The row's number in the sheet (1 is the first). */
  number: number;
  /** Column (from 1) → the cell's text: strings as written, numbers as JavaScript prints them, booleans as 1/0. */
  cells: Map<number, string>;
  /** Columns whose cell is a number (a code typed into a general cell lost its leading zeros). */
  numbers: Set<number>;
}

/**
 * The rows of an xlsx's first worksheet, read as the file inflates: the caller may stop at any
 * row and nothing after it is inflated or parsed. Memory stays bounded by one chunk of the sheet
 * and the shared strings (each part at most 64 MB inflated).
 */
export async function* sheetRows(zip: Buffer): AsyncGenerator<SheetRow> {
  const parts = directory(zip);
  const sheet = parts.get(await firstSheet(zip, parts))!;
  const shared = await sharedStrings(zip, parts.get("xl/sharedStrings.xml"));
  const ready: SheetRow[] = [];
  let row: SheetRow | null = null;
  let lastRow = 0;
  let col = 0;
  let type = "";
  let value = "";
  let where: "v" | "t" | null = null;
  for await (const _ of parse(zip, sheet, (p) => {
    p.on("opentag", (tag: SaxesTagPlain) => {
      const n = local(tag.name);
      if (n === "row") {
        const r = Number(tag.attributes.r);
        lastRow = Number.isInteger(r) && r > 0 ? r : lastRow + 1;
        row = { number: lastRow, cells: new Map(), numbers: new Set() };
        col = 0;
      } else if (n === "c" && row) {
        const ref = tag.attributes.r ? columnOf(String(tag.attributes.r)) : 0;
        col = ref > 0 ? ref : col + 1;
        type = String(tag.attributes.t ?? "n");
        value = "";
      } else if ((n === "v" || n === "t") && !tag.isSelfClosing) where = n;
    });
    p.on("closetag", (tag: SaxesTagPlain) => {
      const n = local(tag.name);
      if (n === "v" || n === "t") where = null;
      else if (n === "c" && row) {
        const text =
          type === "s"
            ? (shared[Number(value)] ?? "")
            : type === "b"
              ? value === "1"
                ? "1"
                : "0"
              : type === "n" && value !== ""
                ? String(Number(value))
                : value;
        if (text !== "") row.cells.set(col, text);
        if (type === "n" && text !== "") row.numbers.add(col);
      } else if (n === "row" && row) {
        ready.push(row);
        row = null;
      }
    });
    p.on("text", (t: string) => {
      if (where === "v" || (where === "t" && type === "inlineStr")) value += t;
    });
  })) {
    while (ready.length) yield ready.shift()!;
  }
}
