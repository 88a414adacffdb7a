import { adminToken, call, createUser, unique } from "../support/api";
import { choose, expect, shot, signedIn, test } from "../support/fixtures";
import { createItem, openingStock, pieceAndBox, pieceOnly, poster } from "../support/seed";
import { placeShopOrder, shopCustomer } from "../support/shop";

/**
 * A customer orders from the shop app; at the back office the order rings in with a banner and
 * appears on the board, is confirmed, given a driver, handed over and delivered from the home
 * delivery page, and the driver's cash is settled into the safe. In English and in Arabic, each
 * run checked through the API: the order delivered with its sale, the stock taken, the driver's
 * cash counted into the safe and nothing left in hand.
 */

interface Seed {
  admin: string;
  item: number;
  itemName: string;
  driver: { user_id: number; name: string };
  safe: { account_id: number; name: string };
}

async function seed(): Promise<Seed> {
  const admin = await adminToken();
  const u = unique();
  const units = await pieceAndBox(admin);
  const itemName = `Vitamin C ${u}`;
  const item = await createItem(admin, { item_name: itemName, is_active_online: true, item_units: pieceOnly(units.piece, "5000") });
  await openingStock(admin, item, units.piece, "40", "3000");
  const name = `driver${u}`;
  const driver = await createUser(admin, { user_name: name, inventory_ids: [1], permissions: ["online_orders/home_delivery"] });
  const safeName = `Safe IQD ${u}`;
  const safe = await poster(admin)<{ account_id: number }>("cashes", { account_name: safeName, cash_type: 1, currency_id: 1 });
  return { admin, item, itemName, driver: { user_id: driver.user_id, name }, safe: { account_id: safe.account_id, name: safeName } };
}

const onHand = async (s: Seed) => {
  const rows = await call<{ data: { data: { qty: string }[] } }>(`stocks?filter[item_id]=${s.item}&per_page=50`, { token: s.admin });
  return rows.data.data.reduce((t, r) => t + Number(r.qty), 0);
};

for (const lang of ["en", "ar"] as const) {
  test(`an online order rings, is confirmed, delivered by a driver and the driver's cash settled (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    const s = await seed();
    const customer = await shopCustomer(`0770${String(Date.now()).slice(-7)}`);
    await signedIn(page, { token: s.admin, lang });

    // The board is open, its count read once: a new order is a rise, and it rings.
    const firstCount = page.waitForResponse((r) => r.url().includes("/api/online_orders/pending_order_alert"));
    await page.goto("/sales/online-orders");
    await firstCount;
    await expect(page.getByTestId("board-column-pending")).toBeVisible();
    const order = await placeShopOrder(customer, [{ item_id: s.item, quantity: "3" }]);
    const card = page.getByTestId(`order-card-${order.order_id}`);
    await expect(page.getByTestId("board-column-pending").getByTestId(`order-card-${order.order_id}`)).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId("online-order-alert")).toBeVisible({ timeout: 45_000 });
    await shot(page, `online-orders-board-${lang}`);
    await page.getByTestId("online-order-ack").click();
    await expect(page.getByTestId("online-order-alert")).toBeHidden();

    await card.getByTestId(`order-confirm-${order.order_id}`).click();
    await expect(page.getByTestId("board-column-confirmed").getByTestId(`order-card-${order.order_id}`)).toBeVisible();

    // Home delivery: a driver, the hand-over, the delivery.
    await page.goto("/sales/home-delivery");
    const row = page.getByTestId(`delivery-row-${order.order_id}`);
    await choose(page, row.getByTestId(`delivery-driver-select-${order.order_id}`), s.driver.name);
    await row.getByTestId(`delivery-assign-${order.order_id}`).click();
    await row.getByTestId(`delivery-handover-${order.order_id}`).click();
    await expect(row.getByTestId(`delivery-driver-${order.order_id}`)).toHaveText(s.driver.name);
    const stockBefore = await onHand(s);
    await row.getByTestId(`delivery-deliver-${order.order_id}`).click();
    await expect(row).toBeHidden();
    await expect(page.getByTestId(`driver-cash-iqd-${s.driver.user_id}`)).toHaveText("15,000");
    await shot(page, `online-orders-delivery-${lang}`);

    // The driver hands in 14,500: 500 short.
    await page.getByTestId(`driver-settle-${s.driver.user_id}`).click();
    const dialog = page.getByTestId("settle-dialog");
    await dialog.getByTestId("settle-counted-iqd").fill("14500");
    await choose(page, dialog.getByTestId("settle-account-iqd"), s.safe.name);
    await shot(page, `online-orders-settle-${lang}`);
    await dialog.getByTestId("settle-submit").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`driver-cash-iqd-${s.driver.user_id}`)).toHaveText("0");

    // What the server keeps.
    const shown = (await call<{ data: Record<string, unknown> }>(`online_orders/${order.order_id}`, { token: s.admin })).data;
    expect(shown).toMatchObject({
      status: "delivered",
      invoice_status: "delivered",
      driver_fk: s.driver.user_id,
      collected_amount: "15000.000",
      confirmed_by: 1,
      delivered_by: 1,
    });
    expect(shown.settlement_fk).toBeTruthy();
    expect(await onHand(s)).toBe(stockBefore - 3);
    const drivers = (
      await call<{ data: { driver_id: number; cash_iqd: string; unsettled_count: number }[] }>("home_delivery/drivers", { token: s.admin })
    ).data;
    expect(drivers.find((d) => d.driver_id === s.driver.user_id)).toMatchObject({ cash_iqd: "0.000", unsettled_count: 0 });
    const settlement = (
      await call<{ data: { cash: { currency_id: number; expected: string; counted: string; difference: string }[] } }>(
        `home_delivery/settlements/${shown.settlement_fk}`,
        { token: s.admin },
      )
    ).data;
    expect(settlement.cash[0]).toMatchObject({ currency_id: 1, expected: "15000.000", counted: "14500.000", difference: "-500.000" });
    const safe = await call<{ data: { balance: string } }>(`cash_balance_show?account_id=${s.safe.account_id}`, { token: s.admin });
    expect(Number(safe.data.balance)).toBe(14500);
  });
}
