import type { Locator, Page } from "@playwright/test";
import { adminToken, call, unique } from "../support/api";
import { axeViolations, describeViolations } from "../support/axe";
import { expect, shot, signedIn, test, typeInto } from "../support/fixtures";
import { completedPurchase, createItem, pieceAndBox, pieceOnly, poster } from "../support/seed";

/**
 * Goods go back to the supplier, as a shop does it: the user finds the supplier's purchase in the
 * list, opens it and starts a return from it; the form shows what each line can still return.
 * Quantities are typed with thousands separators (and in Arabic with Arabic-Indic digits); more
 * than is left is refused by the server under the line; a valid return saves complete. The
 * stock, the supplier's balance and journal entry, and what is left to return all follow.
 */
interface Seed {
  token: string;
  item: number;
  itemName: string;
  supplierId: number;
  supplier: string;
  purchaseId: number;
  purchaseLine: number;
}

/** 2,500 pieces at 1,200 IQD on the supplier's account: 3,000,000 IQD owed. */
async function seed(): Promise<Seed> {
  const token = await adminToken();
  const u = unique();
  const { piece } = await pieceAndBox(token);
  const itemName = `Azithromycin ${u}`;
  const item = await createItem(token, { item_name: itemName, item_units: pieceOnly(piece, "1500") });
  const supplier = `Duhok Medical Supplies ${u}`;
  const { consumer_id: supplierId } = await poster(token)<{ consumer_id: number }>("suppliers", { consumer_name: supplier });
  const purchase = await completedPurchase<{ id: number; lines: { line_id: number }[] }>(token, {
    consumer_id: supplierId,
    reference_no: `INV-${u}`,
    discount_type: "amount",
    lines: [{ item_id: item, unit_id: piece, quantity: "2500", unit_price: "1200", batch_no: `AZ-${u}` }],
  });
  return {
    token,
    item,
    itemName,
    supplierId,
    supplier,
    purchaseId: purchase.id,
    purchaseLine: purchase.lines[0]!.line_id,
  };
}

const onHand = async (s: Seed) =>
  (await call<{ data: { data: { qty: string }[] } }>(`stocks?filter[item_id]=${s.item}&per_page=50`, { token: s.token })).data.data.reduce(
    (sum, r) => sum + Number(r.qty),
    0,
  );

/** The supplier's IQD ledger account and what the shop owes on it. */
const supplierRow = async (s: Seed) => {
  const row = (
    await call<{ data: { data: { account_fk: number; balance_iqd: string }[] } }>(`suppliers?filter[consumer_id]=${s.supplierId}`, {
      token: s.token,
    })
  ).data.data[0]!;
  return { account: row.account_fk, balance: Number(row.balance_iqd) };
};

/** The purchase line's quantity already returned (by complete returns). */
const returned = async (s: Seed) =>
  Number(
    (
      await call<{ data: { lines: { line_id: number; returned_quantity: string }[] } }>(`purchases/${s.purchaseId}`, { token: s.token })
    ).data.lines.find((l) => l.line_id === s.purchaseLine)!.returned_quantity,
  );

/**
 * The return's one journal entry (a saved return posts it), its lines as [the supplier's account
 * or the account's system key, debit, credit].
 */
async function entryOf(s: Seed, returnId: number) {
  const entries = (
    await call<{
      data: { data: { description: string; lines: { account_id: number; system_key: string | null; debit: string; credit: string }[] }[] };
    }>(`journal_entries?filter[source_type]=purchase_return&filter[source_id]=${returnId}`, { token: s.token })
  ).data.data;
  expect(entries).toHaveLength(1);
  const { account } = await supplierRow(s);
  return {
    description: entries[0]!.description,
    lines: entries[0]!.lines.map((l) => [l.account_id === account ? "supplier" : l.system_key, Number(l.debit), Number(l.credit)]),
  };
}

/** From the purchases list to the purchase, then its "Return goods": how a user picks the purchase. */
async function openReturnFromPurchase(page: Page, s: Seed, returnLabel: string) {
  await page.goto("/purchases/purchases");
  await page.getByTestId("table-search").fill(s.supplier);
  await expect(page.getByTestId("table-row")).toHaveCount(1);
  await page.getByTestId("table-row").first().getByTestId("row-actions").click();
  await page.getByTestId("row-action-view").click();
  await expect(page).toHaveURL(new RegExp(`/purchases/purchases/view/${s.purchaseId}/0(\\?|$)`));
  await page.getByRole("button", { name: returnLabel }).click();
  await expect(page).toHaveURL(new RegExp(`/purchases/purchase-return/upsert/0/0/${s.purchaseId}/0$`));
  const form = page.getByTestId("return-form");
  const line = form.getByTestId("return-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(s.itemName);
  return { form, line };
}

/** Saves the form and answers the server's status for the return. */
async function save(page: Page, form: Locator) {
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/purchase_returns") && r.request().method() === "POST");
  await form.getByTestId("return-save").click();
  return (await answer).status();
}

let s: Seed;

test.describe
  .serial("purchase returns", () => {
    test.beforeAll(async () => {
      s = await seed();
    });

    test("return part of a purchase from its page; stock, supplier and what is left follow (en)", async ({ page }) => {
      test.setTimeout(120_000);
      await signedIn(page, { token: s.token, lang: "en" });
      const { form, line } = await openReturnFromPurchase(page, s, "Return goods");
      await expect(line.getByTestId("returnable")).toHaveText("2,500");

      // More than was bought: the server refuses it, and says so under the line's quantity.
      await typeInto(line.getByTestId("return-quantity"), "2,600");
      await expect(line.getByTestId("return-quantity")).toHaveValue("2,600");
      expect(await save(page, form)).toBe(422);
      await expect(line).toContainText("The quantity may not be greater than what was bought less what was already returned.");
      await expect(line.getByTestId("return-quantity")).toHaveAttribute("aria-invalid", "true");
      // Nothing of it was kept.
      expect(await returned(s)).toBe(0);
      expect(await onHand(s)).toBe(2500);

      // 1,500 pieces at 1,200.
      await typeInto(line.getByTestId("return-quantity"), "1,500");
      await expect(line.getByTestId("return-quantity")).toHaveValue("1,500");
      await expect(form.getByTestId("return-total")).toHaveText("1,800,000 IQD");
      expect(await save(page, form)).toBe(201);
      await expect(page).toHaveURL(/\/purchases\/purchase-return\/view\/\d+\/0$/);
      const returnId = Number(/view\/(\d+)\//.exec(page.url())![1]);
      const sheet = page.getByTestId("return-sheet");
      // Saving a return completes it: the goods leave and the entry posts at once.
      await expect(sheet.getByTestId("doc-status").first()).toHaveText("Complete");
      await expect(sheet).toContainText(s.supplier);
      await expect(sheet).toContainText("1,800,000");

      const stored = (
        await call<{ data: { status: string; total: string; number: string } }>(`purchase_returns/${returnId}`, { token: s.token })
      ).data;
      expect(stored.status).toBe("complete");
      expect(Number(stored.total)).toBe(1_800_000);
      expect(stored.number).toMatch(/^PRT-\d+$/);
      // 2,500 in, 1,500 back.
      expect(await onHand(s)).toBe(1000);
      // 3,000,000 owed less 1,800,000.
      expect((await supplierRow(s)).balance).toBe(1_200_000);
      // Dr supplier / Cr inventory at the goods' cost (the price paid: no gain, no loss).
      expect(await entryOf(s, returnId)).toEqual({
        description: `Purchase return to ${s.supplier}`,
        lines: [
          ["supplier", 1_800_000, 0],
          ["inventory", 0, 1_800_000],
        ],
      });
      expect(await returned(s)).toBe(1500);

      // The form now offers what is left.
      await page.goto(`/purchases/purchase-return/upsert/0/0/${s.purchaseId}/0`);
      await expect(page.getByTestId("return-line").first().getByTestId("returnable")).toHaveText("1,000");
    });

    test("a second return typed in Arabic-Indic digits, refused then saved, right to left (ar)", async ({ page }) => {
      test.setTimeout(120_000);
      expect(await returned(s)).toBe(1500);
      await signedIn(page, { token: s.token, lang: "ar" });
      const { form, line } = await openReturnFromPurchase(page, s, "إرجاع بضائع");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(line.getByTestId("returnable")).toHaveText("1,000");

      // ١٬٢٠٠ is 1,200: more than the 1,000 left after the first return.
      await typeInto(line.getByTestId("return-quantity"), "١٬٢٠٠");
      await expect(line.getByTestId("return-quantity")).toHaveValue("1,200");
      expect(await save(page, form)).toBe(422);
      await expect(line).toContainText("لا يجوز أن تزيد الكمية على ما تم شراؤه مطروحاً منه ما أُرجع سابقاً.");
      expect(await returned(s)).toBe(1500);
      expect(await onHand(s)).toBe(1000);
      await shot(page, "purchase-return-refused-ar");
      // The form with the server's message under a line: labels, names, contrast of the refused field.
      const violations = await axeViolations(page, "[data-testid='return-form']");
      expect(describeViolations("ar purchase return form with a refused line", violations)).toBe("");

      // ٢٥٠ pieces at 1,200.
      await typeInto(line.getByTestId("return-quantity"), "٢٥٠");
      await expect(line.getByTestId("return-quantity")).toHaveValue("250");
      await expect(line).not.toContainText("لا يجوز أن تزيد الكمية");
      await expect(form.getByTestId("return-total")).toHaveText("300,000 IQD");
      await shot(page, "purchase-return-form-ar");
      expect(await save(page, form)).toBe(201);
      await expect(page).toHaveURL(/\/purchases\/purchase-return\/view\/\d+\/0$/);
      const returnId = Number(/view\/(\d+)\//.exec(page.url())![1]);
      await expect(page.getByTestId("return-sheet").getByTestId("doc-status").first()).toHaveText("مكتملة");

      expect(await onHand(s)).toBe(750);
      expect((await supplierRow(s)).balance).toBe(900_000);
      expect((await entryOf(s, returnId)).lines).toEqual([
        ["supplier", 300_000, 0],
        ["inventory", 0, 300_000],
      ]);
      expect(await returned(s)).toBe(1750);
      await page.goto(`/purchases/purchase-return/upsert/0/0/${s.purchaseId}/0`);
      await expect(page.getByTestId("return-line").first().getByTestId("returnable")).toHaveText("750");
    });
  });
