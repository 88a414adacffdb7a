import { adminToken, createUser, login, unique } from "../support/api";
import { expect, signedIn, test } from "../support/fixtures";

test("a user holding only users/index sees only Staff in the menu and tiles", async ({ page }) => {
  const admin = await adminToken();
  const user = await createUser(admin, { user_name: `Viewer ${unique()}`, permissions: ["users/index"] });
  await signedIn(page, { token: await login(user.email, user.password) });
  await page.goto("/");

  await expect(page.getByTestId("home-tiles")).toBeVisible();
  await expect(page.getByTestId("home-tiles").locator("a")).toHaveCount(1);
  await expect(page.getByTestId("tile-staff")).toBeVisible();

  const menu = page.getByTestId("side-menu");
  await expect(menu.getByText("Staff", { exact: true }).first()).toBeVisible();
  await menu.getByText("Staff", { exact: true }).first().click();
  await expect(menu.getByRole("link")).toHaveText(["Home", "Staff"]);
  await expect(menu).not.toContainText("Roles and Permissions");
  await expect(menu).not.toContainText("PINs");

  // No store, update or destroy: no add button and no row actions.
  await page.getByTestId("tile-staff").click();
  await expect(page.getByTestId("table-row").first()).toBeVisible();
  await expect(page.getByTestId("staff-add")).toHaveCount(0);
  await expect(page.getByTestId("row-actions")).toHaveCount(0);

  // A screen without its permission is refused even by address.
  await page.goto("/roles-and-permissions");
  await expect(page.getByRole("heading", { name: "This action is unauthorized." })).toBeVisible();
});

test("without balance view and profile/change_password, no balance column and no password form", async ({ page }) => {
  const admin = await adminToken();
  const clerk = await createUser(admin, {
    user_name: `Clerk ${unique()}`,
    permissions: ["customers/index", "customers/show", "customers/update"],
  });
  await signedIn(page, { token: await login(clerk.email, clerk.password) });
  await page.goto("/customers/customers");
  await expect(page.getByRole("columnheader", { name: "Status" })).toBeVisible();
  // Without customers/balance_view the server answers no balance, and the list has no such column.
  await expect(page.getByRole("columnheader", { name: "Balance IQD" })).toHaveCount(0);
  // Without profile/change_password the profile has no password form.
  await page.goto("/profile");
  await expect(page.getByTestId("change-password-save")).toHaveCount(0);
});

test("with balance view and profile/change_password, the balances and the password form show", async ({ page }) => {
  const admin = await adminToken();
  const accountant = await createUser(admin, {
    user_name: `Accountant ${unique()}`,
    permissions: ["customers/index", "customers/balance_view", "profile/change_password"],
  });
  await signedIn(page, { token: await login(accountant.email, accountant.password) });
  await page.goto("/customers/customers");
  await expect(page.getByRole("columnheader", { name: "Balance IQD" })).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByTestId("change-password-save")).toBeVisible();
});
