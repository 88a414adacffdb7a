import { adminToken, baseUrl, call, unique } from "../support/api";
import { axeViolations, describeViolations } from "../support/axe";
import { expect, shot, test } from "../support/fixtures";
import { createItem, openingStock, pieceAndBox, pieceOnly, poster } from "../support/seed";
import { shopCode } from "../support/shop";

/**
 * The web shop at /shop/ on a phone, in Arabic: a customer signs in with the code the shop sent,
 * browses the home section and searches, puts three items in the cart, places the order and finds
 * it in their orders; another order of theirs is cancelled with a reason. The orders are checked
 * in what the customer API answers; the screens are pictured in Arabic, English and Kurdish.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

interface ShopOrder {
  order_id: number;
  order_no: string;
  status: string;
  total: string;
  gross: string;
  cancel_reason: string | null;
  lines: { item_name: string; quantity: string; unit_price: string; line_total: string }[];
}

const shopApi = <T>(path: string, token: string, opts: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  call<T>(`shop/v1/${path}`, { token, ...opts });

test("a customer signs in, browses, orders three items and cancels another order with a reason (Arabic)", async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await adminToken();
  const u = unique();
  const { piece } = await pieceAndBox(admin);
  const names = [`ماء ورد ${u}`, `زيت أرگان ${u}`, `صابون غار ${u}`];
  const prices = ["3500", "12000", "2250"];
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const id = await createItem(admin, { item_name: name, item_units: pieceOnly(piece, prices[i]!) });
    await openingStock(admin, id, piece, "20", "1000");
    ids.push(id);
  }
  const section = `عروض ${u}`;
  await poster(admin)("mobile_app_sections", { title: section, item_ids: [ids[0], ids[2]] });
  const reason = `غيّرت رأيي ${u}`;
  await poster(admin)("order_cancellation_messages", { message: reason });
  const mobile = `0770${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

  await page.addInitScript(() => {
    if (!localStorage.getItem("shop.lang")) localStorage.setItem("shop.lang", "ar");
  });
  await page.goto("/shop/");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  const home = page.getByRole("region", { name: section });
  await expect(home.getByText(names[0]!)).toBeVisible();
  await expect(home.getByText(names[2]!)).toBeVisible();
  await shot(page, "shop-home-ar");
  const homeViolations = await axeViolations(page);
  expect(homeViolations, describeViolations("shop home", homeViolations)).toEqual([]);

  // Sign in with the code the shop sent to the number.
  await page.getByRole("banner").getByRole("link", { name: "تسجيل الدخول" }).click();
  await page.getByLabel("رقم الموبايل").fill("12");
  await page.getByRole("button", { name: "أرسل لي رمزاً" }).click();
  // The API's own words, in Arabic.
  await expect(
    page
      .getByText("رقم الموبايل")
      .locator("..")
      .getByText(/07701234567/)
      .last(),
  ).toBeVisible();
  await page.getByLabel("رقم الموبايل").fill(mobile);
  await page.getByRole("button", { name: "أرسل لي رمزاً" }).click();
  const code = await shopCode(`+964${mobile.slice(1)}`);
  await page.getByLabel("الرمز").fill(code);
  await page.getByRole("button", { name: "دخول" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "تسجيل الخروج" })).toBeVisible();

  // The first item from the home section, two of the third, the second found by search.
  await page.getByRole("region", { name: section }).getByText(names[0]!).click();
  await expect(page.getByRole("heading", { name: names[0]! })).toBeVisible();
  await page.getByRole("button", { name: "أضف إلى السلة" }).click();
  await expect(page.getByRole("status")).toHaveText("أضيفت إلى السلة");
  await page.getByRole("navigation").getByRole("link", { name: "الرئيسية" }).click();
  await page.getByRole("region", { name: section }).getByText(names[2]!).click();
  await page.getByLabel("الكمية").fill("2");
  await page.getByRole("button", { name: "أضف إلى السلة" }).click();
  await page.getByRole("navigation").getByRole("link", { name: "البحث" }).click();
  await page.getByRole("searchbox", { name: "البحث" }).fill(`أرگان ${u}`);
  await page.getByRole("searchbox", { name: "البحث" }).press("Enter");
  const found = page.getByTestId("shop-item").filter({ hasText: names[1]! });
  await expect(found).toHaveCount(1);
  await shot(page, "shop-search-ar");
  await found.getByRole("button", { name: "أضف إلى السلة" }).click();
  await expect(page.getByTestId("cart-count")).toHaveText("3");

  // The cart as the server quotes it: 3,500 + 12,000 + 2 × 2,250.
  await page.getByRole("navigation").getByRole("link", { name: /السلة/ }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(3);
  await expect(page.getByTestId("cart-total")).toHaveText("20,000 د.ع");
  // No address yet: one is added, its city from the list.
  const city = (await shopApi<{ data: { city_name: string }[] }>("cities", "")).data[0]!.city_name;
  await page.getByRole("combobox", { name: "المدينة" }).click();
  await page.getByRole("option", { name: city, exact: true }).click();
  await page.getByRole("textbox", { name: "أقرب نقطة دالة" }).fill("قرب الجامع الكبير");
  await page.getByRole("button", { name: "احفظ العنوان" }).click();
  await expect(page.getByRole("radio", { name: `${city} — قرب الجامع الكبير` })).toBeChecked();
  await shot(page, "shop-cart-ar");
  await page.getByRole("button", { name: "أرسل الطلب" }).click();
  await expect(page).toHaveURL(/\/shop\/orders\/\d+$/);
  await expect(page.getByTestId("order-status")).toHaveText("قيد الانتظار");
  await expect(page.getByTestId("order-total")).toHaveText("20,000 د.ع");
  const placedId = Number(/orders\/(\d+)$/.exec(page.url())![1]);
  await expect(page.getByTestId("cart-count")).toHaveCount(0);

  // What the customer API keeps of it: the three lines and their totals.
  const token = (await page.evaluate(() => localStorage.getItem("shop.token")))!;
  const placed = (await shopApi<{ data: ShopOrder }>(`orders/${placedId}`, token)).data;
  expect(placed.status).toBe("pending");
  expect(placed.lines.map((l) => [l.item_name, Number(l.quantity), Number(l.unit_price), Number(l.line_total)])).toEqual(
    expect.arrayContaining([
      [names[0], 1, 3500, 3500],
      [names[1], 1, 12000, 12000],
      [names[2], 2, 2250, 4500],
    ]),
  );
  expect(placed.lines).toHaveLength(3);
  expect([Number(placed.gross), Number(placed.total)]).toEqual([20000, 20000]);

  // My orders show it; another order of the customer's (placed by the API) is cancelled with a reason.
  const address = (await shopApi<{ data: { address_id: number }[] }>("addresses", token)).data[0]!.address_id;
  const other = (
    await shopApi<{ data: ShopOrder }>("orders", token, {
      method: "POST",
      body: { lines: [{ item_id: ids[1], quantity: "1" }], address_id: address },
      headers: { "Idempotency-Key": `shop-e2e-${u}` },
    })
  ).data;
  await page.getByRole("navigation").getByRole("link", { name: "طلباتي" }).click();
  await expect(page.getByTestId("order-card").filter({ hasText: placed.order_no })).toBeVisible();
  await expect(page.getByTestId("order-card").filter({ hasText: other.order_no })).toBeVisible();
  await shot(page, "shop-orders-ar");
  await page.getByTestId("order-card").filter({ hasText: other.order_no }).click();
  await page.getByRole("radio", { name: "أخرى" }).check();
  await page.getByRole("button", { name: "ألغِ الطلب" }).click();
  await expect(page.getByText("اكتب السبب عندما يكون السبب «أخرى».")).toBeVisible();
  await page.getByRole("radio", { name: reason }).check();
  await page.getByRole("button", { name: "ألغِ الطلب" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("ملغى");
  await expect(page.getByText(`أُلغي: ${reason}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "ألغِ الطلب" })).toHaveCount(0);
  await shot(page, "shop-cancelled-ar");
  const cancelled = (await shopApi<{ data: ShopOrder }>(`orders/${other.order_id}`, token)).data;
  expect([cancelled.status, cancelled.cancel_reason]).toEqual(["cancelled", reason]);
  expect((await shopApi<{ data: ShopOrder }>(`orders/${placedId}`, token)).data.status).toBe("pending");

  // The same screens in English and Kurdish, left to right and right to left.
  await page.goto(`${baseUrl()}/shop/orders/${placedId}`);
  await page.getByRole("combobox", { name: "اللغة" }).click();
  await page.getByRole("option", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByTestId("order-total")).toHaveText("20,000 IQD");
  await shot(page, "shop-order-en");
  await page.getByRole("combobox", { name: "Language" }).click();
  await page.getByRole("option", { name: "کوردی" }).click();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("order-status")).toHaveText("چاوەڕوان");
  await shot(page, "shop-order-ckb");
  const orderViolations = await axeViolations(page);
  expect(orderViolations, describeViolations("shop order", orderViolations)).toEqual([]);

  // Installable: the service worker keeps the shell, so the shop opens offline; it keeps no API answer.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(page.getByTestId("order-total")).toBeVisible();
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(kept).toContain("/shop/");
  expect(kept.filter((u) => u.startsWith("/api"))).toEqual([]);
  await page.context().setOffline(true);
  await page.goto(`${baseUrl()}/shop/`);
  await expect(page.getByRole("banner").getByText("فرۆشگای سوق")).toBeVisible();
  await page.context().setOffline(false);
});
