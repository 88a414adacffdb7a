import { adminToken, call, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";

/** The business's year (Asia/Baghdad): the one financial year the product opens at first start. */
const year = () => Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Baghdad", year: "numeric" }).format(new Date()));

const post = <T>(token: string, path: string, body: unknown) =>
  call<{ data: T }>(path, { method: "POST", token, body }).then((r) => r.data);

interface Footer {
  assets: string;
  liabilities_and_equity: string;
}

test("the balance sheet in Arabic: a day typed as shown, compared with another, balanced, each figure opening the account's ledger", async ({
  page,
}) => {
  const token = await adminToken();
  const u = unique();
  const y = year();
  const name = `BS Till ${u}`;
  const till = await post<{ account_id: number }>(token, "cashes", { account_name: name, cash_type: 1, currency_id: 1 });
  const income = await post<{ type_id: number }>(token, "income_types", { type_name: `BS Sales ${u}` });
  const expense = await post<{ type_id: number }>(token, "expense_types", { type_name: `BS Rent ${u}` });
  const doc = { account_id: till.account_id, currency_id: 1, payment_time: "10:00" };
  await post(token, "incomes", { ...doc, type_id: income.type_id, amount: "500000", date: `${y}-01-15` });
  await post(token, "expenses", { ...doc, type_id: expense.type_id, amount: "150000", date: `${y}-03-10` });

  await signedIn(page, { token, lang: "ar" });
  await page.goto("/reports/financial-reports/balance-sheet");
  await expect(page.getByRole("heading", { name: "الميزانية العمومية" })).toBeVisible();
  // The field holds today; the day is typed over it as the page shows days, then the day compared with.
  const date = page.getByTestId("bs-date");
  await date.click();
  await date.press("ControlOrMeta+a");
  await date.pressSequentially(`31/03/${y}`);
  await date.press("Enter");
  await expect(page).toHaveURL(new RegExp(`date=${y}-03-31`));
  const compare = page.getByTestId("bs-compare-date");
  await compare.click();
  await compare.pressSequentially(`31/01/${y}`);
  await compare.press("Enter");
  await expect(page).toHaveURL(new RegExp(`compare_date=${y}-01-31`));

  const row = page.getByTestId("table-row").filter({ hasText: name });
  await expect(row.locator("[data-column='amount']")).toHaveText("350,000");
  await expect(row.locator("[data-column='compare_amount']")).toHaveText("500,000");
  await expect(row.locator("[data-column='change']")).toContainText("150,000");
  // The year's earnings stand under equity, in the page's words.
  await expect(page.locator("[data-key='year_earnings'] [data-column='account_name']")).toHaveText("صافي دخل السنة");
  // Assets = liabilities + equity, on the screen and in what the server answers.
  const foot = (k: string) => page.getByTestId(`bs-footer-${k}`).locator("td").nth(2);
  await expect(foot("assets")).toHaveText((await foot("liabilities_and_equity").textContent()) ?? "");
  const answer = await call<{ data: { footer: Footer } }>(
    `financial_reports/balance_sheet?date=${y}-03-31&compare_date=${y}-01-31&is_paginated=0`,
    { token },
  );
  expect(answer.data.footer.assets).toBe(answer.data.footer.liabilities_and_equity);
  await shot(page, "balance-sheet-ar");

  // The figure opens the till's general ledger from the beginning to that day.
  await row.locator("[data-column='amount']").getByTestId("bs-ledger-link").click();
  await expect(page).toHaveURL(new RegExp(`/accounting/general-ledger/${till.account_id}\\?.*date_between%5D=1900-01-01%2C${y}-03-31`));
  await expect(page.getByTestId("gl-closing")).toContainText("350,000");
});

test("the balance sheet in English, in dollars: the totals converted once still balance", async ({ page }) => {
  const token = await adminToken();
  await signedIn(page, { token, lang: "en" });
  await page.goto("/reports/financial-reports/balance-sheet");
  await page.getByTestId("report-currency").getByText("USD").click();
  await expect(page).toHaveURL(/currency_id=2/);
  const foot = (k: string) => page.getByTestId(`bs-footer-${k}`).locator("td").nth(2);
  await expect(foot("assets")).not.toHaveText("");
  await expect(foot("assets")).toHaveText((await foot("liabilities_and_equity").textContent()) ?? "");
  await shot(page, "balance-sheet-en");
});

test("the income statement in Kurdish beside last year: each account's figure in both periods, the compared net income", async ({
  page,
}) => {
  const token = await adminToken();
  const u = unique();
  const y = year();
  const till = await post<{ account_id: number }>(token, "cashes", { account_name: `IS Till ${u}`, cash_type: 1, currency_id: 1 });
  const income = await post<{ type_id: number }>(token, "income_types", { type_name: `IS Fees ${u}` });
  const doc = { account_id: till.account_id, currency_id: 1, payment_time: "10:00", type_id: income.type_id };
  await post(token, "incomes", { ...doc, amount: "80000", date: `${y}-02-01` });
  await signedIn(page, { token, lang: "ckb" });
  await page.goto(`/reports/financial-reports/income-statement?filter[date_filter]=DATE_PERIOD&filter[date_between]=${y}-01-01,${y}-12-31`);
  await page.getByTestId("is-compare-from").pressSequentially(`01/01/${y - 1}`);
  await page.getByTestId("is-compare-to").pressSequentially(`31/12/${y - 1}`);
  await expect(page).toHaveURL(new RegExp(`compare=${y - 1}-01-01%2C${y - 1}-12-31`));
  const row = page
    .getByTestId("income-section")
    .locator("tr")
    .filter({ hasText: `IS Fees ${u}` });
  await expect(row.locator("td").nth(2)).toHaveText("80,000");
  await expect(row.locator("[data-column='compare']")).toHaveText("0");
  await expect(page.getByTestId("compare-net")).toBeVisible();
  await shot(page, "income-statement-compare-ckb");
});
