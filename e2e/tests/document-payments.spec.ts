import { adminToken, call, createUser, login, unique } from "../support/api";
import { choose, expect, shot, signedIn, test } from "../support/fixtures";
import { completedPurchase, completedSale, createItem, pieceAndBox, pieceOnly, poster } from "../support/seed";

/**
 * A sale left on account is paid later, as a shop does it: from the sale's page, a payment more
 * than is owed is refused in words, 8,000 of the 20,000 is paid into a cash box, the section shows
 * what is left and the customer's statement shows the payment as its own line; in Arabic the
 * section reads right to left and the payment is deleted, its entry reversed.
 */
interface Seed {
  token: string;
  saleId: number;
  customerId: number;
  customerName: string;
  box: string;
}

async function seed(): Promise<Seed> {
  const token = await adminToken();
  const u = unique();
  const post = poster(token);
  const { piece } = await pieceAndBox(token);
  const item = await createItem(token, { item_name: `Paracetamol ${u}`, item_units: pieceOnly(piece, "2000") });
  const supplier = await post<{ consumer_id: number }>("suppliers", { consumer_name: `Duhok Drugs ${u}` });
  await completedPurchase(token, {
    consumer_id: supplier.consumer_id,
    discount_type: "amount",
    lines: [{ item_id: item, unit_id: piece, quantity: "30", unit_price: "1000" }],
  });
  const customerName = `Shifa Pharmacy ${u}`;
  const customer = await post<{ consumer_id: number }>("customers", { consumer_name: customerName });
  const box = `Payments Box ${u}`;
  await call("cashes", { method: "POST", token, body: { account_name: box, cash_type: 1, currency_id: 1 } });
  const sale = await completedSale(token, {
    consumer_fk: customer.consumer_id,
    lines: [{ item_fk: item, unit_fk: piece, quantity: "10" }],
  });
  return { token, saleId: sale.id, customerId: customer.consumer_id, customerName, box };
}

let s: Seed;

test.describe
  .serial("payments after the document", () => {
    test.beforeAll(async () => {
      s = await seed();
    });

    test("a sale on account is paid later from its page; never more than is owed; the statement shows the payment (en)", async ({
      page,
    }) => {
      await signedIn(page, { token: s.token, lang: "en" });
      await page.goto(`/sales/sales/view/${s.saleId}/0`);
      const section = page.getByTestId("doc-payments");
      await expect(section).toContainText("Left to pay: 20,000 IQD");
      await expect(section.getByTestId("doc-payment-status")).toHaveText("Unpaid");
      const edit = page.getByRole("button", { name: "Edit", exact: true });
      await expect(edit).toBeVisible();

      await section.getByTestId("doc-payment-add").click();
      const form = page.getByTestId("doc-payment-form");
      await choose(page, form.getByTestId("doc-payment-account"), `${s.box} (IQD)`);
      await form.getByTestId("currency-amount").fill("25000");
      await form.getByTestId("doc-payment-save").click();
      await expect(form).toContainText("The payment may not be greater than what is owed.");
      await form.getByTestId("currency-amount").fill("8000");
      await form.getByTestId("doc-payment-save").click();
      await expect(form).toBeHidden();
      await expect(section.getByTestId("doc-payment-row")).toHaveCount(1);
      await expect(section.getByTestId("doc-payment-row")).toContainText("8,000");
      await expect(section).toContainText("Left to pay: 12,000 IQD");
      await expect(section.getByTestId("doc-payment-status")).toHaveText("Partially paid");
      // While a later payment stands the sale is neither edited nor returned to draft: neither is offered.
      await expect(edit).toHaveCount(0);
      await expect(page.getByRole("button", { name: /return to draft/i })).toHaveCount(0);
      await shot(page, "doc-payments-en");

      const number = (await call<{ data: { number: string } }>(`sales/${s.saleId}`, { token: s.token })).data.number;
      await page.goto(`/customers/${s.customerId}/transactions`);
      const statement = page.getByTestId("statement-1");
      const paid = statement.getByTestId("statement-line").filter({ hasText: `Sale payment ${number} from ${s.customerName}` });
      await expect(paid).toHaveCount(1);
      await expect(paid).toContainText("8,000");
      await expect(statement.getByTestId("statement-closing")).toContainText("12,000");
    });

    test("the section reads right to left in Arabic; deleting the payment reverses it", async ({ page }) => {
      await signedIn(page, { token: s.token, lang: "ar" });
      await page.goto(`/sales/sales/view/${s.saleId}/0`);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const section = page.getByTestId("doc-payments");
      await expect(section).toContainText("الدفعات");
      await expect(section.getByTestId("doc-payment-status")).toHaveText("مدفوع جزئياً");
      await expect(section).not.toContainText("Left to pay");
      await shot(page, "doc-payments-ar");
      await section.getByTestId("doc-payment-delete").click();
      await page.getByTestId("confirm-delete-yes").click();
      await expect(section.getByTestId("doc-payment-row")).toHaveCount(0);
      await expect(section.getByTestId("doc-payment-status")).toHaveText("غير مدفوع");
      // With the payment gone the sale may be edited again.
      await expect(page.getByRole("button", { name: "تعديل", exact: true })).toBeVisible();
      const shown = await call<{ data: { left: string; payments: unknown[] } }>(`sales/${s.saleId}/payments`, { token: s.token });
      expect([shown.data.left, shown.data.payments.length]).toEqual(["20000", 0]);
    });
  });

test("a write-off marked Done by a clerk who may not approve waits, moving nothing, until it is approved", async ({ page }) => {
  const token = await adminToken();
  const u = unique();
  const post = poster(token);
  const { piece } = await pieceAndBox(token);
  const itemName = `Insulin ${u}`;
  const item = await createItem(token, { item_name: itemName, item_units: pieceOnly(piece, "5000") });
  const supplier = await post<{ consumer_id: number }>("suppliers", { consumer_name: `Kirkuk Drugs ${u}` });
  await completedPurchase(token, {
    consumer_id: supplier.consumer_id,
    discount_type: "amount",
    lines: [{ item_id: item, unit_id: piece, quantity: "5", unit_price: "3000" }],
  });
  const disposal = await post<{ id: number }>("asset_disposals", {
    inventory_id: 1,
    disposal_type: "destruct",
    lines: [{ item_id: item, unit_id: piece, quantity: "2" }],
  });
  const clerk = await createUser(token, {
    user_name: `storekeeper${u}`,
    permissions: ["asset_disposals/index", "asset_disposals/show", "asset_disposals/complete"],
    inventory_ids: [1],
  });
  const onHand = async () => {
    const rows = await call<{ data: { data: { item_name: string; qty: string }[] } }>(`stocks?search=${encodeURIComponent(itemName)}`, {
      token,
    });
    return rows.data.data.map((r) => Number(r.qty));
  };

  await signedIn(page, { token: await login(clerk.email, clerk.password), lang: "en" });
  await page.goto(`/warehouse/destructed-assets/view/${disposal.id}/0`);
  await expect(page.getByTestId("disposal-approve")).toHaveCount(0);
  await page.getByTestId("disposal-done").click();
  await page.getByTestId("confirm-action-yes").click();
  await expect(page.getByTestId("disposal-approval")).toHaveText("Waiting for approval");
  await expect(page.getByTestId("doc-status")).toHaveText("Draft");
  expect(await onHand()).toEqual([5]);

  // The manager, in Arabic, on the same browser: what the clerk's session kept goes.
  await page.evaluate(
    ([t, l]) => {
      localStorage.clear();
      localStorage.setItem("token", t);
      localStorage.setItem("lang", l);
    },
    [token, "ar"] as const,
  );
  await page.goto(`/warehouse/destructed-assets/view/${disposal.id}/0`);
  await expect(page.getByTestId("disposal-approval")).toHaveText("بانتظار الموافقة");
  await page.getByTestId("disposal-approve").click();
  await page.getByTestId("confirm-action-yes").click();
  await expect(page.getByTestId("disposal-approval")).toHaveText("تمت الموافقة");
  await shot(page, "disposal-approved-ar");
  expect(await onHand()).toEqual([3]);
});

test("closing a period is one action over the kinds of document the user may close (a day before any document, so nothing else changes)", async ({
  page,
}) => {
  await signedIn(page, { lang: "en" });
  await page.goto("/accounting/close-period");
  await expect(page.getByRole("heading", { name: "Close a period" })).toBeVisible();
  const date = page.getByTestId("close-period-date");
  await date.click();
  await date.press("ControlOrMeta+a");
  await date.pressSequentially("01/01/2001");
  await date.press("Enter");
  await expect(page.getByTestId("close-period-asset_disposals")).toBeChecked();
  await page.getByTestId("close-period-submit").click();
  await page.getByTestId("confirm-action-yes").click();
  const result = page.getByTestId("close-period-result");
  await expect(result.getByRole("row")).toHaveCount(6);
  await expect(result).toContainText("Destructed assets");
  await shot(page, "close-period-en");
});
