import { PURCHASE_IMPORT_COLUMNS } from "@app/contracts";
import ExcelJS from "exceljs";
import { adminToken, call, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";
import { createItem, pieceAndBox, pieceAndBoxOfTen, poster } from "../support/seed";

/** A sheet of the import's columns with these rows, as a spreadsheet program would save it. */
async function xlsx(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("lines");
  ws.addRow([...PURCHASE_IMPORT_COLUMNS]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const file = async (rows: string[][]) => ({
  name: "lines.xlsx",
  mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  buffer: await xlsx(rows),
});

interface Line {
  item_name: string;
  unit_name: string;
  quantity: string;
  bonus: string;
  unit_price: string;
  expire_date: string | null;
  description: string | null;
}

test("lines imported into a draft purchase run as a job: every bad row named and nothing saved, the refusal still shown after a reload, then the good sheet's lines saved (en)", async ({
  page,
}) => {
  const token = await adminToken();
  const u = unique();
  const post = poster(token);
  const units = await pieceAndBox(token);
  const tablets = `Ibuprofen ${u}`;
  const syrup = `Paracetamol Syrup ${u}`;
  const tabletsId = await createItem(token, { item_name: tablets, item_units: pieceAndBoxOfTen(units, { piece: "500", box: "5000" }) });
  await createItem(token, {
    item_name: syrup,
    has_expire: true,
    item_units: pieceAndBoxOfTen(units, { piece: "2500", box: "25000" }),
  });
  const supplier = (await post<{ consumer_id: number }>("suppliers", { consumer_name: `Duhok Medical ${u}` })).consumer_id;
  const draft = await post<{ id: number }>("purchases", {
    consumer_id: supplier,
    inventory_id: 1,
    currency_id: 1,
    discount_type: "amount",
    payment_type: "On Account",
    lines: [{ item_id: tabletsId, unit_id: units.piece, quantity: "2", unit_price: "400" }],
  });
  const saved = async () => (await call<{ data: { lines: Line[] } }>(`purchases/${draft.id}`, { token })).data.lines;

  await signedIn(page, { token, lang: "en" });
  await page.goto(`/purchases/purchases/upsert/${draft.id}/1/0/0`);
  await expect(page.getByTestId("purchase-line")).toHaveCount(1);
  await page.getByTestId("purchase-import").click();

  // Row 3 names no item, row 4 a syrup without its expiry: the job fails, every reason listed, nothing added.
  const started = page.waitForResponse((r) => r.url().endsWith(`/purchases/${draft.id}/import/start`));
  await page
    .getByTestId("purchase-import-file")
    .locator("..")
    .locator("input[type=file]")
    .setInputFiles(
      await file([
        [tablets, "Box", "", "", "3", "3500", ""],
        [`No such item ${u}`, "", "", "", "1", "100", ""],
        [syrup, "Piece", "", "", "4", "1800", ""],
      ]),
    );
  expect((await started).status()).toBe(202);
  await expect(page).toHaveURL(/[?&]job=/);
  const errors = page.getByTestId("purchase-import-error-row");
  await expect(errors).toHaveCount(2);
  await expect(errors.filter({ hasText: "item" }).first()).toContainText("3");
  await expect(errors.filter({ hasText: "expire_date" })).toContainText("4");
  expect(await saved()).toHaveLength(1);
  await shot(page, "purchase-import-refused-en");

  // The job's id is in the address: after a reload the dialog opens on the same refusal.
  await page.reload();
  await expect(page.getByTestId("purchase-import-error-row")).toHaveCount(2);

  // The good sheet: a box with a bonus and a description, and the syrup with its expiry.
  await page
    .getByTestId("purchase-import-file")
    .locator("..")
    .locator("input[type=file]")
    .setInputFiles(
      await file([
        [tablets, "Box", "blister pack", "1", "3", "3500", ""],
        [syrup, "", "", "", "4", "1800", "30/06/2030"],
      ]),
    );
  await expect(page.getByText("2 lines imported")).toBeVisible();
  await expect(page.getByTestId("purchase-import-error-row")).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]job=/);
  await expect(page.getByTestId("purchase-line")).toHaveCount(3);
  const lines = await saved();
  expect(
    lines.map((l) => [l.item_name, l.unit_name, Number(l.quantity), Number(l.bonus), Number(l.unit_price), l.expire_date, l.description]),
  ).toEqual([
    [tablets, "Piece", 2, 0, 400, null, null],
    [tablets, "Box", 3, 1, 3500, null, "blister pack"],
    [syrup, "Box", 4, 0, 1800, "2030-06-30", null],
  ]);
});
