import { adminToken } from "../support/api";
import { expect, signedIn, test } from "../support/fixtures";

test("a recalculation previewed and run on its screen finds books and stock kept right, and enters the history", async ({ page }) => {
  const token = await adminToken();
  await signedIn(page, { token, lang: "en" });
  await page.goto("/accounting/recalculations");
  // The screen's chunk loads on first visit; a busy build machine may take a while.
  await expect(page.getByTestId("table-recalculations")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("recalculation-preview").click();
  await expect(page.getByTestId("recalculation-clean")).toBeVisible();
  // It rewrites balances at once, so it asks first: Esc keeps everything as it was.
  const posted: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/recalculations") && r.method() === "POST") posted.push(r.url());
  });
  await page.getByTestId("recalculation-run-button").click();
  await expect(page.getByTestId("confirm-action")).toContainText("Recalculate every balance from its movements and journal lines?");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("confirm-action")).toBeHidden();
  expect(posted).toEqual([]);
  await page.getByTestId("recalculation-run-button").click();
  // The run is a job (answered at once); its result is the run it stored.
  const [ran] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/recalculations/start") && r.request().method() === "POST"),
    page.getByTestId("confirm-action-yes").click(),
  ]);
  expect(ran.status()).toBe(202);
  await expect(page.getByTestId("job-done")).toBeVisible();
  const jobId = ((await ran.json()) as { data: { id: string } }).data.id;
  const job = await page.request.get(`/api/jobs/${jobId}`, { headers: { authorization: `Bearer ${token}` } });
  const id = ((await job.json()) as { data: { result: { id: number } } }).data.result.id;
  await expect(page.getByText("The recalculation corrected:")).toBeVisible();
  await expect(page.getByTestId("recalculation-clean")).toBeVisible();
  const row = page
    .getByTestId("table-row")
    .filter({ hasText: String(id) })
    .first();
  await expect(row).toBeVisible();
});

for (const [lang, title] of [
  ["ar", "إعادة الاحتساب"],
  ["ckb", "دووبارە ژماردنەوە"],
] as const) {
  test(`the recalculations screen reads right to left (${lang})`, async ({ page }) => {
    await signedIn(page, { token: await adminToken(), lang });
    await page.goto("/accounting/recalculations");
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByTestId("recalculation-preview").click();
    await expect(page.getByTestId("recalculation-clean")).toBeVisible();
  });
}
