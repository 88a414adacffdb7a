import { adminToken, call, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";
import { openInApp } from "../support/walk";

interface Customer {
  consumer_id: number;
  consumer_name: string;
  pricing_profile_fk: number | null;
  pricing_profile_name: string | null;
}

test("a pricing profile made on its screen is the pricing list a customer is saved with", async ({ page }) => {
  const token = await adminToken();
  const profile = `Wholesale ${unique()}`;
  await signedIn(page, { token, lang: "en" });
  await page.goto("/accounting/pricing-profile");
  await expect(page.getByTestId("table-pricing_profiles")).toBeVisible();

  // ------------------------------------------------------------ the profile
  await page.getByTestId("pricing-add").click();
  const form = page.getByTestId("pricing-form");
  await form.getByLabel("Profile Name").fill(profile);
  await form.getByLabel("Discount Percentage").fill("7.5");
  await form.getByRole("combobox", { name: "Apply On" }).click();
  await page.getByRole("option", { name: "Sale Price", exact: true }).click();
  await expect(form).toContainText("The customer pays the item's sale price less the percentage");
  await form.getByTestId("pricing-save").click();
  await expect(form).toBeHidden();
  const row = page.getByTestId("table-row").filter({ hasText: profile });
  await expect(row).toBeVisible();
  await expect(row.locator('[data-column="discount_percentage"]')).toHaveText("7.5%");
  await expect(row.locator('[data-column="apply_on"]')).toHaveText("Sale Price");
  await expect(row.locator('[data-column="is_active"]')).toHaveText("Active");

  // ------------------------------------------------------------ a customer on that pricing list
  const customer = `Pharmacy ${unique()}`;
  await openInApp(page, "/customers/customers");
  await page.getByTestId("party-add").click();
  const party = page.getByTestId("party-form");
  await party.getByRole("textbox", { name: "Name", exact: true }).fill(customer);
  await party.getByLabel("Pricing List", { exact: true }).click();
  await page.getByRole("option", { name: profile, exact: true }).click();
  await expect(party.getByLabel("Pricing List", { exact: true })).toHaveValue(profile);
  await party.getByTestId("party-save").click();
  await expect(party).toBeHidden();
  await expect(page.getByTestId("table-row").filter({ hasText: customer })).toContainText(profile);

  const saved = await call<{ data: { data: Customer[] } }>(`customers?search=${encodeURIComponent(customer)}`, { token });
  expect(saved.data.data).toHaveLength(1);
  expect(saved.data.data[0]).toMatchObject({ consumer_name: customer, pricing_profile_name: profile });
  expect(saved.data.data[0]?.pricing_profile_fk).toBeGreaterThan(0);
});

test("the pricing profiles list reads right to left in Arabic", async ({ page }) => {
  const token = await adminToken();
  const profile = `جملة ${unique()}`;
  await call("pricing_profiles", {
    method: "POST",
    token,
    body: { profile_name: profile, discount_percentage: "12.25", apply_on: "cost" },
  });
  await signedIn(page, { token, lang: "ar" });
  await page.goto("/accounting/pricing-profile");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "ملفات التسعير" })).toBeVisible();
  const row = page.getByTestId("table-row").filter({ hasText: profile });
  await expect(row.locator('[data-column="apply_on"]')).toHaveText("الكلفة");
  await expect(row.locator('[data-column="discount_percentage"]')).toHaveText("12.25%");
  await shot(page, "pricing-profiles-ar");
});
