import type { Locator, Page } from "@playwright/test";
import { adminToken, call, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";

async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

/** The business's year (Asia/Baghdad): the one financial year the product opens at first start. */
const year = () => Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Baghdad", year: "numeric" }).format(new Date()));

interface Expense {
  id: number;
  date: string;
  rate: string;
  amount: string;
  currency_id: number;
  reference_no: string | null;
}

async function seed(token: string) {
  const u = unique();
  const s = { iqd: `Safe ${u}`, usd: `Dollar Box ${u}`, type: `Rent ${u}`, income: `Sales ${u}` };
  await call("cashes", { method: "POST", token, body: { account_name: s.iqd, cash_type: 1, currency_id: 1 } });
  await call("cashes", { method: "POST", token, body: { account_name: s.usd, cash_type: 1, currency_id: 2 } });
  await call("expense_types", { method: "POST", token, body: { type_name: s.type } });
  await call("income_types", { method: "POST", token, body: { type_name: s.income } });
  // Money in both boxes, so the expenses below have something to pay from.
  const income = await typeId(token, s.income, "income_types");
  for (const [account, currency_id, amount] of [
    [s.iqd, 1, "10000000"],
    [s.usd, 2, "1000"],
  ] as const) {
    await call("incomes", {
      method: "POST",
      token,
      body: { type_id: income, account_id: await accountId(token, account), currency_id, amount, payment_time: "08:00" },
    });
  }
  return s;
}

/** Saves the open document form and waits for the server's answer, not just for the dialog to go. */
async function save(page: Page, form: Locator) {
  const answered = page.waitForResponse((r) => r.request().method() === "POST" && /\/api\/(expenses|incomes)(\/|$)/.test(r.url()));
  await form.getByTestId("doc-save").click();
  expect((await answered).status()).toBe(201);
  await expect(form).toBeHidden();
}

const expensesOf = async (token: string, ref: string) =>
  (await call<{ data: { data: Expense[] } }>(`expenses?is_paginated=0&search=${encodeURIComponent(ref)}`, { token })).data.data;

test("typed dates are read as the page shows them (en)", async ({ page }) => {
  const token = await adminToken();
  const s = await seed(token);
  await signedIn(page, { token, lang: "en" });
  await page.goto("/accounting/expenses");
  const y = year();

  for (const [typed, saved] of [
    [`15/11/${y}`, `${y}-11-15`],
    [`5/11/${y}`, `${y}-11-05`],
  ] as const) {
    const ref = `D${unique()}`;
    await page.getByTestId("doc-add").click();
    const form = page.getByTestId("money-doc-form");
    await choose(page, "doc-type", s.type);
    await choose(page, "doc-account", s.iqd);
    const date = form.getByTestId("doc-date");
    await date.fill("");
    await date.pressSequentially(typed);
    await form.getByTestId("currency-amount").pressSequentially("750,000");
    await expect(form.getByTestId("currency-amount")).toHaveValue("750,000");
    await form.getByLabel("Reference Number").fill(ref);
    await save(page, form);
    const [doc] = await expensesOf(token, ref);
    expect(doc?.date.slice(0, 10)).toBe(saved);
    expect(Number(doc?.amount)).toBe(750000);
  }
});

test("a date outside every financial year is refused with the server's reason under the date (en)", async ({ page }) => {
  const token = await adminToken();
  const s = await seed(token);
  await signedIn(page, { token, lang: "en" });
  await page.goto("/accounting/expenses");
  const ref = `D${unique()}`;
  await page.getByTestId("doc-add").click();
  const form = page.getByTestId("money-doc-form");
  await choose(page, "doc-type", s.type);
  await choose(page, "doc-account", s.iqd);
  await form.getByTestId("doc-date").fill("");
  await form.getByTestId("doc-date").pressSequentially("15/11/2001");
  await form.getByTestId("currency-amount").fill("1000");
  await form.getByLabel("Reference Number").fill(ref);
  await form.getByTestId("doc-save").click();
  await expect(form.getByText("No financial year contains this date")).toBeVisible();
  await shot(page, "expense-date-refused-en");
  expect(await expensesOf(token, ref)).toHaveLength(0);
});

test("a USD cash account switches the expense to USD at the last out-rate, and the footer totals each currency (en)", async ({ page }) => {
  const token = await adminToken();
  const s = await seed(token);
  const last = (await call<{ data: { rate: string } }>("currency_rates/last_rate", { token })).data;
  await signedIn(page, { token, lang: "en" });
  await page.goto("/accounting/expenses");

  await page.getByTestId("doc-add").click();
  const form = page.getByTestId("money-doc-form");
  await choose(page, "doc-type", s.type);
  await choose(page, "doc-account", s.usd);
  await expect(form.getByTestId("currency-rate")).toBeVisible();
  await expect(form.getByTestId("currency-rate")).not.toHaveValue("1");
  await expect(form.getByTestId("currency-rate")).toHaveValue(Number(last.rate).toLocaleString("en-US"));
  await form.getByTestId("currency-foreign-amount").fill("150");
  const ref = `U${unique()}`;
  await form.getByLabel("Reference Number").fill(ref);
  await save(page, form);
  const [usd] = await expensesOf(token, ref);
  expect(usd?.currency_id).toBe(2);
  expect(Number(usd?.amount)).toBe(150);
  expect(Number(usd?.rate)).toBe(Number(last.rate));

  // One IQD expense of the same type beside it: the footer names each currency's total.
  await call("expenses", {
    method: "POST",
    token,
    body: {
      type_id: await typeId(token, s.type),
      account_id: await accountId(token, s.iqd),
      currency_id: 1,
      amount: "250000",
      payment_time: "10:00",
    },
  });
  await page.getByTestId("table-search").fill(s.type);
  await expect(page.getByTestId("table-row")).toHaveCount(2);
  // Each currency as it is shown: dinars whole (the IQD decimals setting), dollars with their cents.
  await expect(page.getByTestId("footer-amount")).toHaveText("\u2066250,000 IQD\u2069 + \u2066150.00 USD\u2069");
  await shot(page, "expenses-footer-en");
});

test("a transfer the balance cannot cover shows the server's reason (en)", async ({ page }) => {
  const token = await adminToken();
  const s = await seed(token);
  const empty = `Empty Safe ${unique()}`;
  await call("cashes", { method: "POST", token, body: { account_name: empty, cash_type: 1, currency_id: 1 } });
  await signedIn(page, { token, lang: "en" });
  await page.goto("/accounting/transfer-transactions");
  await page.getByTestId("transfer-add").click();
  const form = page.getByTestId("transfer-form");
  await choose(page, "transfer-from", `${empty} (IQD)`);
  await choose(page, "transfer-to", `${s.usd} (USD)`);
  await form.getByTestId("transfer-amount").fill("1000");
  await form.getByTestId("transfer-save").click();
  await expect(page.getByText("No Enough Balance IQD")).toBeVisible();
  // The form stays open with what was typed.
  await expect(form.getByTestId("transfer-amount")).toHaveValue("1,000");
  await shot(page, "transfer-refused-en");
});

test("Arabic: dates typed year first with Arabic-Indic digits, amounts with Arabic separators (ar)", async ({ page }) => {
  const token = await adminToken();
  const s = await seed(token);
  await signedIn(page, { token, lang: "ar" });
  await page.goto("/accounting/incomes");
  const y = year();
  const indic = (t: string) => t.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
  await page.getByTestId("doc-add").click();
  const form = page.getByTestId("money-doc-form");
  await choose(page, "doc-type", s.income);
  await choose(page, "doc-account", s.iqd);
  await form.getByTestId("doc-date").fill("");
  await form.getByTestId("doc-date").pressSequentially(indic(`${y}-11-05`));
  await form.getByTestId("currency-amount").pressSequentially("٧٥٠٬٠٠٠");
  await expect(form.getByTestId("currency-amount")).toHaveValue("750,000");
  const ref = `A${unique()}`;
  await form.getByLabel("رقم المرجع").fill(ref);
  await shot(page, "income-form-typed-ar");
  await save(page, form);
  const incomes = (await call<{ data: { data: Expense[] } }>(`incomes?is_paginated=0&search=${ref}`, { token })).data.data;
  expect(incomes[0]?.date.slice(0, 10)).toBe(`${y}-11-05`);
  expect(Number(incomes[0]?.amount)).toBe(750000);
});

test("Arabic: a rate typed over the last rate replaces it, a hundredfold one is asked about, and the rate is removed from its row (ar)", async ({
  page,
}) => {
  const token = await adminToken();
  const last = (await call<{ data: { rate_id: number; rate: string } }>("currency_rates/last_rate", { token })).data;
  const lastRate = String(Number(last.rate));
  await signedIn(page, { token, lang: "ar" });

  // The new rate's field holds the last rate: typed over, a figure a hundred times it is asked about in
  // Arabic; back in the form, the rate typed again replaces what the field held.
  await page.goto("/accounting/currency-rates");
  await page.getByTestId("rate-add").click();
  const form = page.getByTestId("rate-form");
  const rate = form.getByTestId("field-rate");
  await expect(rate).toHaveValue(Number(lastRate).toLocaleString("en-US"));
  await rate.click();
  await page.keyboard.type(`${lastRate}00`);
  await form.getByTestId("rate-save").click();
  const asked = page.getByTestId("confirm-figure-message");
  await expect(asked).toContainText("سعر الصرف");
  await expect(asked).toContainText(Number(`${lastRate}00`).toLocaleString("en-US"));
  await page.getByTestId("confirm-figure-back").click();
  await expect(asked).toBeHidden();
  await rate.click();
  await page.keyboard.type(lastRate);
  await expect(rate).toHaveValue(Number(lastRate).toLocaleString("en-US"));
  const stored = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/currency_rates/store_past_date"));
  await form.getByTestId("rate-save").click();
  const answer = await stored;
  expect(answer.status()).toBe(201);
  const added = ((await answer.json()) as { data: { rate_id: number; rate: string } }).data;
  expect(Number(added.rate)).toBe(Number(lastRate));
  await expect(form).toBeHidden();
  // The rate saved is removed again from its row, and the one before it is in force.
  await expect(page.getByTestId("rate-help")).toContainText("المستندات المحفوظة");
  const row = page.locator("tr", { has: page.getByRole("cell", { name: String(added.rate_id), exact: true }) });
  await row.getByTestId("row-actions").click();
  await page.getByTestId("row-action-delete").click();
  await page.getByTestId("confirm-delete-yes").click();
  await expect(page.getByTestId("confirm-delete")).toBeHidden();
  expect((await call<{ data: { rate_id: number } }>("currency_rates/last_rate", { token })).data.rate_id).toBe(last.rate_id);
});

test("Arabic: an expense's amount holding 0, clicked into and typed over, is 4,150, not 04,150 (ar)", async ({ page }) => {
  const token = await adminToken();
  const s = await seed(token);
  await signedIn(page, { token, lang: "ar" });
  await page.goto("/accounting/expenses");
  await page.getByTestId("doc-add").click();
  const doc = page.getByTestId("money-doc-form");
  await choose(page, "doc-type", s.type);
  await choose(page, "doc-account", s.iqd);
  const amount = doc.getByTestId("currency-amount");
  await amount.click();
  await page.keyboard.press("Tab");
  await expect(amount).toHaveValue("0");
  await amount.click();
  await page.keyboard.type("4,150");
  await expect(amount).toHaveValue("4,150");
  const ref = `T${unique()}`;
  await doc.getByLabel("رقم المرجع").fill(ref);
  await save(page, doc);
  const [expense] = await expensesOf(token, ref);
  expect(Number(expense?.amount)).toBe(4150);
});

async function typeId(token: string, name: string, section = "expense_types") {
  const types = (await call<{ message: { type_id: number; type_name: string }[] }>(`${section}/list`, { token })).message;
  return types.find((x) => x.type_name === name)!.type_id;
}

async function accountId(token: string, name: string) {
  const accounts = (await call<{ message: { account_id: number; account_name: string }[] }>("cashes/accounts_list", { token })).message;
  return accounts.find((x) => x.account_name === name)!.account_id;
}
