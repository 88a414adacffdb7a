import { expect as baseExpect, type Page } from "@playwright/test";
import { adminToken, call, createUser, unique } from "../support/api";
import { expect, shot, signedIn, test } from "../support/fixtures";

/** Texts the checks read, in the language under test. */
const T = {
  ar: {
    mobile: "الهاتف المحمول",
    name: "الاسم",
    pin: "الرمز السري",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    blocked: "هذا الحساب محظور. اطلب من المسؤول إلغاء الحظر.",
  },
  ckb: {
    mobile: "مۆبایل",
    name: "ناو",
    pin: "ژمارەی نهێنی",
    email: "ئیمەیڵ",
    password: "وشەی نهێنی",
    blocked: "ئەم هەژمارە بلۆک کراوە. داوا لە بەڕێوەبەر بکە بلۆکەکەی لابەرێت.",
  },
} as const;

/** Stored one way, typed another: Arabic hamza and teh marbuta, Kurdish ڵ, ە and ۆ. */
const SPELLINGS = {
  ar: { stored: "أحمد إبراهيم", typed: "احمد ابراهيم" },
  ckb: { stored: "شیرەی کۆکە منداڵان", typed: "شيره كوكه مندالان" },
} as const;

/** Arabic-Indic digits as a shop's keyboard types them. */
const arabicDigits = (s: string) => s.replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)]!);

async function search(page: Page, term: string) {
  await page.getByTestId("table-search").fill(term);
  await page.waitForURL((u) => u.searchParams.get("search") === term);
}

for (const lang of ["ar", "ckb"] as const) {
  test(`customers are found by a folded spelling and a mobile in Arabic-Indic digits, and sort by every column (${lang})`, async ({
    page,
  }) => {
    // A dozen sorts, each a round trip: more than the usual minute on a busy machine.
    test.setTimeout(180_000);
    const token = await adminToken();
    const u = unique();
    const { stored, typed } = SPELLINGS[lang];
    await call("customers", { method: "POST", token, body: { consumer_name: `${stored} ${u}` } });
    await signedIn(page, { token, lang });
    await page.goto("/customers/customers");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const table = page.getByTestId("table-customers");
    // The list screen is a chunk of its own: a busy machine may take a while to load it.
    await expect(table).toBeVisible({ timeout: 30_000 });

    // ------------------------------------------------------------ folded spelling
    await search(page, `${typed} ${u}`);
    await expect(table.getByTestId("table-row")).toHaveCount(1);
    await expect(table.getByTestId("table-row")).toContainText(`${stored} ${u}`);
    await shot(page, `entry-folded-search-${lang}`);

    // ------------------------------------------------------------ every column sorts
    const headers = table.locator('th[data-sortable="true"]');
    const columns = await headers.evaluateAll((ths) => ths.map((th) => th.getAttribute("data-column") ?? ""));
    baseExpect(columns.length).toBeGreaterThan(5);
    for (const column of columns) {
      const answer = page.waitForResponse((r) => r.url().includes("/api/customers?") && r.url().includes(`sortColumn=${column}`));
      await table.getByTestId(`sort-${column}`).click();
      baseExpect((await answer).status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`sortColumn=${column}`));
      await expect(table.getByTestId("table-row")).toHaveCount(1);
    }
    // A stale bookmark's sort gives the default order, never an empty page.
    const stale = page.waitForResponse((r) => r.url().includes("/api/customers?") && r.url().includes("sortColumn=address_line_9"));
    await page.goto(`/customers/customers?search=${encodeURIComponent(u)}&sortColumn=address_line_9`);
    baseExpect((await stale).status()).toBe(200);
    await expect(table.getByTestId("table-row")).toHaveCount(1);
    await expect(table.getByTestId("table-empty")).toHaveCount(0);
    // ...and the address drops it, keeping the search.
    await expect(page).not.toHaveURL(/sortColumn=/);
    await expect(page).toHaveURL(new RegExp(`search=${u}`));

    // ------------------------------------------------------------ mobile in Arabic-Indic digits
    const mobile = `0750${String(Date.now()).slice(-7)}`;
    await page.getByTestId("party-add").click();
    const form = page.getByTestId("party-form");
    await form.locator(`input[name="consumer_name"]`).fill(`Mobile ${u}`);
    await form.locator(`input[name="mobile"]`).fill(arabicDigits(mobile));
    // A number reads left to right inside the right-to-left form.
    await expect(form.locator(`input[name="mobile"]`)).toHaveCSS("direction", "ltr");
    // The allowed debit typed with the Arabic thousands separator and digits, as on a shop's keyboard.
    const allowed = form.locator(`input[name="allowed_debit_amount"]`);
    await allowed.pressSequentially(`${arabicDigits("750")}٬${arabicDigits("000")}`);
    await expect(allowed).toHaveValue("750,000");
    await expect(allowed).toHaveCSS("direction", "ltr");
    await shot(page, `entry-mobile-form-${lang}`);
    await form.getByTestId("party-save").click();
    await expect(form).toBeHidden();
    const saved = await call<{ data: { data: { consumer_name: string; allowed_debit_amount: string | null }[] } }>(
      `customers?search=${encodeURIComponent(`Mobile ${u}`)}`,
      { token },
    );
    baseExpect(saved.data.data.map((c) => [c.consumer_name, Number(c.allowed_debit_amount)])).toEqual([[`Mobile ${u}`, 750000]]);
    // Found by the start of the number typed in either digits, shown in its one stored form.
    for (const term of [arabicDigits(mobile.slice(0, 8)), mobile.slice(0, 8)]) {
      await search(page, term);
      const row = table.getByTestId("table-row").filter({ hasText: `Mobile ${u}` });
      await expect(row).toBeVisible();
      await expect(row).toContainText(`+964${mobile.slice(1)}`);
      // Left to right in its cell: the plus sign first, not at the far end.
      await expect(row.locator('td[data-column="mobile"] span[dir="ltr"]')).toHaveText(`+964${mobile.slice(1)}`);
    }
    await shot(page, `entry-mobile-found-${lang}`);
  });

  test(`a cashier signs in with a PIN in Arabic-Indic digits; a blocked user is told so (${lang})`, async ({ page }) => {
    const admin = await adminToken();
    const u = unique();
    const name = `Cashier ${u}`;
    const cashier = await createUser(admin, { user_name: name, is_cashier: true, outlet_fk: 1, permissions: ["pos_sales/index"] });
    await call("user_pins", { method: "POST", token: admin, body: { name: `${name} PIN`, pin: "4826", user_id: cashier.user_id } });
    const blocked = await createUser(admin, { user_name: `Blocked ${u}` });
    await call(`users/${blocked.user_id}`, {
      method: "PATCH",
      token: admin,
      body: { user_name: blocked.user_name, email: blocked.email, status: "blocked" },
    });

    await page.addInitScript((l) => localStorage.setItem("lang", l), lang);
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

    // ------------------------------------------------------------ blocked: told after the right password
    await page.getByLabel(T[lang].email).fill(blocked.email);
    await page.getByLabel(T[lang].password, { exact: true }).fill(blocked.password);
    await page.getByTestId("login-submit").click();
    await expect(page.getByTestId("login-error")).toHaveText(T[lang].blocked);
    await shot(page, `entry-blocked-${lang}`);

    // ------------------------------------------------------------ cashier PIN ٤٨٢٦
    await page.getByTestId("login-mode").locator("label").nth(1).click();
    await page.getByTestId("cashier-outlet").click();
    await page.getByRole("option").first().click();
    await page.getByTestId("cashier-user").click();
    await page.getByRole("option", { name }).click();
    await page.getByLabel(T[lang].pin, { exact: true }).fill("٤٨٢٦");
    await shot(page, `entry-cashier-pin-${lang}`);
    await page.getByTestId("cashier-submit").click();
    // A cashier's sign-in lands on the POS screen, which names the cashier.
    await expect(page).toHaveURL(/\/settings\/pos$/);
    await expect(page.getByText(name)).toBeVisible();
  });
}

test("messages read as sentences, show once under their field and go as soon as the value is valid", async ({ page }) => {
  await signedIn(page, { lang: "en" });

  // ------------------------------------------------------------ system configurations
  await page.goto("/settings/system-configurations");
  await page.getByTestId("field-pagination_default").fill("7");
  await page.getByTestId("settings-save").click();
  const notAnOption = "The pagination default must be one of the pagination options.";
  await expect(page.getByText(notAnOption)).toHaveCount(1);
  await page.getByTestId("field-out_of_stock_min_qty").fill("abc");
  await page.getByTestId("settings-save").click();
  // The schema's fragment as a sentence, once.
  await expect(page.getByText("Must be a number with at most 4 decimals.", { exact: true })).toHaveCount(1);
  await expect(page.getByText(/^must be/)).toHaveCount(0);
  await shot(page, "entry-messages-system-configurations-en");
  await page.getByTestId("field-out_of_stock_min_qty").fill("0");
  await expect(page.getByText("Must be a number with at most 4 decimals.", { exact: true })).toHaveCount(0);

  // ------------------------------------------------------------ item form
  await page.goto("/warehouse/items");
  await page.getByTestId("items-add").click();
  const form = page.getByTestId("item-form");
  await form.getByTestId("item-save").click();
  const name = form.getByTestId("field-item_name");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await name.fill("Water");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await form.getByTestId("item-tab-units").click();
  const price = form.getByTestId("unit-0-price");
  // An empty price is required, not "at most 2 decimals".
  await expect(price).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText(/at most 2 decimals/)).toHaveCount(0);
  await expect(form.getByText("This field is required").first()).toBeVisible();
  await shot(page, "entry-messages-item-units-en");
  await price.fill("250");
  await expect(price).not.toHaveAttribute("aria-invalid", "true");
});
