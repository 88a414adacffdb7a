import { adminToken, call, createUser, expiredToken, unique } from "../support/api";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../support/env";
import { expect, shot, signedIn, test } from "../support/fixtures";

test.describe("sign-in", () => {
  test("back-office login with e-mail and password, then logout", async ({ page }) => {
    await page.goto("/staff");
    // No session: to /login with the way back in the address.
    await expect(page).toHaveURL(/\/login\/%2Fstaff$/);
    await expect(page.getByTestId("login-title")).toHaveText("Log in to your account");
    await expect(page).toHaveTitle("Souq | Log in to your account");
    await shot(page, "login-en");

    await page.getByLabel("E-mail").fill(ADMIN_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page.getByTestId("table-users")).toBeVisible();

    await page.getByTestId("user-menu").click();
    await page.getByTestId("logout").click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("profile")])).toEqual([null, null]);
  });

  test("an invalid form shows SPEC's messages, a wrong password the server's", async ({ page }) => {
    await page.goto("/login");
    await page.getByTestId("login-submit").click();
    await expect(page.getByText("The email field is required.")).toBeVisible();
    await expect(page.getByText("Please enter your password")).toBeVisible();

    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("12");
    await page.getByTestId("login-submit").click();
    await expect(page.getByText("The email must be a valid email address.")).toBeVisible();
    await expect(page.getByText("The password must be at least 4 characters.")).toBeVisible();

    await page.getByLabel("E-mail").fill(ADMIN_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByTestId("login-submit").click();
    await expect(page.getByTestId("login-error")).toHaveText("The email and password combination is incorrect");
  });

  test("cashier login: outlet, then the outlet's cashiers, then PIN", async ({ page }) => {
    const admin = await adminToken();
    const name = `Cashier ${unique()}`;
    const cashier = await createUser(admin, { user_name: name, is_cashier: true, outlet_fk: 1, permissions: ["pos_sales/index"] });
    await call("user_pins", { method: "POST", token: admin, body: { name: `${name} PIN`, pin: "2580", user_id: cashier.user_id } });

    await page.goto("/login");
    await page.getByTestId("login-mode").getByText("Cashier").click();
    await page.getByTestId("cashier-submit").click();
    await expect(page.getByText("The outlet field is required.")).toBeVisible();
    await expect(page.getByText("The pin field is required.")).toBeVisible();

    await page.getByTestId("cashier-outlet").click();
    await page.getByRole("option", { name: "Main Outlet" }).click();
    await page.getByTestId("cashier-user").click();
    await page.getByRole("option", { name }).click();
    await page.getByLabel("PIN", { exact: true }).fill("9999");
    await page.getByTestId("cashier-submit").click();
    await expect(page.getByText("The PIN is incorrect.").first()).toBeVisible();

    await page.getByLabel("PIN", { exact: true }).fill("2580");
    await page.getByTestId("cashier-submit").click();
    // A cashier's sign-in lands on the POS screen.
    await expect(page).toHaveURL(/\/settings\/pos$/);
    await expect(page.getByText(name)).toBeVisible();
  });

  test("the same flow in Arabic reads right to left", async ({ page }) => {
    await page.goto("/login");
    await page.getByTestId("language-menu").click();
    await page.getByTestId("language-ar").click();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.getByTestId("login-title")).toHaveText("تسجيل الدخول إلى حسابك");
    expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("ar");
    await shot(page, "login-ar");

    await page.getByTestId("login-submit").click();
    await expect(page.getByText("حقل البريد الإلكتروني مطلوب.")).toBeVisible();
    await page.getByLabel("البريد الإلكتروني").fill(ADMIN_EMAIL);
    await page.getByLabel("كلمة المرور", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByTestId("login-submit").click();
    await expect(page.getByTestId("home-tiles")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page).toHaveTitle("Souq | الرئيسية");
    // The choice survives a reload.
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByTestId("side-menu")).toContainText("الموظفون");
  });

  test("an expired token logs out", async ({ page }) => {
    await signedIn(page, { token: expiredToken() });
    await page.goto("/staff");
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId("login-title")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  test("unknown routes show the not-found page; a trailing slash is dropped", async ({ page }) => {
    await signedIn(page);
    await page.goto("/no/such/section");
    await expect(page.getByRole("heading", { name: "Oops, Section Not Found!" })).toBeVisible();
    await expect(page).toHaveTitle("Souq | Oops, Section Not Found!");
    await page.goto("/staff/");
    await expect(page).toHaveURL(/\/staff$/);
    await expect(page).toHaveTitle("Souq | Staff");
  });
});
