import { ITEM_IMPORT_COLUMNS, MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { jobsSettled } from "../jobs/job-runner.js";
import { multipart } from "./multipart.fixture.js";

/** The items import as a job: the same import, its result or every refused row on the job. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(async () => {
  await jobsSettled(t.app);
  await t.close();
});

type Row = Partial<Record<(typeof ITEM_IMPORT_COLUMNS)[number], string | number>>;
async function xlsx(rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("items");
  ws.addRow([...ITEM_IMPORT_COLUMNS]);
  for (const r of rows) ws.addRow(ITEM_IMPORT_COLUMNS.map((c) => r[c] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const start = (file: Buffer | undefined, token?: string) => {
  const form = multipart({ file: file ? { file, name: "items.xlsx" } : undefined });
  return t.api("POST", "/api/items/import/start", { body: form.body, headers: form.headers, ...(token ? { token } : {}) });
};
const ended = async (id: string) => {
  await jobsSettled(t.app);
  return (await t.api("GET", `/api/jobs/${id}`)).body.data;
};

describe("the items import as a job", () => {
  it("imports the sheet and ends with the count, having reported its rows", async () => {
    const res = await start(
      await xlsx([
        { item_name: "Job Gauze", sale_price: 2, base_unit: "Piece", barcode: "0705632085943" },
        { item_name: "Job Tape", sale_price: 3, base_unit: "Piece" },
      ]),
    );
    expect(res.status).toBe(202);
    const job = await ended(res.body.data.id);
    expect(job).toMatchObject({ kind: "items_import", state: "done", step: "import.saving", done: 2, total: 2 });
    expect(job.result).toEqual({ imported: 2, repairs: [] });
    const names = await t.database.db.execute<{ item_name: string }>(
      sql`select item_name from items where item_name like 'Job %' order by item_name`,
    );
    expect(names.rows.map((r) => r.item_name)).toEqual(["Job Gauze", "Job Tape"]);
  });

  it("a refused sheet fails with every bad row, and nothing is stored", async () => {
    const res = await start(
      await xlsx([
        { item_name: "Job Gauze", sale_price: 2, base_unit: "Piece" },
        { item_name: "Job New", sale_price: 2, base_unit: "Piece" },
      ]),
    );
    const job = await ended(res.body.data.id);
    expect(job.state).toBe("failed");
    expect(job.error.message).toBe("The file has 1 error; nothing was imported.");
    expect(job.error.rows).toEqual([{ row: 2, column: "item_name", reason: `The item name ${MSG.alreadyTaken}.` }]);
    const stored = await t.database.db.execute(sql`select 1 from items where item_name = 'Job New'`);
    expect(stored.rows.length).toBe(0);
  });

  it("no file is refused at once; the import's permission is needed", async () => {
    const none = await start(undefined);
    expect(none.status).toBe(422);
    expect(none.body.message).toBe(MSG.excelRequired);
    const reader = await t.userWith(["items/index"]);
    expect((await start(await xlsx([]), reader.token)).status).toBe(403);
  });
});
