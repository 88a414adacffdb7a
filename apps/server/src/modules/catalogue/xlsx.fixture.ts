/** Test and bench helper: a minimal xlsx whose first sheet repeats one record many times, built without holding the sheet in memory. */
import { crc32, createDeflateRaw } from "node:zlib";

const xmlText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

async function deflate(chunks: Iterable<Buffer>): Promise<{ data: Buffer; crc: number; size: number }> {
  const z = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on("data", (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => z.on("end", resolve).on("error", reject));
  let crc = 0;
  let size = 0;
  for (const chunk of chunks) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!z.write(chunk)) await new Promise((r) => z.once("drain", r));
  }
  z.end();
  await done;
  return { data: Buffer.concat(out), crc, size };
}

function* repeated(head: string, row: string, times: number, tail: string): Generator<Buffer> {
  yield Buffer.from(head);
  const perChunk = Math.max(1, Math.floor(65_536 / row.length));
  const chunk = Buffer.from(row.repeat(perChunk));
  let left = times;
  for (; left >= perChunk; left -= perChunk) yield chunk;
  if (left) yield Buffer.from(row.repeat(left));
  yield Buffer.from(tail);
}

function* numberedRows(head: string, row: (n: number) => string, times: number, tail: string): Generator<Buffer> {
  yield Buffer.from(head);
  let chunk = "";
  for (let n = 2; n < times + 2; n++) {
    chunk += row(n);
    if (chunk.length > 65_536) {
      yield Buffer.from(chunk);
      chunk = "";
    }
  }
  yield Buffer.from(chunk + tail);
}

/**
 * An xlsx: `header` in row 1, then `record` `rows` times. Unless `numbered`, rows and cells carry
 * no references (as some writers make them), which compresses a million rows into a few hundred KB.
 */
export async function xlsxOfRepeatedRows(header: string[], record: string[], rows: number, numbered = false): Promise<Buffer> {
  const strings = [...header, ...record];
  const ref = (i: number, row: number) => (row ? ` r="${String.fromCharCode(65 + i)}${row}"` : "");
  const cells = (from: number, n: number, row = 0) =>
    Array.from({ length: n }, (_, i) => `<c${ref(i, row)} t="s"><v>${from + i}</v></c>`).join("");
  const rowXml = (n: number) => `<row${numbered ? ` r="${n}"` : ""}>${cells(header.length, record.length, numbered ? n : 0)}</row>`;
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  const rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
  const sheetHead = `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}><sheetData><row r="1">${cells(0, header.length, numbered ? 1 : 0)}</row>`;
  const sheetTail = "</sheetData></worksheet>";
  const parts: [string, Iterable<Buffer>][] = [
    [
      "[Content_Types].xml",
      [
        Buffer.from(
          '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
            '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
            '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
            '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
        ),
      ],
    ],
    [
      "_rels/.rels",
      [
        Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        ),
      ],
    ],
    [
      "xl/workbook.xml",
      [
        Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns} xmlns:r="${rel}"><sheets><sheet name="items" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
      ],
    ],
    [
      "xl/_rels/workbook.xml.rels",
      [
        Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
        ),
      ],
    ],
    [
      "xl/worksheets/sheet1.xml",
      numbered ? numberedRows(sheetHead, rowXml, rows, sheetTail) : repeated(sheetHead, rowXml(0), rows, sheetTail),
    ],
    [
      "xl/sharedStrings.xml",
      [
        Buffer.from(
          `<?xml version="1.0" encoding="UTF-8"?><sst ${ns} count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${xmlText(s)}</t></si>`).join("")}</sst>`,
        ),
      ],
    ],
  ];
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of parts) {
    const { data, crc, size } = await deflate(content);
    const fileName = Buffer.from(name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(8, 8);
    head.writeUInt32LE(crc >>> 0, 14);
    head.writeUInt32LE(data.length, 18);
    head.writeUInt32LE(size, 22);
    head.writeUInt16LE(fileName.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc >>> 0, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(fileName.length, 28);
    dir.writeUInt32LE(offset, 42);
    local.push(head, fileName, data);
    central.push(dir, fileName);
    offset += head.length + fileName.length + data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, dirBytes, end]);
}
