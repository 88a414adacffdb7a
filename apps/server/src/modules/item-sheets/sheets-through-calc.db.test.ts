// The sheets that go back in, through a spreadsheet nobody on the project wrote: LibreOffice Calc,
// headless. A price is changed in Calc's own file (its flat XML) and Calc saves the sheet as xlsx
// again; the import reads what Calc wrote. Calc comes from Debian (`apt-get install
// libreoffice-calc-nogui`); under CI its absence is a failure, elsewhere these tests are skipped.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ITEM_IMPORT_COLUMNS } from "@app/contracts";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { sheetRecords, uploadSheet } from "./item-sheets.fixture.js";

const run = promisify(execFile);

async function findCalc(): Promise<string | null> {
  for (const bin of ["soffice", "libreoffice"]) {
    try {
      await run(bin, ["--version"], { timeout: 60_000 });
      return bin;
    } catch {}
  }
  return null;
}

const calc = await findCalc();
if (!calc && process.env.CI) throw new Error("LibreOffice (soffice) is missing: apt-get install -y libreoffice-calc-nogui");
if (!calc) console.warn("LibreOffice (soffice) not found: the sheets' round trips through Calc are skipped");

let t: TestApp;
let dir: string;

/** Calc opens `file` and saves it as `to` (a filter name such as `xlsx`), in `dir`. */
async function convert(file: string, to: string): Promise<string> {
  const out = path.join(dir, `out-${Math.random().toString(16).slice(2)}`);
  const args = ["--headless", "--norestore", `-env:UserInstallation=file://${path.join(dir, "profile")}`];
  args.push("--convert-to", to, "--outdir", out, file);
  await run(calc!, args, { timeout: 120_000 });
  return path.join(out, `${path.basename(file, path.extname(file))}.${to.split(":")[0]}`);
}

async function exported(url: string, name: string, lang = "en"): Promise<string> {
  const res = await t.api("GET", url, { headers: { "accept-language": lang } });
  expect(res.status, String(res.body)).toBe(200);
  const file = path.join(dir, name);
  await writeFile(file, res.raw);
  return file;
}

const prices = async () =>
  (
    await t.database.db.execute<{ item_name: string; unit_name: string; price: string }>(sql`
      select i.item_name, u.unit_name, iu.price from item_units iu join items i on i.item_id = iu.item_fk join units u on u.unit_id = iu.unit_fk
       order by iu.item_unit_id`)
  ).rows;

describe.skipIf(!calc)("sheets that go back in, through LibreOffice Calc", () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "souq-sheets-calc-"));
    t = await createTestApp();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("items");
    ws.addRow([...ITEM_IMPORT_COLUMNS]);
    const row = (r: Partial<Record<(typeof ITEM_IMPORT_COLUMNS)[number], string | number>>) =>
      ws.addRow(ITEM_IMPORT_COLUMNS.map((c) => r[c] ?? null));
    row({
      category: "دواء",
      sub_category: "مسكنات",
      item_name: "بنادول ٥٠٠",
      sale_price: 1250,
      barcode: "0012345678905",
      base_unit: "قطعة",
      packet_name: "علبة",
      packet_price: 12000,
      packet_barcode: "0705632085943",
      base_unit_qty: 10,
      default_unit: "packet",
      sale_price_editable: "yes",
    });
    row({ item_name: "Cough syrup", sale_price: "3500.5", barcode: "00012345", base_unit: "Bottle", expire_alert: 30 });
    // No code and no barcode: its row finds it by its name.
    row({ item_name: "صابون", sale_price: 500, base_unit: "قطعة" });
    const res = await uploadSheet(t, "/api/items/import", Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("imports a price changed in Calc: exactly that price changes, and the sheet Calc saved unchanged changes nothing", async () => {
    const before = await prices();
    const file = await exported("/api/items/prices_export", "prices.xlsx", "ar");
    // Saved again by Calc without a change: the codes stayed text, so every row still finds its unit.
    const untouched = await uploadSheet(t, "/api/items/prices_import", await readFile(await convert(file, "xlsx")));
    expect(untouched.status, JSON.stringify(untouched.body)).toBe(200);
    expect(untouched.body.data).toEqual({ updated: 0, unchanged: 4, changes: [] });

    // The box's price changed in Calc's own document, which Calc then saves as xlsx.
    const flat = path.join(dir, "prices-edited.fods");
    const xml = await readFile(await convert(file, "fods"), "utf8");
    const rows = xml.split("</table:table-row>");
    const box = rows.findIndex((r) => r.includes(">علبة<"));
    expect(box).toBeGreaterThan(0);
    expect(rows[box]).toContain('office:value="12000"');
    rows[box] = rows[box]!.replace('office:value="12000"', 'office:value="12750"').replace(/12,?000\.00/, "12,750.00");
    await writeFile(flat, rows.join("</table:table-row>"));
    const edited = await convert(flat, "xlsx");
    const inCalc = await sheetRecords(await readFile(edited));
    expect(inCalc.map((r) => [r.barcode, r.sale_price])).toEqual([
      ["0012345678905", 1250],
      ["0705632085943", 12750],
      ["00012345", 3500.5],
      [null, 500],
    ]);
    const res = await uploadSheet(t, "/api/items/prices_import", await readFile(edited));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      updated: 1,
      unchanged: 3,
      changes: [{ row: 3, item_name: "بنادول ٥٠٠", unit_name: "علبة", old_price: "12000.00", new_price: "12750.00" }],
    });
    expect(await prices()).toEqual(before.map((p) => (p.unit_name === "علبة" ? { ...p, price: "12750.00" } : p)));
  });

  it("the items sheet Calc saved again imports unchanged into another database, with the same items", async () => {
    const file = await exported("/api/items/export_for_import", "items.xlsx", "ckb");
    const saved = await readFile(await convert(file, "xlsx"));
    const other = await createTestApp();
    try {
      const res = await uploadSheet(other, "/api/items/import", saved);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toEqual({ imported: 3, repairs: [] });
      const there = await other.api("GET", "/api/items/export_for_import");
      const here = await t.api("GET", "/api/items/export_for_import");
      expect(await sheetRecords(there.raw)).toEqual(await sheetRecords(here.raw));
    } finally {
      await other.close();
    }
  }, 180_000);
});
