import type { Page } from "@playwright/test";
import { call, createUser, login, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";
import { concretePath, registryScreens } from "../support/registry";
import { seedEveryList } from "../support/seed";

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  url: string;
}

/** Collects every securitypolicyviolation event of every page load, as the page reports it. */
async function watchViolations(page: Page): Promise<Violation[]> {
  const seen: Violation[] = [];
  await page.exposeFunction("__cspViolation", (v: Violation) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __cspViolation: (v: unknown) => void }).__cspViolation({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        url: location.pathname,
      });
    });
  });
  return seen;
}

for (const lang of ["en", "ar"] as const) {
  test(`every screen of the registry works under the Content-Security-Policy with no violation (${lang})`, async ({ page }) => {
    test.setTimeout(480_000);
    const token = await login();
    const rows = await seedEveryList(token);
    const violations = await watchViolations(page);
    await signedIn(page, { token, lang });

    const screens = await registryScreens();
    expect(screens.length).toBeGreaterThan(30);
    for (const screen of screens) {
      const url = concretePath(screen, rows);
      await page.goto(url);
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expect(page.locator("main h2, h1, h2").first(), url).toBeVisible({ timeout: 30_000 });
      await page.waitForLoadState("networkidle");
    }

    // Run-time styles: a dialog (Mantine's scroll lock adds a <style>), the theme switch (Mantine
    // adds one while it swaps colours) and the language menu.
    await page.goto("/staff");
    await page.getByTestId("theme-toggle").click();
    await page.getByTestId("theme-toggle").click();
    await page.getByRole("button", { name: lang === "ar" ? "إضافة موظف" : "Add staff member" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByTestId("language-menu").click();
    await expect(page.getByTestId("language-ckb")).toBeVisible();
    await page.keyboard.press("Escape");

    // The policy really is in force: a style without the nonce is refused and reported.
    const before = violations.length;
    await page.evaluate(() => {
      const s = document.createElement("style");
      s.textContent = "body { outline: 1px solid red }";
      document.head.append(s);
    });
    await expect.poll(() => violations.length).toBe(before + 1);
    expect(violations.pop()!.directive).toMatch(/^style-src/);

    expect(violations).toEqual([]);
  });
}

test("the OpenAPI documentation works under its own policy", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/api/docs");
  // Swagger UI draws the whole document in the browser: on a loaded machine that takes a while.
  await expect(page.getByText("/api/auth/login").first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("two-factor enrolment in Arabic: QR code, first code, recovery codes; sign-in then asks for the code", async ({ page }) => {
  const { TOTP, Secret } = await import("otpauth");
  const admin = await login();
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
  const admin = await login();
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
