import type { Page } from "@playwright/test";
import { adminToken, call, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";

/**
 * A document's rate field holds the rate in force; a rate typed over it ten thousand times too
 * high (the last rate with "0000" after it) is asked about before anything is saved, in the
 * page's language. Back in the form nothing was saved; the rate typed again is saved as typed.
 */

async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

interface Expense {
  rate: string;
  amount: string;
  currency_id: number;
}

const expensesOf = async (token: string, ref: string) =>
  (await call<{ data: { data: Expense[] } }>(`expenses?is_paginated=0&search=${encodeURIComponent(ref)}`, { token })).data.data;

/** A dollar box holding 1,000 USD and an expense type, named for this test. */
async function seed(token: string) {
  const u = unique();
  const s = { usd: `Rate Box ${u}`, type: `Rate Rent ${u}` };
  const box = (
    await call<{ data: { account_id: number } }>("cashes", {
      method: "POST",
      token,
      body: { account_name: s.usd, cash_type: 1, currency_id: 2 },
    })
  ).data.account_id;
  await call("expense_types", { method: "POST", token, body: { type_name: s.type } });
  const income = (await call<{ data: { type_id: number } }>("income_types", { method: "POST", token, body: { type_name: `Rate In ${u}` } }))
    .data.type_id;
  await call("incomes", {
    method: "POST",
    token,
    body: { type_id: income, account_id: box, currency_id: 2, amount: "1000", payment_time: "08:00" },
  });
  return s;
}

for (const { lang, reference, asks } of [
  { lang: "en", reference: "Reference Number", asks: "more than 10 times" },
  { lang: "ar", reference: "رقم المرجع", asks: "سعر الصرف" },
] as const) {
  test(`a rate ten thousand times the one in force is asked about, nothing saved until it is put right (${lang})`, async ({ page }) => {
    const token = await adminToken();
    const s = await seed(token);
    const last = String(Number((await call<{ data: { rate: string } }>("currency_rates/last_rate", { token })).data.rate));
    await signedIn(page, { token, lang });
    await page.goto("/accounting/expenses");

    await page.getByTestId("doc-add").click();
    const form = page.getByTestId("money-doc-form");
    await choose(page, "doc-type", s.type);
    await choose(page, "doc-account", `${s.usd}`);
    const rate = form.getByTestId("currency-rate");
    await expect(rate).toHaveValue(Number(last).toLocaleString("en-US"));
    await form.getByTestId("currency-foreign-amount").fill("150");
    const ref = `R${unique()}`;
    await form.getByLabel(reference).fill(ref);

    // Typed over the rate it holds: the last rate with four noughts after it.
    await rate.click();
    await page.keyboard.type(`${last}0000`);
    await expect(rate).toHaveValue(Number(`${last}0000`).toLocaleString("en-US"));
    const refused = page.waitForResponse((r) => r.request().method() === "POST" && /\/api\/expenses(\/|$)/.test(r.url()));
    await form.getByTestId("doc-save").click();
    expect((await refused).status()).toBe(422);
    const asked = page.getByTestId("confirm-figure-message");
    await expect(asked).toContainText(asks);
    await expect(asked).toContainText(Number(`${last}0000`).toLocaleString("en-US"));
    await shot(page, `document-rate-asked-${lang}`);
    await page.getByTestId("confirm-figure-back").click();
    await expect(asked).toBeHidden();
    await expect(form).toBeVisible();
    expect(await expensesOf(token, ref)).toHaveLength(0);

    // Put right: the rate in force typed again, saved without a question.
    await rate.click();
    await page.keyboard.type(last);
    await expect(rate).toHaveValue(Number(last).toLocaleString("en-US"));
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && /\/api\/expenses(\/|$)/.test(r.url()));
    await form.getByTestId("doc-save").click();
    expect((await saved).status()).toBe(201);
    await expect(form).toBeHidden();
    const [doc] = await expensesOf(token, ref);
    expect(doc?.currency_id).toBe(2);
    expect(Number(doc?.amount)).toBe(150);
    expect(Number(doc?.rate)).toBe(Number(last));
  });
}

test("a purchase's rate typed a thousand times too high is asked about; agreed, the purchase is saved at it (en)", async ({ page }) => {
  const token = await adminToken();
  const u = unique();
  const post = <T>(path: string, body: unknown) => call<{ data: T }>(path, { method: "POST", token, body }).then((r) => r.data);
  const units = (await call<{ message: { unit_id: number; unit_name: string }[] }>("units/list", { token })).message;
  const piece = units.find((x) => x.unit_name === "Piece")!.unit_id;
  const itemName = `Rate Gauze ${u}`;
  await post("items", {
    item_name: itemName,
    item_units: [{ unit_fk: piece, quantity: "1", price: "2000", is_base: true, is_default: true }],
  });
  const supplier = `Rate Supplier ${u}`;
  await post("suppliers", { consumer_name: supplier });
  const last = String(Number((await call<{ data: { rate: string } }>("currency_rates/last_rate", { token })).data.rate));
  await signedIn(page, { token, lang: "en" });

  await page.goto("/purchases/purchases");
  await page.getByTestId("purchase-add").click();
  const form = page.getByTestId("purchase-form");
  const header = form.getByTestId("purchase-header");
  await form.getByTestId("purchase-supplier").click();
  await page.getByRole("option", { name: supplier, exact: true }).click();
  const ref = `P${u}`;
  await form.getByTestId("purchase-reference").fill(ref);
  await header.getByTestId("currency-select").click();
  await page.getByRole("option", { name: "USD", exact: true }).click();
  const rate = header.getByTestId("currency-rate");
  await expect(rate).toHaveValue(Number(last).toLocaleString("en-US"));
  // Typed over the rate it holds, "000" too many.
  await rate.click();
  await page.keyboard.type(`${last}000`);
  await expect(rate).toHaveValue(Number(`${last}000`).toLocaleString("en-US"));

  const line = form.getByTestId("purchase-line").first();
  await line.getByTestId("line-item").click();
  await line.getByTestId("line-item").pressSequentially(itemName.slice(0, 12));
  await page.getByRole("option", { name: itemName, exact: true }).click();
  await line.getByTestId("line-quantity").fill("");
  await line.getByTestId("line-quantity").pressSequentially("5");
  await line.getByTestId("line-price").fill("");
  await line.getByTestId("line-price").pressSequentially("2");

  const refused = page.waitForResponse((r) => r.url().endsWith("/api/purchases") && r.request().method() === "POST");
  await form.getByTestId("purchase-save").click();
  expect((await refused).status()).toBe(422);
  const asked = page.getByTestId("confirm-figure-message");
  await expect(asked).toContainText("more than 10 times");
  await expect(asked).toContainText(Number(`${last}000`).toLocaleString("en-US"));
  const purchasesOf = async () =>
    (
      await call<{ data: { data: { id: number; rate: string; reference_no: string | null }[] } }>(
        `purchases?is_paginated=0&search=${encodeURIComponent(ref)}`,
        { token },
      )
    ).data.data;
  expect(await purchasesOf()).toHaveLength(0);

  // Agreed: the same purchase goes again, confirmed, and is saved at the rate typed.
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/purchases") && r.request().method() === "POST");
  await page.getByTestId("confirm-figure-yes").click();
  const answer = await saved;
  expect(answer.status()).toBe(201);
  expect(JSON.parse(answer.request().postData() ?? "{}").confirmed).toBe(true);
  const id = ((await answer.json()) as { data: { id: number } }).data.id;
  const shown = (await call<{ data: { rate: string } }>(`purchases/${id}`, { token })).data;
  expect(Number(shown.rate)).toBe(Number(`${last}000`));
});
