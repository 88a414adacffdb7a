import { readFileSync } from "node:fs";
import { adminToken, createUser, login, unique } from "../support/api";
import { expect, signedIn, test } from "../support/fixtures";

const VERSION = (JSON.parse(readFileSync(new URL("../../apps/web/package.json", import.meta.url), "utf8")) as { version: string }).version;

test("the debug menu shows the version and the session, copies no token and reloads the essential data", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const token = await signedIn(page);
  await page.goto("/");
  await page.getByTestId("debug-menu").click();
  await expect(page.getByTestId("debug-version")).toHaveText(VERSION);
  await expect(page.getByTestId("debug-user-id")).toHaveText("1");
  await expect(page.getByTestId("debug-token-expiry")).not.toHaveText("None");

  await page.getByTestId("debug-copy").click();
  await expect(page.getByText("Diagnostic info copied")).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`Version: ${VERSION}`);
  expect(copied).toContain("User id: 1");
  expect(copied).not.toContain(token);
  for (const part of token.split(".")) expect(copied).not.toContain(part);

  await page.getByTestId("debug-menu").click();
  await page.getByTestId("debug-reload").click();
  await expect(page.getByText("Essential data reloaded")).toBeVisible();

  await page.getByTestId("debug-menu").click();
  await page.getByTestId("debug-clear-cache").click();
  await expect(page.getByText("Cached data cleared")).toBeVisible();
  // Still signed in.
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(token);
});

test("a user without the module logs permission has no debug menu", async ({ page }) => {
  const admin = await adminToken();
  const user = await createUser(admin, { user_name: `NoDebug ${unique()}`, permissions: ["users/index"] });
  await signedIn(page, { token: await login(user.email, user.password) });
  await page.goto("/");
  await expect(page.getByTestId("user-menu")).toBeVisible();
  await expect(page.getByTestId("debug-menu")).toHaveCount(0);
});
