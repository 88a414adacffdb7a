import { adminToken, call, unique } from "../support/api";
import { expect, signedIn, test } from "../support/fixtures";

interface Revaluation {
  data: { id: number; lines: { account_id: number; difference: string }[] };
}

test("a revaluation saved on its screen restates a USD box at the rate typed", async ({ page }) => {
  const token = await adminToken();
  const box = await call<{ data: { account_id: number } }>("cashes", {
    method: "POST",
    token,
    body: { account_name: `Dollar box ${unique()}`, cash_type: 1, currency_id: 2 },
  });
  const type = await call<{ data: { type_id: number } }>("income_types", {
    method: "POST",
    token,
    body: { type_name: `Fees ${unique()}` },
  });
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  // 100 USD bought at 1,300: 130,000 IQD
  await call("incomes", {
    method: "POST",
    token,
    body: {
      type_id: type.data.type_id,
      account_id: box.data.account_id,
      currency_id: 2,
      amount: "100",
      rate: "1300",
      date: yesterday,
      payment_time: "09:00",
    },
  });

  await signedIn(page, { token, lang: "en" });
  await page.goto("/accounting/exchange-revaluations");
  // The screen's chunk loads on first visit; a busy build machine may take a while.
  await expect(page.getByTestId("table-exchange_revaluations")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("revaluation-add").click();
  const form = page.getByTestId("revaluation-form");
  await form.getByTestId("revaluation-rate").fill("1450");
  // Accounts holding foreign money are picked already.
  await expect(form).toContainText("100");
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/exchange_revaluations") && r.request().method() === "POST"),
    form.getByTestId("revaluation-save").click(),
  ]);
  expect(saved.status()).toBe(201);
  await expect(form).toBeHidden();
  const id = ((await saved.json()) as Revaluation).data.id;
  const shown = await call<Revaluation>(`exchange_revaluations/${id}`, { token });
  // 100 × 1,450 − 130,000
  expect(Number(shown.data.lines.find((l) => l.account_id === box.data.account_id)?.difference)).toBe(15000);
  await expect(page.getByTestId("table-row").first()).toBeVisible();
});

test("the revaluations screen reads right to left in Arabic and Kurdish", async ({ page }) => {
  const token = await adminToken();
  await signedIn(page, { token, lang: "ar" });
  for (const [lang, title] of [
    ["ar", "إعادة تقييم العملات"],
    ["ckb", "هەڵسەنگاندنەوەی دراو"],
  ] as const) {
    await page.goto("/accounting/exchange-revaluations");
    await page.evaluate((l) => localStorage.setItem("lang", l), lang);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: title }).first()).toBeVisible({ timeout: 30_000 });
  }
});
