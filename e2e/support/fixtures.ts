import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { login } from "./api";

export const ARTIFACTS = path.resolve(import.meta.dirname, "../artifacts");

/** Opens the app already signed in (token in local storage, as after a login) in the given language. */
export async function signedIn(page: Page, opts: { token?: string; lang?: "en" | "ar" | "ckb" } = {}) {
  const token = opts.token ?? (await login());
  await page.addInitScript(
    ([t, l]) => {
      if (!sessionStorage.getItem("e2e-seeded")) {
        localStorage.setItem("token", t);
        localStorage.setItem("lang", l);
        sessionStorage.setItem("e2e-seeded", "1");
      }
    },
    [token, opts.lang ?? "en"] as const,
  );
  return token;
}

export async function shot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  // Let fonts, transitions and notifications settle so the picture is what a person sees.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: false });
}

export const test = base;
export { expect };
