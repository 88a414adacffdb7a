import type { Page } from "@playwright/test";
import { adminToken, call, createUser, login, unique } from "../support/api";
import { exclusive } from "../support/exclusive";
import { expect, shot, signedIn, test } from "../support/fixtures";
import { openInApp } from "../support/walk";

/** The business's year (Asia/Baghdad): the one financial year the product opens at first start. */
const year = () => Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Baghdad", year: "numeric" }).format(new Date()));

const post = <T>(token: string, path: string, body: unknown) =>
  call<{ data: T }>(path, { method: "POST", token, body }).then((r) => r.data);

async function choose(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

/** A till with 500,000 in January, 200,000 more in March and 150,000 paid out in March. */
async function seedTill(token: string) {
  const u = unique();
  const y = year();
  const name = `Ledger Till ${u}`;
  const till = await post<{ account_id: number }>(token, "cashes", { account_name: name, cash_type: 1, currency_id: 1 });
  const income = await post<{ type_id: number }>(token, "income_types", { type_name: `Ledger Sales ${u}` });
  const expense = await post<{ type_id: number }>(token, "expense_types", { type_name: `Ledger Rent ${u}` });
  const doc = { account_id: till.account_id, currency_id: 1, payment_time: "10:00" };
  await post(token, "incomes", { ...doc, type_id: income.type_id, amount: "500000", date: `${y}-01-15` });
  await post(token, "incomes", { ...doc, type_id: income.type_id, amount: "200000", date: `${y}-03-01` });
  await post(token, "expenses", { ...doc, type_id: expense.type_id, amount: "150000", date: `${y}-03-10` });
  return { id: till.account_id, name };
}

test("the trial balance opens an account's general ledger over its period: the opening row, running balance, document links, print (en)", async ({
  page,
}) => {
  const token = await adminToken();
  const till = await seedTill(token);
  const y = year();
  await signedIn(page, { token, lang: "en" });
  await page.goto("/reports/financial-reports/trial-balance");
  // The period typed as the page shows dates.
  await choose(page, "report-date-filter", "Date period");
  await page.getByTestId("report-from").pressSequentially(`01/02/${y}`);
  await page.getByTestId("report-to").pressSequentially(`31/12/${y}`);
  await page.getByTestId("table-search").pressSequentially(till.name);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByTestId("table-row").filter({ hasText: till.name });
  // The balance before February stands in the Opening columns, right-aligned.
  const opening = row.locator("[data-column='opening_debit']");
  await expect(opening).toHaveText("500,000");
  await expect(opening).toHaveCSS("text-align", "end");
  await row.getByTestId("tb-ledger-link").click();

  await expect(page).toHaveURL(new RegExp(`/accounting/general-ledger/${till.id}\\?.*date_between`));
  const lines = page.getByTestId("table-general_ledger").getByTestId("table-row");
  await expect(lines).toHaveCount(3);
  await expect(lines.first()).toContainText("Opening balance");
  await expect(page.getByTestId("gl-balance")).toHaveText(["500,000", "700,000", "550,000"]);
  await expect(page.getByTestId("gl-closing")).toContainText("550,000");
  await expect(page.getByTestId("footer-balance")).toHaveText("550,000");
  await shot(page, "general-ledger-en");

  // Print: every line of the period, with the period said.
  await page.getByTestId("table-print").click();
  const printed = page.frameLocator("iframe[data-print]").locator("body");
  await expect(printed.locator("tbody tr")).toHaveCount(3);
  await expect(printed).toContainText("550,000");

  // The expense's line opens the expenses list searched for its number.
  await lines.nth(2).getByTestId("source-link").click();
  await expect(page).toHaveURL(/\/accounting\/expenses\?search=EXP-/);
  await expect(page.getByTestId("table-row")).toHaveCount(1);
});

test("the trial balance beside a compared period typed as the page shows dates: both periods' figures, the change, each opening the ledger (en)", async ({
  page,
}) => {
  const token = await adminToken();
  const till = await seedTill(token);
  const y = year();
  await signedIn(page, { token, lang: "en" });
  await page.goto(`/reports/financial-reports/trial-balance?search=${encodeURIComponent(till.name)}`);
  await choose(page, "report-date-filter", "Date period");
  await page.getByTestId("report-from").pressSequentially(`01/02/${y}`);
  await page.getByTestId("report-to").pressSequentially(`31/12/${y}`);
  // January compared: the 500,000 of 15 January is its movement, February to December's opening.
  await page.getByTestId("tb-compare-from").pressSequentially(`01/01/${y}`);
  await page.getByTestId("tb-compare-to").pressSequentially(`31/01/${y}`);
  await expect(page).toHaveURL(new RegExp(`compare=${y}-01-01%2C${y}-01-31`));
  await expect(page.getByTestId("tb-compared-heading")).toContainText(`01/01/${y}`);
  const row = page.getByTestId("table-row").filter({ hasText: till.name });
  const figures: [string, string][] = [
    ["opening_debit", "500,000"],
    ["debit", "200,000"],
    ["credit", "150,000"],
    ["balance_debit", "550,000"],
    ["compare_opening_debit", "0"],
    ["compare_debit", "500,000"],
    ["compare_credit", "0"],
    ["compare_balance_debit", "500,000"],
  ];
  for (const [key, text] of figures) await expect(row.locator(`[data-column='${key}']`)).toHaveText(text);
  await expect(row.locator("[data-column='difference']")).toHaveText("50,000");

  // The compared figure opens January's ledger: the one income, closing at 500,000.
  await row.locator("[data-column='compare_debit']").getByTestId("tb-figure-link").click();
  await expect(page).toHaveURL(new RegExp(`/accounting/general-ledger/${till.id}\\?.*date_between%5D=${y}-01-01%2C${y}-01-31`));
  await expect(page.getByTestId("gl-closing")).toContainText("500,000");
  await page.goBack();
  // The change opens the days after January's close up to the period's: 500,000 to 550,000.
  await row.locator("[data-column='difference']").getByTestId("tb-figure-link").click();
  await expect(page).toHaveURL(new RegExp(`/accounting/general-ledger/${till.id}\\?.*date_between%5D=${y}-02-01%2C${y}-12-31`));
  await expect(page.getByTestId("gl-balance")).toHaveText(["500,000", "700,000", "550,000"]);
  await page.goBack();
  // The period's own figure opens the period's ledger.
  await row.locator("[data-column='balance_debit']").getByTestId("tb-figure-link").click();
  await expect(page).toHaveURL(new RegExp(`/accounting/general-ledger/${till.id}\\?.*date_between%5D=${y}-02-01%2C${y}-12-31`));
  await page.goBack();

  // Printed with both periods' columns and the period compared with said.
  await row.locator("[data-column='difference']").waitFor();
  await page.getByTestId("report-print").click();
  const printed = page.frameLocator("iframe[data-print]").locator("body");
  await expect(printed).toContainText(`Compared with 01/01/${y} to 31/01/${y}`);
  await expect(printed.locator("thead th")).toHaveCount(15);
  await expect(printed.locator("tbody tr").filter({ hasText: till.name })).toContainText("50,000");
  await shot(page, "trial-balance-compare-en");
});

test("the journal lists entries with their lines for log readers only; the statement links to the ledger (en)", async ({ page }) => {
  const token = await adminToken();
  const till = await seedTill(token);
  await signedIn(page, { token, lang: "en" });
  await page.goto(`/accounting/general-ledger/${till.id}`);
  await page.getByText("Journal entries of this account").click();
  await expect(page).toHaveURL(/\/accounting\/journal/);
  const entries = page.getByTestId("table-journal").getByTestId("table-row");
  await expect(entries).toHaveCount(3);
  await expect(entries.first().getByTestId("journal-line")).toHaveCount(2);
  await expect(entries.first()).toContainText(till.name);
  await shot(page, "journal-en");

  // Customer statement: each currency's section opens the party's account ledger.
  const u = unique();
  const customer = await post<{ consumer_id: number }>(token, "customers", {
    consumer_name: `Ledger Customer ${u}`,
    mobile: "07501234567",
  });
  await post(token, "customer_transactions", { consumer_id: customer.consumer_id, account_id: till.id, currency_id: 1, amount: "25000" });
  await openInApp(page, `/reports/customer-statements?party=${customer.consumer_id}`);
  await page.getByTestId("statement-ledger-link").first().click();
  await expect(page).toHaveURL(/\/accounting\/general-ledger\/\d+/);
  await expect(page.getByTestId("gl-balance").last()).toHaveText("-25,000");

  // An accountant with the trial balance but no log key: the ledger, not the journal.
  const accountant = await createUser(token, { user_name: `acc${u}`, permissions: ["financial_reports/trial_balance"] });
  const accountantToken = await login(accountant.email, accountant.password);
  await page.evaluate((t) => localStorage.setItem("token", t), accountantToken);
  await page.goto(`/accounting/general-ledger/${till.id}`);
  await expect(page.getByTestId("gl-closing")).toBeVisible();
  await expect(page.getByText("Journal entries of this account")).toHaveCount(0);
  const journal = await fetch(new URL("/api/journal_entries", page.url()), { headers: { Authorization: `Bearer ${accountantToken}` } });
  expect(journal.status).toBe(403);
});

test("opening balance, rates and item prices are typed with separators and Arabic-Indic digits; the opening balance shows as opening (ar)", async ({
  page,
}) => {
  const token = await adminToken();
  const u = unique();
  const safe = await post<{ account_id: number }>(token, "cashes", { account_name: `Opening Safe ${u}`, cash_type: 1, currency_id: 1 });
  await signedIn(page, { token, lang: "ar" });
  // One opening balance for everyone, saved whole from the form: another test's save stays apart.
  await exclusive("accounting-opening-balance", async () => {
    await page.goto("/settings/opening-balance/accounting-opening-balance");
    const amount = page.getByTestId(`opening-cash-${safe.account_id}`);
    await amount.pressSequentially("١٬٢٥٠٬٠٠٠");
    await expect(amount).toHaveValue("1,250,000");
    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/opening_balance_update/"));
    await page.getByTestId("opening-save").click();
    expect((await saved).status()).toBe(200);
  });

  // This year's trial balance: in the Opening columns, not in the period's movement.
  await page.goto("/reports/financial-reports/trial-balance");
  await page.getByTestId("table-search").pressSequentially(`Opening Safe ${u}`);
  await expect(page).toHaveURL(/search=/);
  const row = page.getByTestId("table-row").filter({ hasText: `Opening Safe ${u}` });
  await expect(row.locator("[data-column='opening_debit']")).toHaveText("1,250,000");
  await expect(row.locator("[data-column='debit']")).toHaveText("0");
  await row.getByTestId("tb-ledger-link").click();
  const glRows = page.getByTestId("table-general_ledger").getByTestId("table-row");
  await expect(glRows.first()).toContainText("الرصيد الافتتاحي");
  await expect(glRows.nth(1)).toContainText("قيد الرصيد الافتتاحي");
  await shot(page, "general-ledger-ar");

  // A currency rate typed with a separator.
  await openInApp(page, "/accounting/currency-rates");
  await page.getByTestId("rate-add").click();
  await page.getByTestId("field-rate").fill("");
  await page.getByTestId("field-rate").pressSequentially("١٬٤٧٥");
  await expect(page.getByTestId("field-rate")).toHaveValue("1,475");
  await page.getByTestId("field-in_rate").fill("");
  await page.getByTestId("field-in_rate").pressSequentially("1,470");
  const rate = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/api/currency_rates/store_past_date"));
  await page.getByTestId("rate-save").click();
  const body = (await (await rate).request().postDataJSON()) as { rate: string; in_rate: string };
  expect([body.rate, body.in_rate]).toEqual(["1475", "1470"]);
});

test("item search finds the code without case and by its beginning (en)", async ({ page }) => {
  const token = await adminToken();
  const u = unique().toUpperCase();
  const units = (await call<{ message: { unit_id: number; unit_name: string }[] }>("units/list", { token })).message;
  const piece = units.find((x) => x.unit_name === "Piece")!.unit_id;
  await post(token, "items", {
    item_name: `Coded item ${u}`,
    item_code: `QZ${u}-77`,
    item_units: [{ unit_fk: piece, quantity: "1", price: "250", is_base: true }],
  });
  await signedIn(page, { token, lang: "en" });
  await page.goto("/warehouse/items");
  await page.getByTestId("table-search").pressSequentially(`qz${u.toLowerCase()}`);
  await expect(page.getByTestId("table-row").filter({ hasText: `Coded item ${u}` })).toBeVisible();
});
