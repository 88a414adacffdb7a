import { call, createUser, unique } from "../support/api";
import { expect, signedIn, test } from "../support/fixtures";

/**
 * A manager gives a cashier's drawer its opening float from the safe on the closing-drawer
 * screen: types over the amount's 0 as people do, confirms a float of many large notes, and the
 * books hold exactly the figure typed.
 */
test("a manager gives a cashier's drawer its opening float from the safe, typed over the pre-filled amount", async ({ page }) => {
  const admin = await signedIn(page);
  const tag = unique();
  const post = <T>(p: string, body: unknown) => call<{ data: T }>(p, { method: "POST", token: admin, body }).then((r) => r.data);
  const cashier = await createUser(admin, {
    user_name: `Float cashier ${tag}`,
    is_cashier: true,
    outlet_fk: 1,
    permissions: ["pos_sales/store"],
  });
  const safe = await post<{ account_id: number }>("cashes", { account_name: `Safe ${tag}`, cash_type: 1, currency_id: 1 });
  const type = await post<{ type_id: number }>("income_types", { type_name: `Float capital ${tag}` });
  await post("incomes", { type_id: type.type_id, account_id: safe.account_id, currency_id: 1, amount: "5000000", payment_time: "08:00" });

  await page.goto("/sales/closing-drawer");
  await page.getByTestId("float-open").click();
  const form = page.getByTestId("float-form");
  await form.getByTestId("float-cashier").click();
  await page.getByRole("option", { name: cashier.user_name }).click();
  const amount = form.getByTestId("float-amount");
  await expect(amount).toHaveValue("0");
  await amount.click();
  await page.keyboard.type("1,500,000");
  await expect(amount).toHaveValue("1,500,000");
  await form.getByTestId("float-from-account").click();
  await page.getByRole("option", { name: `Safe ${tag}` }).click();
  await form.getByTestId("float-save").click();
  // Thirty 50,000 notes: asked about before it is booked.
  await expect(page.getByTestId("confirm-figure-message")).toContainText("1,500,000 IQD");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/pos/drawer-floats") && r.request().method() === "POST");
  await page.getByTestId("confirm-figure-yes").click();
  expect((await saved).status()).toBe(201);
  await expect(form.getByTestId("float-open-list")).toContainText(cashier.user_name);
  await expect(form.getByTestId("float-open-list")).toContainText("1,500,000");

  const floats = (
    await call<{ data: { amount: string; currency_id: number; from_account_fk: number }[] }>(
      `pos/drawer-floats?user_fk=${cashier.user_id}&open=1`,
      { token: admin },
    )
  ).data;
  expect(floats.map((f) => [Number(f.amount), f.currency_id, f.from_account_fk])).toEqual([[1500000, 1, safe.account_id]]);
  const balance = (await call<{ data: { balance: string } }>(`cash_balance_show?account_id=${safe.account_id}`, { token: admin })).data;
  expect(Number(balance.balance)).toBe(3500000);

  // Counted exactly the float at closing: no cash over, and the Z report names the float.
  const closing = await post<{ id: number; difference_total: string }>("closing_drawers", {
    user_fk: cashier.user_id,
    counted_iqd: "1500000",
    counted_usd: "0",
  });
  expect(Number(closing.difference_total)).toBe(0);
  await page.keyboard.press("Escape");
  await page.goto(`/sales/closing-drawer/view/${closing.id}/0`);
  const sheet = page.getByTestId("closing-sheet");
  await expect(sheet).toContainText("Opening float");
  await expect(sheet).toContainText("1,500,000");
  await expect(sheet).toContainText(`Safe ${tag}`);
});
