import { adminToken, unique } from "../support/api";
import { axeViolations, describeViolations } from "../support/axe";
import { choose, expect, shot, signedIn, test } from "../support/fixtures";
import { createItem, pieceAndBox, pieceAndBoxOfTen, poster } from "../support/seed";
import { openInApp } from "../support/walk";

/** A quotation of one box, made through the API; the test edits it on its screen. */
async function seed(token: string) {
  const u = unique();
  const units = await pieceAndBox(token);
  const name = `Audited Cefixime ${u}`;
  const item = await createItem(token, { item_name: name, item_units: pieceAndBoxOfTen(units, { piece: "1000", box: "9500" }) });
  const customer = (await poster(token)<{ consumer_id: number }>("customers", { consumer_name: `Audit Pharmacy ${u}` })).consumer_id;
  const doc = await poster(token)<{ id: number }>("quotations", {
    consumer_fk: customer,
    valid_until: "2099-12-31",
    currency_id: 1,
    lines: [{ item_fk: item, unit_fk: units.box, quantity: "1" }],
  });
  return { id: doc.id, name };
}

const WORDS = {
  en: {
    created: "Created",
    edited: "Edited",
    printed: "Printed",
    module: "Module",
    quotations: "Quotations",
    record: "Record",
    before: "Before",
    after: "After",
  },
  ar: {
    created: "أُنشئ",
    edited: "عُدّل",
    printed: "طُبع",
    module: "القسم",
    quotations: "عروض الأسعار",
    record: "السجل",
    before: "قبل",
    after: "بعد",
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  test(`a quotation edited on its screen shows in its history and in the audit log, before and after (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    const w = WORDS[lang];
    const token = await adminToken();
    const s = await seed(token);
    await signedIn(page, { token, lang });

    // The edit, as a person makes it: one box becomes three.
    await page.goto(`/sales/sale-quotations/upsert/${s.id}/1/0/0`);
    if (lang === "ar") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const line = page.getByTestId("doc-line").first();
    await expect(line.getByTestId("line-item")).toHaveValue(s.name, { timeout: 30_000 });
    await line.getByTestId("line-quantity").fill("3");
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/quotations/${s.id}`) && r.request().method() !== "GET"),
      page.getByTestId("quotation-save").click(),
    ]);
    expect(saved.status()).toBe(200);

    // The quotation's view: its history, created then edited (with what changed), then printed.
    await openInApp(page, `/sales/sale-quotations/view/${s.id}/0`);
    const timeline = page.getByTestId("doc-timeline");
    await expect(timeline).toBeVisible({ timeout: 30_000 });
    const entries = timeline.getByTestId("timeline-entry");
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(w.created);
    await expect(entries.nth(1)).toContainText(w.edited);
    await expect(entries.nth(1)).toContainText("admin");
    // Old to new in the reading direction: → in English, ← in Arabic.
    const moved = lang === "ar" ? "9,500 ← 28,500" : "9,500 → 28,500";
    await expect(entries.nth(1).getByTestId("timeline-change").filter({ hasText: moved }).first()).toBeVisible();
    const [printed] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/model_loges/print")),
      page.getByTestId("quotation-print").click(),
    ]);
    expect(printed.status()).toBe(200);
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(2)).toContainText(w.printed);
    await timeline.scrollIntoViewIfNeeded();
    await shot(page, `doc-timeline-${lang}`);
    const onView = await axeViolations(page, "[data-testid=doc-timeline]");
    expect(onView, describeViolations("timeline", onView)).toEqual([]);

    // The audit log: filtered to quotations and this one, the edit opens before and after.
    await openInApp(page, "/staff/audit-log");
    await expect(page.getByTestId("table-model_loges")).toBeVisible({ timeout: 30_000 });
    await page.getByTestId("advanced-toggle").click();
    const search = page.getByTestId("advanced-search");
    await choose(page, search.getByRole("combobox", { name: w.module, exact: true }), w.quotations);
    await search.getByRole("textbox", { name: w.record, exact: true }).fill(String(s.id));
    await search.getByTestId("advanced-apply").click();
    const rows = page.getByTestId("table-row");
    await expect(rows).toHaveCount(3);
    for (const row of await rows.all()) await expect(row).toContainText(w.quotations);
    await shot(page, `audit-log-${lang}`);
    await rows.filter({ hasText: w.edited }).click();
    const entry = page.getByTestId("audit-entry");
    await expect(entry).toBeVisible({ timeout: 30_000 });
    await expect(entry.getByTestId("audit-fields").getByRole("columnheader", { name: w.before })).toBeVisible();
    await expect(entry.getByTestId("audit-fields").getByRole("columnheader", { name: w.after })).toBeVisible();
    // The total moved from one box to three (9,500 to 28,500), highlighted; the line's quantity too.
    const total = entry.locator('[data-field="total"][data-changed]');
    await expect(total).toContainText("9,500");
    await expect(total).toContainText("28,500");
    const lines = entry.getByTestId("audit-list-lines");
    await expect(lines).toBeVisible();
    await expect(lines).toContainText(s.name);
    await shot(page, `audit-entry-${lang}`);
    const inDrawer = await axeViolations(page, "[data-testid=audit-entry]");
    expect(inDrawer, describeViolations("audit entry", inDrawer)).toEqual([]);
  });
}
