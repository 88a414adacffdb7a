import { adminToken, call, createUser, login, unique } from "../support/api";
import { expect, pick, shot, signedIn, test, typeInto } from "../support/fixtures";
import { createItem, pieceAndBox, pieceOnly } from "../support/seed";

/**
 * The mobile app's settings from their screens, by a user holding only the mobile app's keys: a
 * cancellation message added, a home section of two chosen items and a price-range section built
 * and put in order (in English), the online order accepted time typed over and another message
 * added (in Arabic); each checked in what the server saved.
 */

interface Seed {
  admin: string;
  user: string;
  u: string;
  items: string[];
}

const MOBILE_KEYS = [
  "mobile_app/show",
  "mobile_app_sections/index",
  "mobile_app_sections/show",
  "mobile_app_sections/store",
  "mobile_app_sections/update",
  "mobile_app_settings/show",
  "mobile_app_settings/update",
  "order_cancellation_messages/index",
  "order_cancellation_messages/show",
  "order_cancellation_messages/store",
  "order_cancellation_messages/update",
];

async function seed(): Promise<Seed> {
  const admin = await adminToken();
  const u = unique();
  const { piece } = await pieceAndBox(admin);
  const items = [`Rose water ${u}`, `Argan oil ${u}`];
  await createItem(admin, { item_name: items[0]!, item_units: pieceOnly(piece, "3500") });
  await createItem(admin, { item_name: items[1]!, item_units: pieceOnly(piece, "12000") });
  const user = await createUser(admin, { user_name: `mobile${u}`, inventory_ids: [1], permissions: MOBILE_KEYS });
  return { admin, user: await login(user.email, user.password), u, items };
}

interface Message {
  message_id: number;
  message: string;
  active: boolean;
  arrangement: number;
}
interface Section {
  section_id: number;
  title: string;
  source: string;
  start_price: string | null;
  end_price: string | null;
  arrangement: number;
}

const messages = async (s: Seed) =>
  (
    await call<{ data: { data: Message[] } }>("order_cancellation_messages?sortColumn=arrangement&sortDir=asc&per_page=1000", {
      token: s.admin,
    })
  ).data.data;
const sections = async (s: Seed) =>
  (await call<{ data: { data: Section[] } }>("mobile_app_sections?sortColumn=arrangement&sortDir=asc&per_page=1000", { token: s.admin }))
    .data.data;

let s: Seed;

test.describe
  .serial("mobile app settings", () => {
    test.beforeAll(async () => {
      s = await seed();
    });

    test("a cancellation message, a section of two chosen items and a price-range section, put in order (en)", async ({ page }) => {
      test.setTimeout(120_000);
      await signedIn(page, { token: s.user, lang: "en" });

      // A cancellation message.
      await page.goto("/settings/mobile-app/online-order-cancellation");
      await expect(page.getByRole("heading", { name: "Order Cancellation Messages" })).toBeVisible({ timeout: 30_000 });
      await page.getByTestId("cancellation-add").click();
      const messageForm = page.getByTestId("cancellation-form");
      // Saved empty: refused under the field, nothing sent.
      await messageForm.getByTestId("cancellation-save").click();
      await expect(messageForm).toContainText("The message field is required.");
      await messageForm.getByTestId("field-message").fill(`Item out of stock ${s.u}`);
      await messageForm.getByTestId("cancellation-save").click();
      await expect(messageForm).toBeHidden();
      await page.getByTestId("table-search").fill(s.u);
      await expect(page.getByTestId("table-order_cancellation_messages")).toContainText(`Item out of stock ${s.u}`);
      await shot(page, "mobile-cancellation-messages-en");
      expect((await messages(s)).find((m) => m.message === `Item out of stock ${s.u}`)).toMatchObject({ active: true });

      // A section of two chosen items, the second moved above the first.
      await page.goto("/settings/mobile-app/home-sections");
      await expect(page.getByRole("heading", { name: "Home Sections" })).toBeVisible({ timeout: 30_000 });
      await page.getByTestId("section-add").click();
      const form = page.getByTestId("section-form");
      await form.getByTestId("field-title").fill(`Care picks ${s.u}`);
      await form.getByTestId("field-description").fill("Chosen by our pharmacist");
      await form.getByTestId("section-save").click();
      await expect(form).toContainText("Choose at least one item.");
      await pick(page, form.getByTestId("section-item-picker"), s.items[0]!);
      await pick(page, form.getByTestId("section-item-picker"), s.items[1]!);
      const chosen = form.getByTestId("section-items");
      await expect(chosen.getByRole("row")).toHaveCount(2);
      await chosen.getByRole("row").nth(1).getByRole("button", { name: "Move up" }).click();
      await expect(chosen.getByRole("row").first()).toContainText(s.items[1]!);
      await shot(page, "mobile-section-items-en");
      await form.getByTestId("section-save").click();
      await expect(form).toBeHidden();

      // A section of the items priced 1,000 to 5,000: a reversed range is refused first.
      await page.getByTestId("section-add").click();
      await form.getByTestId("field-title").fill(`Under 5000 ${s.u}`);
      await form.getByTestId("field-source").getByText("Filters").click();
      await typeInto(form.getByTestId("field-start_price"), "5000");
      await typeInto(form.getByTestId("field-end_price"), "1000");
      await form.getByTestId("section-save").click();
      await expect(form).toContainText("The end price must be greater than or equal to the start price.");
      await typeInto(form.getByTestId("field-start_price"), "1000");
      await typeInto(form.getByTestId("field-end_price"), "5000");
      await form.getByTestId("section-save").click();
      await expect(form).toBeHidden();

      const mine = (await sections(s)).filter((x) => x.title.endsWith(s.u));
      expect(mine.map((x) => x.title)).toEqual([`Care picks ${s.u}`, `Under 5000 ${s.u}`]);
      const range = mine[1]!;
      expect(range).toMatchObject({ source: "filters", start_price: "1000.000", end_price: "5000.000" });
      const care = await call<{ data: { items: { item_name: string }[] } }>(`mobile_app_sections/${mine[0]!.section_id}`, {
        token: s.admin,
      });
      expect(care.data.items.map((i) => i.item_name)).toEqual([s.items[1], s.items[0]]);

      // The price-range section moved above the chosen items: the order is saved at once.
      const table = page.getByTestId("table-mobile_sections");
      // Only this run's sections, whatever else the list holds.
      await table.getByTestId("table-search").fill(s.u);
      await expect(table.getByTestId("table-row")).toHaveCount(2);
      await expect(table.getByTestId(`section-contents-${range.section_id}`)).toHaveText("Price 1,000 to 5,000");
      await table.getByTestId(`move-${range.section_id}-up`).click();
      await expect
        .poll(async () => (await sections(s)).filter((x) => x.title.endsWith(s.u)).map((x) => x.title))
        .toEqual([`Under 5000 ${s.u}`, `Care picks ${s.u}`]);
      await expect(table.getByRole("row").filter({ hasText: s.u }).first()).toContainText(`Under 5000 ${s.u}`);
      await shot(page, "mobile-home-sections-en");

      // The home screen as the app shows it: the range finds the 3,500 item, not the 12,000 one.
      const home = await call<{ data: { title: string; items: { item_name: string }[] }[] }>("mobile_app/home", { token: s.user });
      const shown = home.data.find((x) => x.title === `Under 5000 ${s.u}`)!;
      expect(shown.items.map((i) => i.item_name)).toContain(s.items[0]);
      expect(shown.items.map((i) => i.item_name)).not.toContain(s.items[1]);
    });

    test("the accepted time typed over its value and a cancellation message added, in Arabic", async ({ page }) => {
      test.setTimeout(90_000);
      await signedIn(page, { token: s.user, lang: "ar" });
      await page.goto("/settings/mobile-app/app-settings");
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.getByRole("heading", { name: "إعدادات التطبيق" })).toBeVisible({ timeout: 30_000 });
      const before = (await call<{ data: { online_order_accepted_minutes: number } }>("mobile_app_settings", { token: s.admin })).data;
      const minutes = page.getByTestId("field-online_order_accepted_minutes");
      await expect(minutes).toHaveValue(String(before.online_order_accepted_minutes));
      // Typed as a person does: the value selected and typed over, in Arabic-Indic digits.
      await minutes.click();
      await minutes.press("Control+a");
      await minutes.pressSequentially("٤٥");
      await expect(minutes).toHaveValue("٤٥");
      await typeInto(page.getByTestId("field-min_order_amount"), "10000");
      await page.getByTestId("field-delivery_fee_mode").getByText("أجرة واحدة").click();
      await typeInto(page.getByTestId("field-delivery_fee"), "3000");
      await shot(page, "mobile-app-settings-ar");
      await page.getByTestId("app-settings-save").click();
      await expect
        .poll(async () => (await call<{ data: { online_order_accepted_minutes: number } }>("mobile_app_settings", { token: s.admin })).data)
        .toMatchObject({
          online_order_accepted_minutes: 45,
          min_order_amount: "10000.000",
          delivery_fee_mode: "flat",
          delivery_fee: "3000.000",
        });
      // The system settings hold the same accepted time.
      const system = await call<{ data: { online_order_accepted_minutes: number } }>("system_settings/show/1", { token: s.admin });
      expect(system.data.online_order_accepted_minutes).toBe(45);
      // An accepted time of 0 is refused under the field, in Arabic.
      await typeInto(minutes, "0");
      await page.getByTestId("app-settings-save").click();
      await expect(page.getByText("يجب ألا يقل عن 1")).toBeVisible();

      await page.goto("/settings/mobile-app/online-order-cancellation");
      await expect(page.getByRole("heading", { name: "رسائل إلغاء الطلبات" })).toBeVisible({ timeout: 30_000 });
      await page.getByTestId("cancellation-add").click();
      const form = page.getByTestId("cancellation-form");
      await form.getByTestId("field-message").fill(`العنوان غير صحيح ${s.u}`);
      await form.getByTestId("cancellation-save").click();
      await expect(form).toBeHidden();
      await page.getByTestId("table-search").fill(s.u);
      await expect(page.getByTestId("table-order_cancellation_messages")).toContainText(`العنوان غير صحيح ${s.u}`);
      await shot(page, "mobile-cancellation-messages-ar");
      const saved = await messages(s);
      const english = saved.find((m) => m.message === `Item out of stock ${s.u}`)!;
      const arabic = saved.find((m) => m.message === `العنوان غير صحيح ${s.u}`)!;
      expect(arabic.arrangement).toBeGreaterThan(english.arrangement);
      // Offered in that order to whoever cancels an online order.
      const offered = await call<{ message: { message: string }[] }>("order_cancellation_messages/list", { token: s.admin });
      const texts = offered.message.map((m) => m.message);
      expect(texts.indexOf(arabic.message)).toBeGreaterThan(texts.indexOf(english.message));
    });
  });

test("a customer of the shop given an account in the app, then blocked (en)", async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await adminToken();
  const u = unique();
  const name = `Hawre ${u}`;
  // A mobile of its own per run: 0750 then seven digits.
  const mobile = `0750${String(Date.now()).slice(-7)}`;
  const { consumer_id } = await call<{ data: { consumer_id: number } }>("customers", {
    method: "POST",
    token: admin,
    body: { consumer_name: name, mobile },
  }).then((r) => r.data);
  await signedIn(page, { token: admin, lang: "en" });
  await page.goto("/settings/mobile-app/online-customers");
  await expect(page.getByRole("heading", { name: "Online Customers" })).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("online-customer-add").click();
  const form = page.getByTestId("online-customer-form");
  await pick(page, form.getByTestId("field-consumer_id"), `${name} (+964${mobile.slice(1)})`, name);
  await form.getByTestId("online-customer-save").click();
  await expect(form).toBeHidden();
  const table = page.getByTestId("table-online_customers");
  await table.getByTestId("table-search").fill(u);
  const row = table.getByTestId("table-row").filter({ hasText: name });
  await expect(row).toContainText(`+964${mobile.slice(1)}`);
  await expect(row).toContainText("Active");
  // Blocked from the row's menu, after the question.
  await row.getByTestId("row-actions").click();
  await page.getByTestId("row-action-block").click();
  await page.getByTestId("confirm-action-yes").click();
  await expect(row).toContainText("Blocked");
  await shot(page, "mobile-online-customers-en");
  const saved = await call<{ data: { data: { consumer_fk: number; status: string; mobile: string }[] } }>(
    `online_customers?search=${encodeURIComponent(name)}`,
    { token: admin },
  );
  expect(saved.data.data).toEqual([
    expect.objectContaining({ consumer_fk: consumer_id, status: "blocked", mobile: `+964${mobile.slice(1)}` }),
  ]);
});

/** A PNG of one pixel. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

test("a slider with its picture, a file that is no picture refused, in Kurdish", async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await adminToken();
  const u = unique();
  await signedIn(page, { token: admin, lang: "ckb" });
  await page.goto("/settings/mobile-app/home-sections");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "بەشەکانی پەڕەی سەرەکی" })).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("slider-add").click();
  const form = page.getByTestId("section-form");
  await form.getByTestId("field-title").fill(`Eid ${u}`);
  await form.getByTestId("field-source").getByText("فلتەر").click();
  await typeInto(form.getByTestId("field-end_price"), "٢٥٠٠٠");
  // Saved without a picture: refused under the picture.
  await form.getByTestId("section-save").click();
  await expect(form.getByRole("alert")).toBeVisible();
  // A text file named like a picture is refused by its content.
  const file = form.locator("input[type=file]");
  await file.setInputFiles({ name: "eid.png", mimeType: "image/png", buffer: Buffer.from("not a picture at all") });
  await expect(form.getByRole("alert")).toHaveText("جۆری فایلەکە ڕێگەپێدراو نییە");
  await file.setInputFiles({ name: "eid.png", mimeType: "image/png", buffer: PNG });
  await expect(form.getByRole("img", { name: "وێنە" })).toBeVisible();
  await expect(form.getByRole("alert")).toHaveCount(0);
  await shot(page, "mobile-slider-ckb");
  await form.getByTestId("section-save").click();
  await expect(form).toBeHidden();
  const saved = (
    await call<{ data: { data: Section[] & { image: string | null; kind: string }[] } }>(
      `mobile_app_sections?search=${encodeURIComponent(`Eid ${u}`)}`,
      { token: admin },
    )
  ).data.data;
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ kind: "slider", source: "filters", end_price: "25000.000" });
  expect(saved[0]!.image).toMatch(/^[0-9a-f-]{36}\.png$/);
});
