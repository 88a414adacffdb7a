import { adminToken, call, createUser, login, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";
import { watchViolations } from "../support/walk";

// Every screen of the registry under the policy, with no violation, in English and Arabic: the
// walk of `accessibility.spec.ts`, which checks each screen for everything at once.

test("the OpenAPI documentation works under its own policy", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/api/docs");
  // Swagger UI draws the whole document in the browser: on a loaded machine that takes a while.
  await expect(page.getByText("/api/auth/login").first()).toBeVisible({ timeout: 30_000 });
  // Swagger UI keeps its main thread busy drawing long after it shows the first path: the network
  // going quiet, not the page, says it has everything.
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("two-factor enrolment in Arabic: QR code, first code, recovery codes; sign-in then asks for the code", async ({ page }) => {
  const { TOTP, Secret } = await import("otpauth");
  const admin = await adminToken();
  const user = await createUser(admin, { user_name: `TwoFactor ${unique()}` });
  await signedIn(page, { token: await login(user.email, user.password), lang: "ar" });
  const violations = await watchViolations(page);
  await page.goto("/profile");
  const card = page.getByTestId("two-factor-card");
  await expect(card.getByTestId("two-factor-status")).toHaveText("غير مفعّل");
  await card.getByLabel("كلمة المرور الحالية").fill(user.password);
  await card.getByTestId("two-factor-start").click();
  await expect(card.getByTestId("two-factor-qr")).toBeVisible();
  const secret = (await card.getByTestId("two-factor-secret").innerText()).trim();
  await card.getByTestId("two-factor-secret").scrollIntoViewIfNeeded();
  await shot(page, "two-factor-enrol-ar");
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  await card.getByLabel("الرمز من التطبيق").fill(code);
  await card.getByTestId("two-factor-confirm").click();
  await expect(card.getByTestId("two-factor-recovery").locator("code")).toHaveCount(10);
  await expect(card.getByTestId("two-factor-status")).toHaveText("مفعّل");
  expect(violations).toEqual([]);

  // Sign-in: the password, then the code step.
  await page.evaluate(() => localStorage.removeItem("token"));
  await page.goto("/login");
  await page.getByLabel("البريد الإلكتروني").fill(user.email);
  await page.getByLabel("كلمة المرور").fill(user.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-code-needed")).toBeVisible();
  await page.getByLabel("الرمز", { exact: true }).fill("000000");
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-error")).toBeVisible();
});

test("a role the settings oblige to use two-factor sign-in enrols at sign-in, in Arabic, then signs in with a code", async ({ page }) => {
  const { TOTP, Secret } = await import("otpauth");
  const admin = await adminToken();
  const role = await call<{ data: { role_id: number } }>("roles", {
    method: "POST",
    token: admin,
    body: { role_name: `Two-factor ${unique()}`, permissions: ["users/index"] },
  });
  const roleId = role.data.role_id;
  const user = await createUser(admin, { user_name: `Forced2FA ${unique()}`, user_role: roleId });
  const settings = async (ids: number[]) => {
    const cur = (
      await call<{ data: { default_inventory_fk: number; default_account_fk: number; two_factor_role_ids: number[] } }>(
        "system_settings/show/1",
        { token: admin },
      )
    ).data;
    const others = cur.two_factor_role_ids.filter((id) => id !== roleId);
    await call("system_settings_update/1", {
      method: "POST",
      token: admin,
      body: {
        default_inventory_fk: cur.default_inventory_fk,
        default_account_fk: cur.default_account_fk,
        two_factor_role_ids: [...others, ...ids],
      },
    });
  };
  await settings([roleId]);
  try {
    // The settings screen shows the role among those that must use it.
    await signedIn(page, { token: admin, lang: "ar" });
    await page.goto("/settings/system-configurations");
    await expect(page.getByTestId("field-two_factor_super_user")).toBeVisible();
    await expect(page.getByTestId("field-two_factor_role_ids").locator("..").locator("..")).toContainText("Two-factor");
    await page.evaluate(() => localStorage.removeItem("token"));

    await page.goto("/login");
    const violations = await watchViolations(page);
    await page.getByLabel("البريد الإلكتروني").fill(user.email);
    await page.getByLabel("كلمة المرور").fill(user.password);
    await page.getByTestId("login-submit").click();
    await expect(page.getByTestId("two-factor-setup-required")).toHaveText(
      "يجب أن يستخدم حسابك تسجيل الدخول بخطوتين. قم بإعداده الآن للمتابعة.",
    );
    // No working token was kept while enrolling.
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.getByTestId("two-factor-setup-start").click();
    await expect(page.getByTestId("two-factor-qr")).toBeVisible();
    await shot(page, "two-factor-forced-enrol-ar");
    const secret = (await page.getByTestId("two-factor-secret").innerText()).trim();
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
    await page.getByLabel("الرمز من التطبيق").fill(totp.generate());
    await page.getByTestId("two-factor-confirm").click();
    await expect(page.getByTestId("two-factor-recovery").locator("code")).toHaveCount(10);
    await page.getByTestId("two-factor-setup-continue").click();

    // Back at sign-in, the code step; a code of the next step (the first one is spent).
    await expect(page.getByTestId("login-code-needed")).toBeVisible();
    await page.getByLabel("الرمز", { exact: true }).fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByTestId("login-submit").click();
    await expect(page).not.toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
    expect(violations).toEqual([]);
  } finally {
    await settings([]);
  }
});
