import type { Page } from "@playwright/test";
import { adminToken, call, unique } from "../support/api";
import { exclusive } from "../support/exclusive";
import { expect, quiet, shot, signedIn, test } from "../support/fixtures";
import { openInApp } from "../support/walk";

/** Picks a choice in a Mantine select by its visible label. */
async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

/** A USD cash box and an income type that no other test uses. */
async function seed(token: string) {
  const u = unique();
  const account = `USD Box ${u}`;
  const type = `Consulting ${u}`;
  await call("cashes", { method: "POST", token, body: { account_name: account, cash_type: 1, currency_id: 2 } });
  await call("income_types", { method: "POST", token, body: { type_name: type } });
  return { account, type };
}

/** A 1×1 PNG: the server checks an attachment by its content, not its name. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

interface TrialBalanceRow {
  account_name: string;
  debit: string;
  credit: string;
}

for (const lang of ["en", "ar"] as const) {
  test(`an income in USD at a custom rate moves the cash balance and the trial balance (${lang})`, async ({ page }) => {
    const token = await adminToken();
    const s = await seed(token);
    await signedIn(page, { token, lang });
    await page.goto("/accounting/incomes");
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    await expect(page.getByTestId("table-incomes")).toBeVisible();

    // ------------------------------------------------------------ record the income
    await page.getByTestId("doc-add").click();
    const form = page.getByTestId("money-doc-form");
    await choose(page, "doc-type", s.type);
    await choose(page, "doc-account", s.account);
    // The account is in USD, so the form switches to USD and asks for the rate.
    await expect(form.getByTestId("currency-rate")).toBeVisible();
    // The last rate comes without the stored scale's trailing zeros, grouped by thousands.
    await expect(form.getByTestId("currency-rate")).toHaveValue(/^\d{1,3}(,\d{3})*(\.\d*[1-9])?$/);
    await form.getByTestId("currency-rate").fill("1480");
    await form.getByTestId("currency-foreign-amount").fill("250");
    await expect(form.getByTestId("currency-amount")).toHaveValue("370,000");
    await form.getByLabel(lang === "ar" ? "ملاحظة" : "Note").fill(lang === "ar" ? "أتعاب استشارة" : "Consulting fee");
    // A receipt photo goes with the income as multipart form data.
    await form.locator('input[type="file"]').setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: PNG });
    await shot(page, `income-form-${lang}`);
    await form.getByTestId("doc-save").click();
    await expect(form).toBeHidden();
    const row = page.getByTestId("table-row").filter({ hasText: s.type });
    await expect(row).toBeVisible();
    await expect(row.getByTestId("doc-amount")).toContainText("250");
    const href = await row.locator('[data-column="attachment"] a').getAttribute("href");
    expect(href).toMatch(/^\/images\/.+\.png$/);
    expect((await page.request.get(href ?? "")).status()).toBe(200);
    await shot(page, `incomes-${lang}`);

    // ------------------------------------------------------------ the cash balance follows
    await page.goto(`/accounting/cash-and-banks?search=${encodeURIComponent(s.account)}`);
    const cash = page.getByTestId("table-row").filter({ hasText: s.account });
    await expect(cash.getByTestId("cash-balance")).toContainText("250");
    await expect(page.getByTestId("cash-total-2")).toBeVisible();
    const totals = await call<{ data: { total_usd: string } }>("show_total_cash_balance", { token });
    const usd = Number(totals.data.total_usd);
    expect(usd).toBeGreaterThanOrEqual(250);
    await shot(page, `cash-and-banks-${lang}`);

    // ------------------------------------------------------------ and so does the trial balance, in IQD at the stated rate
    await page.goto(`/reports/financial-reports/trial-balance?search=${encodeURIComponent(s.account)}`);
    const tb = page.getByTestId("table-row").filter({ hasText: s.account });
    await expect(tb.locator('[data-column="debit"]')).toHaveText("370,000");
    await expect(tb.locator('[data-column="credit"]')).toHaveText("0");
    const report = await call<{ data: { data: TrialBalanceRow[]; footer: { debit: string; credit: string } } }>(
      "financial_reports/trial_balance?filter[date_filter]=THIS_YEAR&is_paginated=0",
      { token },
    );
    expect(report.data.footer.debit).toBe(report.data.footer.credit);
    expect(Number(report.data.data.find((r) => r.account_name === s.account)?.debit)).toBe(370000);
    // Unfiltered, the footer shows total debit = total credit.
    await page.goto("/reports/financial-reports/trial-balance");
    await expect(page.getByTestId("table-trial_balance").locator("tfoot")).toBeVisible();
    const foot = page.getByTestId("table-trial_balance").locator("tfoot");
    const debit = await foot.locator("td").nth(4).textContent();
    const credit = await foot.locator("td").nth(5).textContent();
    expect(debit).toBe(credit);
    // The seeded chart of accounts reads in the user's language: the first root is Assets.
    await expect(page.getByTestId("table-row").first().locator('[data-column="account_name"]')).toHaveText(
      lang === "ar" ? "الأصول" : "Assets",
    );
    await shot(page, `trial-balance-${lang}`);

    // A chosen period lives in the address: after a reload the report asks for the same period,
    // shows it, and the table opens no empty advanced search of its own.
    await page.goto(`/reports/financial-reports/trial-balance?search=${encodeURIComponent(s.account)}&filter[date_filter]=LAST_YEAR`);
    const lastYear = page.waitForResponse((r) => r.url().includes("trial_balance") && r.url().includes("LAST_YEAR"));
    await page.reload();
    await lastYear;
    await expect(page.getByTestId("report-date-filter")).toHaveValue(lang === "ar" ? "السنة الماضية" : "Last year");
    await expect(page.getByTestId("advanced-search")).toHaveCount(0);
    await expect(page.getByTestId("table-row").filter({ hasText: s.account })).toHaveCount(0);
  });
}

test("a customer receipt shows in the customer's statement; a transfer needs two different accounts and converts IQD to USD", async ({
  page,
}) => {
  const token = await adminToken();
  const u = unique();
  const customer = `Customer ${u}`;
  const iqd = `IQD Box ${u}`;
  const usd = `USD Safe ${u}`;
  await call("customers", { method: "POST", token, body: { consumer_name: customer, mobile: "07501234567" } });
  await call("cashes", { method: "POST", token, body: { account_name: iqd, cash_type: 1, currency_id: 1 } });
  await call("cashes", { method: "POST", token, body: { account_name: usd, cash_type: 2, currency_id: 2, bank_name: "RT Bank" } });
  await signedIn(page, { token, lang: "en" });

  // ------------------------------------------------------------ nothing chosen yet
  await page.goto("/customers/transactions");
  await expect(page.getByTestId("select-party-hint")).toHaveText("Please select an item to view its transactions");
  await page.getByTestId("party-picker").fill(customer);
  await page.getByRole("option", { name: customer }).click();
  await expect(page).toHaveURL(/\/customers\/\d+\/transactions$/);

  // ------------------------------------------------------------ a receipt of 50,000 IQD
  await page.getByTestId("payment-add").click();
  const form = page.getByTestId("payment-form");
  await choose(page, "payment-account", iqd);
  await form.getByTestId("currency-amount").fill("50000");
  await form.getByTestId("payment-save").click();
  await expect(form).toBeHidden();
  const line = page.getByTestId("statement-1").getByTestId("statement-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("50,000");
  await expect(page.getByTestId("statement-1").getByTestId("statement-closing")).toContainText("-50,000");
  await shot(page, "customer-transactions-en");

  // ------------------------------------------------------------ transfers: same account refused, IQD → USD converted
  await page.goto("/accounting/transfer-transactions");
  await page.getByTestId("transfer-add").click();
  const transfer = page.getByTestId("transfer-form");
  await choose(page, "transfer-from", `${iqd} (IQD)`);
  await choose(page, "transfer-to", `${iqd} (IQD)`);
  await expect(transfer.getByTestId("accounts-must-differ")).toHaveText("From Account and To Account must be different");
  await choose(page, "transfer-to", `${usd} (USD)`);
  await expect(transfer.getByTestId("accounts-must-differ")).toBeHidden();
  await transfer.getByTestId("transfer-rate-out").fill("1500");
  await transfer.getByTestId("transfer-amount").fill("30000");
  // The dollars it makes, with their cents.
  await expect(transfer.getByTestId("transfer-foreign-amount")).toHaveValue("20.00");
  await shot(page, "transfer-form-en");
  await transfer.getByTestId("transfer-save").click();
  await expect(transfer).toBeHidden();
  const row = page.getByTestId("table-row").filter({ hasText: usd });
  await expect(row).toContainText("30,000 IQD");
  // Dollars with their cents, dinars whole, as every list shows money in its currency.
  await expect(row).toContainText("20.00 USD");

  const balances = await call<{ data: { account_name: string; balance: string }[] }>("cash_balance_show", { token });
  expect(Number(balances.data.find((a) => a.account_name === iqd)?.balance)).toBe(20000);
  expect(Number(balances.data.find((a) => a.account_name === usd)?.balance)).toBe(20);

  // ------------------------------------------------------------ an opening balance for the IQD box posts against opening-balance equity
  // The last rate is held back until the amount is typed: arriving late, it must not wipe the amount.
  let releaseRate = () => {};
  const rateHeld = new Promise<void>((r) => {
    releaseRate = r;
  });
  await page.route("**/api/currency_rates/last_rate*", async (route) => {
    await rateHeld;
    await route.continue();
  });
  // One opening balance for everyone, saved whole from the form: another test's save stays apart.
  await exclusive("accounting-opening-balance", async () => {
    await page.goto("/settings/opening-balance/accounting-opening-balance");
    const amount = page.getByTestId("opening-cashes").getByRole("row", { name: iqd }).getByRole("textbox");
    await amount.fill("1000");
    const rateAnswered = page.waitForResponse("**/api/currency_rates/last_rate*");
    releaseRate();
    await rateAnswered;
    // Let the page take the answer in (nothing more on its way, two frames drawn) before looking.
    await quiet(page);
    await expect(amount).toHaveValue(/^1,?000$/);
    await page.getByTestId("opening-save").click();
    await expect(page.getByText("Updated Successfully")).toBeVisible();
  });
  const after = await call<{ data: { account_name: string; balance: string }[] }>("cash_balance_show", { token });
  expect(Number(after.data.find((a) => a.account_name === iqd)?.balance)).toBe(21000);
  const tb = await call<{ data: { footer: { debit: string; credit: string } } }>("financial_reports/trial_balance?is_paginated=0", {
    token,
  });
  expect(tb.data.footer.debit).toBe(tb.data.footer.credit);

  // ------------------------------------------------------------ the customer statements report, and the income statement in Arabic
  await page.goto("/reports/customer-statements");
  await page.getByTestId("table-search").fill(customer);
  // The search applied (it is debounced) before the row's menu opens: a page of rows arriving after would close it.
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByTestId("table-row")).toHaveCount(1);
  const party = page.getByTestId("table-row").filter({ hasText: customer });
  await expect(party).toContainText("-50,000");
  await party.getByTestId("row-actions").click();
  await page.getByTestId("row-action-statement").click();
  await expect(page.getByTestId("statement-1").getByTestId("statement-line")).toHaveCount(1);
  await shot(page, "customer-statement-en");
});

test("the income statement, the expense form, customers and the opening balance read right to left in Arabic", async ({ page }) => {
  const token = await adminToken();
  await signedIn(page, { token, lang: "ar" });
  await page.goto("/reports/financial-reports/income-statement");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("income-section")).toBeVisible();
  await expect(page.getByTestId("net-income")).toBeVisible();
  await shot(page, "income-statement-ar");
  await page.goto("/accounting/expenses");
  await page.getByTestId("doc-add").click();
  await page.getByTestId("doc-payment-time").fill("");
  await page.getByTestId("doc-save").click();
  await expect(page.getByTestId("money-doc-form")).toContainText("حقل النوع مطلوب.");
  await shot(page, "expense-form-ar");

  await page.getByTestId("money-doc-form").getByRole("button", { name: "إلغاء" }).click();

  // A customer with every field, then the opening balance that lists it.
  const name = `زبون ${unique()}`;
  await page.goto("/customers/customers");
  await page.getByTestId("party-add").click();
  const party = page.getByTestId("party-form");
  await party.getByLabel("الاسم").fill(name);
  await party.getByLabel("الهاتف المحمول").fill("07701234567");
  await party.getByLabel("هاتف المكتب").fill("066 222 3333");
  await party.getByLabel("العنوان").fill("أربيل، شارع 100");
  await party.getByLabel("الحد المسموح للدين").fill("2500000");
  await party.getByText("مخصص", { exact: true }).click();
  await party.getByLabel("أيام التأخير").fill("30");
  await shot(page, "customer-form-ar");
  await party.getByTestId("party-save").click();
  await expect(party).toBeHidden();
  await expect(page.getByTestId("table-row").filter({ hasText: name })).toContainText("2,500,000");
  await shot(page, "customers-ar");
  // The seeded walk-in customer shows in Arabic, like the other seeded records.
  await page.goto("/customers/customers?search=WALKIN");
  await expect(page.getByTestId("table-row").filter({ hasText: "WALKIN" })).toContainText("زبون نقدي");
  await expect(page.getByText("Walk-in Customer")).toHaveCount(0);

  await openInApp(page, "/settings/opening-balance/accounting-opening-balance");
  await expect(page.getByTestId("opening-cashes")).toBeVisible();
  await shot(page, "opening-balance-ar");

  // An expense type made on its screen; suppliers wait for a choice before showing transactions.
  const type = `إيجار ${unique()}`;
  await openInApp(page, "/accounting/expense-types");
  await page.getByTestId("type-add").click();
  await page.getByTestId("type-form").getByLabel("اسم النوع").fill(type);
  await page.getByTestId("type-save").click();
  await expect(page.getByTestId("table-row").filter({ hasText: type })).toBeVisible();
  await openInApp(page, "/suppliers/transactions");
  await expect(page.getByTestId("select-party-hint")).toBeVisible();
  await expect(page.getByTestId("party-picker")).toBeVisible();
});
