import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../support/env";
import { expect, signedIn, test } from "../support/fixtures";
import { type StartedProduct, startProduct, stopProduct } from "../support/product";

// A restore replaces the whole database: this file runs on a product of its own, so the other
// worker's tests never see their data go back in time.
let product: StartedProduct;
let token: string;

async function call<T>(urlPath: string, opts: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${product.baseUrl}/api/${urlPath}`, {
    method: opts.method ?? "GET",
    headers: {
      Accept: "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(opts.body !== undefined ? { "Content-Type": "application/json" } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  if (!res.ok) throw new Error(`${urlPath} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const unitNames = async () => (await call<{ message: { unit_name: string }[] }>("units/list")).message.map((u) => u.unit_name);

test.beforeAll(async () => {
  test.setTimeout(300_000);
  product = await startProduct();
  token = (await call<{ access_token: string }>("auth/login", { method: "POST", body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }))
    .access_token;
});
test.afterAll(async () => {
  if (product) await stopProduct(product);
});

test("in Arabic: back up, see it verified, download it, and restore it; a damaged file is refused", async ({ page }) => {
  test.setTimeout(240_000);
  await signedIn(page, { token, lang: "ar" });
  await page.goto(`${product.baseUrl}/settings/backups`);
  await expect(page.getByRole("heading", { name: "النسخ الاحتياطية", exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  // Backing up is a job: its progress shows what it is doing, and a reload midway finds it again.
  await page.getByTestId("backup-now").click();
  await expect(page.getByTestId("job-progress")).toBeVisible();
  await expect(page).toHaveURL(/[?&]job=/);
  await page.reload();
  await expect(page.getByTestId("job-progress").or(page.getByTestId("job-done"))).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("job-done")).toContainText("انتهى", { timeout: 90_000 });
  const verified = page.getByTestId("backup-verified");
  await expect(verified).toHaveText("تم التحقق", { timeout: 90_000 });
  const row = page.locator("[data-testid^=backup-row-]").first();
  const file = ((await row.getAttribute("data-testid")) ?? "").replace("backup-row-", "");
  expect(file).toMatch(/^souq-.*\.tar\.gz$/);

  const [download] = await Promise.all([page.waitForEvent("download"), row.getByTestId("backup-download").click()]);
  expect(download.suggestedFilename()).toBe(file);
  const saved = path.join(tmpdir(), `e2e-${Date.now()}-${file}`);
  await download.saveAs(saved);
  const bytes = await readFile(saved);
  expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);

  // A unit added after the backup: the restore takes the data back to before it.
  await call("units", { method: "POST", body: { unit_name: "وحدة بعد النسخ" } });
  expect(await unitNames()).toContain("وحدة بعد النسخ");

  // A damaged copy of the download is refused, in Arabic, and nothing changes.
  const damaged = Buffer.from(bytes);
  damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
  const damagedFile = path.join(tmpdir(), `e2e-damaged-${Date.now()}.tar.gz`);
  await writeFile(damagedFile, damaged);
  await page.locator("input[type=file]").setInputFiles(damagedFile);
  await page.getByTestId("restore-confirm-yes").click();
  await expect(page.getByTestId("job-failed")).toContainText("تالف", { timeout: 60_000 });
  expect(await unitNames()).toContain("وحدة بعد النسخ");

  // The downloaded file restored through the browser.
  await page.locator("input[type=file]").setInputFiles(saved);
  const [restored] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/backups/restore_upload/start"), { timeout: 180_000 }),
    page.getByTestId("restore-confirm-yes").click(),
  ]);
  expect(restored.status()).toBe(202);
  await expect(page.getByTestId("job-progress").or(page.getByTestId("job-done"))).toBeVisible();
  await expect(page.getByTestId("job-done")).toBeVisible({ timeout: 180_000 });
  await expect(page.getByText("تمت استعادة النسخة الاحتياطية.")).toBeVisible();
  expect(await unitNames()).not.toContain("وحدة بعد النسخ");
  // The data before the restore is a backup of its own in the list.
  await expect(page.getByText("قبل الاستعادة")).toBeVisible();
});
