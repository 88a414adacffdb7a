import { adminToken, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";

test("the login page puts the cursor in the e-mail field", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByLabel("E-mail")).toBeFocused();
});

test("Alt+N adds, the first field has the focus, Esc asks before throwing changes away, Ctrl+S saves (en)", async ({ page }) => {
  await signedIn(page, { token: await adminToken(), lang: "en" });
  await page.goto("/settings/units");
  await expect(page.getByTestId("table-units")).toBeVisible();

  // Unchanged, Esc just closes.
  await page.keyboard.press("Alt+N");
  const form = page.getByTestId("units-form");
  const name = page.getByTestId("field-unit_name");
  await expect(name).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(name).toBeHidden();
  await expect(page.getByTestId("discard-changes")).toHaveCount(0);

  // Changed, Esc asks; keeping on editing keeps what was typed.
  await page.keyboard.press("Alt+N");
  await expect(name).toBeFocused();
  const unit = `Crate ${unique()}`;
  await page.keyboard.type(unit);
  await page.keyboard.press("Escape");
  await expect(page.getByText("This form has changes that are not saved. Close it and lose them?")).toBeVisible();
  await expect(page.getByTestId("discard-keep")).toBeFocused();
  await shot(page, "discard-changes-en");
  // Esc again does not throw it away either; Enter on the focused "Keep editing" goes back.
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("discard-keep")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(name).toHaveValue(unit);

  // Ctrl+S saves from inside the field.
  await name.focus();
  await page.keyboard.press("Control+S");
  await expect(page.getByText("Added Successfully")).toBeVisible();
  await expect(name).toBeHidden();
  await page.getByTestId("table-search").fill(unit);
  await expect(page.getByTestId("table-row").filter({ hasText: unit })).toHaveCount(1);

  // Cancel on a changed form asks too, and Discard closes it.
  await page.keyboard.press("Alt+N");
  await expect(name).toBeFocused();
  await page.keyboard.type("x");
  await form.getByRole("button", { name: "Cancel" }).click();
  await page.getByTestId("discard-yes").click();
  await expect(name).toBeHidden();
});

test("Shift+? lists the shortcuts (ar)", async ({ page }) => {
  await signedIn(page, { token: await adminToken(), lang: "ar" });
  await page.goto("/accounting/expenses");
  await expect(page.getByTestId("table-expenses")).toBeVisible();
  await page.keyboard.press("Shift+?");
  const help = page.getByTestId("shortcuts-help");
  await expect(help.getByText("اختصارات لوحة المفاتيح")).toBeVisible();
  await expect(help.getByText("حفظ النموذج المفتوح", { exact: true })).toBeVisible();
  await shot(page, "shortcuts-help-ar");
  await page.keyboard.press("Escape");
  await expect(help.getByText("اختصارات لوحة المفاتيح")).toBeHidden();
  // Alt+N opens the expense form, its first field focused.
  await page.keyboard.press("Alt+N");
  await expect(page.getByTestId("doc-type")).toBeFocused();
});
