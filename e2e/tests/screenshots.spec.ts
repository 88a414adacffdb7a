import { adminToken, call } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";
import { openInApp } from "../support/walk";

for (const lang of ["en", "ar"] as const) {
  test(`home, staff list and roles look finished (${lang})`, async ({ page }) => {
    const admin = await adminToken();
    const roles = await call<{ data: { total: number } }>("roles", { token: admin });
    if (roles.data.total === 0) {
      await call("roles", {
        method: "POST",
        token: admin,
        body: { role_name: "Store manager", permissions: ["users/index", "users/show", "sales/index"] },
      });
      await call("roles", {
        method: "POST",
        token: admin,
        body: { role_name: "Accountant", permissions: ["expenses/index", "incomes/index"] },
      });
    }
    await signedIn(page, { token: admin, lang });
    await page.goto("/");
    await expect(page.getByTestId("home-tiles")).toBeVisible();
    await shot(page, `home-${lang}`);

    await openInApp(page, "/staff");
    await expect(page.getByTestId("table-row").first()).toBeVisible();
    await shot(page, `staff-${lang}`);

    await openInApp(page, "/roles-and-permissions");
    await expect(page.getByTestId("table-row").first()).toBeVisible();
    await shot(page, `roles-${lang}`);
    await page.getByTestId("role-add").click();
    await expect(page.getByTestId("grant-all")).toBeVisible();
    await shot(page, `role-form-${lang}`);
  });
}
