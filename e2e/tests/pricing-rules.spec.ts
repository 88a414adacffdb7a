import { adminToken, call, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";

/** The business's day (Asia/Baghdad), as the server counts promotions' days. */
const businessDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Baghdad" }).format(new Date(Date.now() + offsetDays * 86_400_000));
const dmy = (day: string) => day.split("-").reverse().join("/");

interface ItemUnit {
  item_unit_id: number;
  quantity: string;
  price: string;
}

async function seedCategory(token: string, name: string) {
  const units = (await call<{ message: { unit_id: number; unit_name: string }[] }>("units/list", { token })).message;
  const unit = (n: string) => units.find((u) => u.unit_name === n)!.unit_id;
  const cat = (await call<{ data: { category_id: number } }>("categories", { method: "POST", token, body: { category_name: name } })).data;
  const item = async (item_name: string, piece: string, box: string) =>
    (
      await call<{ data: { item_id: number; item_units: ItemUnit[] } }>("items", {
        method: "POST",
        token,
        body: {
          item_name,
          category_fk: cat.category_id,
          item_units: [
            { unit_fk: unit("Piece"), quantity: "1", price: piece, is_base: true, is_default: true },
            { unit_fk: unit("Box"), quantity: "10", price: box },
          ],
        },
      })
    ).data;
  return { category_id: cat.category_id, item };
}

test("a promotion made on its screen with dates typed as shown prices the lines of its category (en)", async ({ page }) => {
  const token = await adminToken();
  const u = unique();
  const category = `Vitamins ${u}`;
  const seed = await seedCategory(token, category);
  const vitamin = await seed.item(`Vitamin C ${u}`, "2000", "19000");
  const title = `Vitamin week ${u}`;
  const start = businessDay(-1);
  const end = businessDay(30);

  await signedIn(page, { token, lang: "en" });
  await page.goto("/sales/promotions");
  await expect(page.getByTestId("table-promotions")).toBeVisible();
  await page.getByTestId("promotion-add").click();
  const form = page.getByTestId("promotion-form");
  await form.getByLabel("Title").fill(title);
  for (const [id, day] of [
    ["promotion-start", start],
    ["promotion-end", end],
  ] as const) {
    const field = form.getByTestId(id);
    await field.fill("");
    await field.pressSequentially(dmy(day));
    await field.press("Tab");
  }
  await form.getByRole("combobox", { name: "Product Rule" }).click();
  await page.getByRole("option", { name: "A category", exact: true }).click();
  await form.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name: category, exact: true }).click();
  await form.getByRole("combobox", { name: "Amount Rule Type" }).click();
  await page.getByRole("option", { name: "At least a quantity", exact: true }).click();
  await form.getByLabel("Rule Value").fill("3");
  await form.getByLabel("Reward Value").fill("10");
  await expect(form).toContainText("Percentage off the line");
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/promotions") && r.request().method() === "POST");
  await form.getByTestId("promotion-save").click();
  expect((await saved).status()).toBe(201);
  await expect(form).toBeHidden();
  const row = page.getByTestId("table-row").filter({ hasText: title });
  await expect(row.locator('[data-column="product_rule"]')).toHaveText(`A category: ${category}`);
  await expect(row.locator('[data-column="start_date"]')).toHaveText(dmy(start));
  await expect(row.locator('[data-column="reward_type"]')).toHaveText("10% off");

  const promos = (
    await call<{
      data: { data: { promotion_id: number; start_date: string; end_date: string; category_fk: number; rule_value: string }[] };
    }>(`promotions?search=${encodeURIComponent(title)}`, { token })
  ).data.data;
  expect(promos).toHaveLength(1);
  expect(promos[0]).toMatchObject({ start_date: start, end_date: end, category_fk: seed.category_id, rule_value: "3.00" });

  // Four pieces meet the rule: 8000 less 10% is 7200; two do not.
  const [piece] = vitamin.item_units.filter((x) => Number(x.quantity) === 1);
  const quote = await call<{ data: { lines: { net: string; promotion_id: number | null }[] } }>("pricing/quote", {
    method: "POST",
    token,
    body: {
      lines: [
        { item_unit_id: piece!.item_unit_id, quantity: "4" },
        { item_unit_id: piece!.item_unit_id, quantity: "2" },
      ],
    },
  });
  expect(quote.data.lines.map((l) => [l.net, l.promotion_id])).toEqual([
    ["7200", promos[0]!.promotion_id],
    ["4000", null],
  ]);
  await call(`promotions/${promos[0]!.promotion_id}`, { method: "DELETE", token });
});

test("sale prices of a category raised in bulk, amounts typed in Arabic-Indic digits with separators, previewed then saved (ar)", async ({
  page,
}) => {
  const token = await adminToken();
  const u = unique();
  const category = `أرز ${u}`;
  const seed = await seedCategory(token, category);
  const a = await seed.item(`بسمتي ${u}`, "1250", "12000");
  const b = await seed.item(`عنبر ${u}`, "1500", "14500");

  await signedIn(page, { token, lang: "ar" });
  await page.goto("/accounting/items-pricing");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "تسعير المواد" })).toBeVisible();
  await page.getByRole("combobox", { name: "الفئة" }).click();
  await page.getByRole("option", { name: category, exact: true }).click();
  await page.getByRole("combobox", { name: "نوع المبلغ" }).click();
  await page.getByRole("option", { name: "مبلغ (لكل وحدة أساسية)", exact: true }).click();
  const amount = page.getByRole("textbox", { name: "المبلغ" });
  await amount.pressSequentially("١٬٠٠٠");
  await expect(amount).toHaveValue("1,000");
  await page.getByTestId("pricing-preview-button").click();

  // 1,000 a piece: a box of 10 goes up 10,000.
  const preview = page.getByTestId("pricing-preview");
  await expect(page.getByTestId("pricing-preview-count")).toContainText("4");
  for (const price of ["2,250", "22,000", "2,500", "24,500"]) await expect(preview).toContainText(price);
  await shot(page, "items-pricing-preview-ar");
  // Nothing changed yet.
  const priceOf = async (id: number) =>
    (await call<{ data: { item_units: ItemUnit[] } }>(`items/${id}`, { token })).data.item_units.map((x) => x.price);
  expect(await priceOf(a.item_id)).toEqual(["1250.00", "12000.00"]);

  const saved = page.waitForResponse((r) => r.url().endsWith("/api/item_pricings") && r.request().method() === "POST");
  await page.getByTestId("pricing-save").click();
  expect((await saved).status()).toBe(201);
  await expect(preview).toBeHidden();
  expect(await priceOf(a.item_id)).toEqual(["2250.00", "22000.00"]);
  expect(await priceOf(b.item_id)).toEqual(["2500.00", "24500.00"]);
  const row = page.getByTestId("table-row").filter({ hasText: category }).first();
  await expect(row.locator('[data-column="changed_count"]')).toHaveText(/^(4|٤)$/);
  await shot(page, "items-pricing-saved-ar");
});
