import { adminToken } from "../support/api";
import { expect, signedIn, test } from "../support/fixtures";

// A recalculation is a job: its screen shows what it is doing and how far, keeps showing it
// through a reload (the job's id is in the address), and says how it ended.
const TEXTS = {
  en: {
    step: "Comparing account day balances with the journal",
    count: "2 of 4",
    finished: "Finished",
    corrected: "The recalculation corrected:",
  },
  ar: {
    step: "مقارنة أرصدة الحسابات اليومية بدفتر اليومية",
    count: "2 من 4",
    finished: "انتهى",
    corrected: "صححت إعادة الاحتساب:",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`a recalculation job shows its progress, survives a reload midway and after, and shows its result (${lang})`, async ({ page }) => {
    const texts = TEXTS[lang];
    await signedIn(page, { token: await adminToken(), lang });
    await page.goto("/accounting/recalculations");
    await expect(page.getByTestId("table-recalculations")).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");

    // On a small database the run takes milliseconds: the job's answers are held at its third
    // step (as a long run on a large database reads) until the test lets the real ones through.
    let hold = true;
    await page.route(/\/api\/jobs\//, async (route) => {
      if (!hold) return route.fallback();
      const res = await route.fetch();
      const body = (await res.json()) as { data: Record<string, unknown> };
      body.data = { ...body.data, state: "running", step: "recalculation.days", done: 2, total: 4, result: null, finished_at: null };
      return route.fulfill({ response: res, json: body });
    });
    await page.getByTestId("recalculation-run-button").click();
    // Destructive: asked first.
    await expect(page.getByTestId("confirm-action")).toBeVisible();
    await page.getByTestId("confirm-action-yes").click();
    await expect(page.getByTestId("job-step")).toHaveText(texts.step);
    await expect(page.getByTestId("job-count")).toHaveText(texts.count);
    await expect(page.getByTestId("job-progress").locator(".mantine-Progress-root")).toBeVisible();
    await expect(page).toHaveURL(/[?&]job=[0-9a-f-]{36}/);

    // A reload midway: the screen finds the job and keeps showing it.
    await page.reload();
    await expect(page.getByTestId("job-step")).toHaveText(texts.step, { timeout: 30_000 });
    hold = false;
    await expect(page.getByTestId("job-done")).toContainText(texts.finished);
    await expect(page.getByText(texts.corrected)).toBeVisible();
    await expect(page.getByTestId("job-done").getByTestId("recalculation-clean")).toBeVisible();

    // A reload after it ended: how it ended is still shown, and the run is in the history.
    await page.reload();
    await expect(page.getByTestId("job-done")).toContainText(texts.finished, { timeout: 30_000 });
    await expect(page.getByText(texts.corrected)).toBeVisible();
    if (lang === "ar") expect(await page.getByTestId("job-done").innerText()).not.toMatch(/[A-Za-z]/);
    // Hidden, the screen is back at its start.
    await page.getByTestId("job-done").getByRole("button").first().click();
    await expect(page.getByTestId("job-done")).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]job=/);
  });
}
