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
