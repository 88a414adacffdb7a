import { MOBILE_INVALID, SHOP_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PosFixture, posFixture } from "../pos/pos.fixture.js";
import { dbHelpers, stockUp } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";
import { shopCustomer } from "./shop.fixture.js";

/** The shop API the mobile app calls: sign-in, addresses, quotes, orders and the stock they hold. */
let f: PosFixture;
let supplier = 0;
const P = "/api/shop/v1";
const POS = ["pos_sales/store", "pos_sales/show", "pos_sales/index"];

const q = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => dbHelpers(() => f.t).q<T>(query);
const item = async (name: string, units: string, price = "1000") => {
  const id = (
    await dbHelpers(() => f.t).created("/api/items", {
      item_name: name,
      item_units: [{ unit_fk: f.piece, quantity: "1", price, is_base: true }],
    })
  ).item_id as number;
  if (Number(units) > 0) await stockUp(f.t, supplier, [{ item_id: id, unit_id: f.piece, quantity: units, unit_price: "600" }]);
  return id;
};
/** The stock of an item: on hand, held by orders, and what the orders' rows say they hold. */
const stockOf = async (id: number) =>
  (
    await q<{ qty: string; reserved: string; held: string }>(sql`
      select coalesce(sum(qty), 0)::numeric(20,0)::text qty, coalesce(sum(reserved), 0)::numeric(20,0)::text reserved,
             (select coalesce(sum(qty), 0)::numeric(20,0)::text from online_order_reservations where item_fk = ${id}) held
        from stock_balances where item_fk = ${id}`)
  )[0]!;
const place = (token: string, body: unknown, key: string) =>
  f.t.api("POST", `${P}/orders`, { token, body, headers: { "idempotency-key": key } });

beforeAll(async () => {
  f = await posFixture({ tea: "40", cashier: "online till", permissions: POS });
  supplier = (await dbHelpers(() => f.t).created("/api/suppliers", { consumer_name: "Basra Wholesale" })).consumer_id;
}, 120_000);
afterAll(() => f?.t.close());

describe("signing in to the shop", () => {
  it("signs in by mobile and a one-time code, caps the wrong codes, and keeps its tokens apart from the back office's", async () => {
    const t = f.t;
    const codeOf = async () =>
      /(\d{6})/.exec(
        (
          await q<{ message: string }>(sql`select message from online_code_outbox where mobile = '+9647701112233' order by id desc limit 1`)
        )[0]!.message,
      )![1]!;
    const bad = await t.api("POST", `${P}/auth/code`, { token: null, body: { mobile: "12" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.mobile).toEqual([MOBILE_INVALID]);
    expect((await t.api("POST", `${P}/auth/code`, { token: null, body: { mobile: "0770 111 2233" } })).status).toBe(202);
    const first = await codeOf();
    const wrong = first === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) {
      const r = await t.api("POST", `${P}/auth/verify`, { token: null, body: { mobile: "07701112233", code: wrong } });
      expect(r.status).toBe(422);
      expect(r.body.errors.code).toEqual([SHOP_MSG.codeInvalid]);
    }
    const fifth = await t.api("POST", `${P}/auth/verify`, { token: null, body: { mobile: "07701112233", code: wrong } });
    expect(fifth.body.errors.code).toEqual([SHOP_MSG.codeAttempts]);
    // Capped: even the right code is refused now; a new one is needed.
    const capped = await t.api("POST", `${P}/auth/verify`, { token: null, body: { mobile: "07701112233", code: first } });
    expect([capped.status, capped.body.message]).toEqual([422, SHOP_MSG.codeAttempts]);
    expect((await t.api("POST", `${P}/auth/code`, { token: null, body: { mobile: "07701112233" } })).status).toBe(202);
    const second = await codeOf();
    const ok = await t.api("POST", `${P}/auth/verify`, {
      token: null,
      body: { mobile: "+9647701112233", code: second, device: { push_token: "push-1", platform: "android" } },
    });
    expect(ok.status).toBe(200);
    const token = ok.body.data.access_token as string;
    expect(ok.body.data.customer).toMatchObject({ mobile: "+9647701112233", name: null });
    // A used code does not sign in twice.
    expect((await t.api("POST", `${P}/auth/verify`, { token: null, body: { mobile: "07701112233", code: second } })).status).toBe(422);
    // The customer is a customer of the back office too.
    const [made] = await q<{ kind: string; mobile: string; devices: number }>(sql`
      select c.kind, c.mobile, (select count(*)::int from online_customer_devices) devices
        from online_customers o join consumers c on c.consumer_id = o.consumer_fk where o.mobile = '+9647701112233'`);
    expect(made).toEqual({ kind: "customer", mobile: "+9647701112233", devices: 1 });

    expect((await t.api("GET", `${P}/profile`, { token })).body.data).toMatchObject({ mobile: "+9647701112233" });
    const named = await t.api("PATCH", `${P}/profile`, { token, body: { name: "Zainab Ali" } });
    expect(named.body.data.name).toBe("Zainab Ali");
    // Tokens of one kind never open the other's API.
    expect((await t.api("GET", `${P}/profile`, { token: t.adminToken })).status).toBe(401);
    expect((await t.api("GET", `${P}/profile`, { token: null })).status).toBe(401);
    expect([400, 401]).toContain((await t.api("POST", "/api/auth/me", { token })).status);
    expect([400, 401]).toContain((await t.api("GET", "/api/users", { token })).status);
    // Signed out, the token opens nothing.
    expect((await t.api("POST", `${P}/auth/logout`, { token })).status).toBe(200);
    expect((await t.api("GET", `${P}/profile`, { token })).status).toBe(401);
    // A customer the shop keeps under a number signs in as that customer; a blocked one does not sign in.
    const kept = (await dbHelpers(() => f.t).created("/api/customers", { consumer_name: "Hassan Kareem", mobile: "07709998877" }))
      .consumer_id;
    await t.api("POST", `${P}/auth/code`, { token: null, body: { mobile: "07709998877" } });
    const [sent] = await q<{ message: string }>(
      sql`select message from online_code_outbox where mobile = '+9647709998877' order by id desc limit 1`,
    );
    const signed = await t.api("POST", `${P}/auth/verify`, { token: null, body: { mobile: "07709998877", code: sent!.message } });
    expect(signed.status).toBe(200);
    const [linked] = await q<{ consumer_fk: number }>(sql`select consumer_fk from online_customers where mobile = '+9647709998877'`);
    expect(linked!.consumer_fk).toBe(kept);
    await q(sql`update online_customers set status = 'blocked' where mobile = '+9647709998877'`);
    expect((await t.api("GET", `${P}/profile`, { token: signed.body.data.access_token })).status).toBe(403);
    await t.api("POST", `${P}/auth/code`, { token: null, body: { mobile: "07709998877" } });
    const [again] = await q<{ message: string }>(
      sql`select message from online_code_outbox where mobile = '+9647709998877' order by id desc limit 1`,
    );
    const refused = await t.api("POST", `${P}/auth/verify`, { token: null, body: { mobile: "07709998877", code: again!.message } });
    expect([refused.status, refused.body.message]).toEqual([403, SHOP_MSG.blocked]);
    // Codes per mobile are rate-limited: the third request in the window is the last let through.
    expect((await t.api("POST", `${P}/auth/code`, { token: null, body: { mobile: "07701112233" } })).status).toBe(202);
    const limited = await t.api("POST", `${P}/auth/code`, { token: null, body: { mobile: "07701112233" } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("keeps addresses with a city from the list, a landmark and an optional pin; malformed input names its fields", async () => {
    const t = f.t;
    const { token } = await shopCustomer(t, "+9647702223344");
    const [city] = await q<{ id: number }>(sql`select min(city_id) id from cities`);
    const bad = await t.api("POST", `${P}/addresses`, { token, body: { city_id: 999999, landmark: "", lat: "33.3" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["landmark", "lng"]);
    const noCity = await t.api("POST", `${P}/addresses`, { token, body: { city_id: 999999, landmark: "School" } });
    expect(noCity.body.errors.city_id).toEqual([SHOP_MSG.cityInvalid]);
    const home = await t.api("POST", `${P}/addresses`, {
      token,
      body: { city_id: city!.id, landmark: "Behind the school", street: "14", lat: "33.312805", lng: "44.361488", is_default: true },
    });
    expect(home.status).toBe(201);
    expect(home.body.data).toMatchObject({ landmark: "Behind the school", lat: "33.312805", is_default: true });
    const list = (await t.api("GET", `${P}/addresses`, { token })).body.data;
    expect(list.map((a: { is_default: boolean }) => a.is_default)).toEqual([true, false]);
    expect((await t.api("DELETE", `${P}/addresses/${home.body.data.address_id}`, { token })).status).toBe(200);
    expect((await t.api("GET", `${P}/addresses`, { token })).body.data).toEqual([expect.objectContaining({ is_default: true })]);
  });
});

describe("the catalogue, quotes and orders", () => {
  it("lists the items shown online at the price function's price, hiding availability at or below the minimum", async () => {
    const t = f.t;
    const shown = await item("Dates Basra", "3", "2500");
    await item("Dates hidden", "3");
    await q(sql`update items set is_active_online = false where item_name = 'Dates hidden'`);
    const found = await t.api("GET", `${P}/items?search=${encodeURIComponent("dates")}`, { token: null });
    expect(found.status).toBe(200);
    expect(found.body.data.map((i: { item_name: string }) => i.item_name)).toEqual(["Dates Basra"]);
    expect(found.body.data[0]).toMatchObject({ price: "2500.000", in_stock: true });
    // The home screen as the settings arrange it.
    const [section] = await q<{ id: number }>(sql`insert into mobile_sections (title) values ('Fresh today') returning section_id id`);
    await q(sql`insert into mobile_section_items (section_fk, item_fk, position) values (${section!.id}, ${shown}, 0)`);
    const home = await t.api("GET", `${P}/home`, { token: null });
    expect(home.body.data).toEqual([
      expect.objectContaining({ title: "Fresh today", items: [expect.objectContaining({ item_id: shown })] }),
    ]);
    await q(sql`update system_config set out_of_stock_min_qty = 3 where id = 1`);
    try {
      expect((await t.api("GET", `${P}/items/${shown}`, { token: null })).body.data.in_stock).toBe(false);
    } finally {
      await q(sql`update system_config set out_of_stock_min_qty = 0 where id = 1`);
    }
  });

  it("quotes a cart with each line's price and availability, and places one order for 16 retries of one key at once", async () => {
    const t = f.t;
    const rice = await item("Rice 1kg", "5", "1500");
    const c = await shopCustomer(t, "+9647703334455");
    const quote = await t.api("POST", `${P}/cart/quote`, { token: c.token, body: { lines: [{ item_id: rice, quantity: "6" }] } });
    expect(quote.status).toBe(200);
    expect(quote.body.data).toMatchObject({ total: "9000.000", orderable: false });
    expect(quote.body.data.lines[0]).toMatchObject({ available: false, message: "Only 5 left of this item." });
    const body = { address_id: c.address_id, lines: [{ item_id: rice, quantity: "2" }] };
    const answers = await Promise.all(Array.from({ length: 16 }, () => place(c.token, body, "order-key-0001")));
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(201));
    expect(new Set(answers.map((a) => a.body.data.order_id)).size).toBe(1);
    const [orders] = await q<{ n: number }>(sql`select count(*)::int n from online_orders where customer_fk = ${c.customer_id}`);
    expect(orders!.n).toBe(1);
    expect(await stockOf(rice)).toEqual({ qty: "5", reserved: "2", held: "2" });
    const order = answers[0]!.body.data;
    expect(order).toMatchObject({ status: "pending", total: "3000.000", timeline: [expect.objectContaining({ action: "placed" })] });
    expect(order.order_no).toMatch(/^ONL-\d{6}$/);
    // Without a key, or another body on the same key: refused, nothing made.
    expect((await t.api("POST", `${P}/orders`, { token: c.token, body })).status).toBe(422);
    const reused = await place(c.token, { ...body, lines: [{ item_id: rice, quantity: "1" }] }, "order-key-0001");
    expect(reused.status).toBe(422);
    // Malformed: every field named.
    const malformed = await place(c.token, { address_id: "x", lines: [{ item_id: rice, quantity: "-1" }] }, "order-key-0002");
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors).sort()).toEqual(["address_id", "lines.0.quantity"]);
    const empty = await place(c.token, { address_id: c.address_id, lines: [] }, "order-key-0003");
    expect(empty.body.errors.lines).toEqual([SHOP_MSG.cartEmpty]);
    // The shop app's settings: closed, or an order below the smallest amount, is refused.
    await q(sql`insert into mobile_app_settings (id, shop_open, min_order_amount) values (1, false, 5000)
                on conflict (id) do update set shop_open = false, min_order_amount = 5000`);
    try {
      expect((await place(c.token, body, "order-key-0004")).body.message).toBe(SHOP_MSG.shopClosed);
      await q(sql`update mobile_app_settings set shop_open = true where id = 1`);
      expect((await place(c.token, body, "order-key-0005")).body.message).toBe(SHOP_MSG.belowMinimum);
    } finally {
      await q(sql`update mobile_app_settings set shop_open = true, min_order_amount = 0 where id = 1`);
    }
    // The till cannot sell what the order holds: 3 of 5 are free.
    const sell = (n: string, key: string) =>
      t.api("POST", "/api/pos_sales", {
        token: f.cashier.token,
        headers: { "idempotency-key": key },
        body: {
          client_created_at: new Date().toISOString(),
          lines: [{ item_fk: rice, unit_fk: f.piece, quantity: n }],
          payments: [{ method: "cash", currency_id: 1, amount: String(Number(n) * 1500) }],
        },
      });
    expect((await sell("4", "rice-till-4")).status).toBe(422);
    expect((await sell("3", "rice-till-3")).status).toBe(201);
    expect(await stockOf(rice)).toEqual({ qty: "2", reserved: "2", held: "2" });
    expect(await stockInconsistencies(f.t.database.db)).toEqual([]);
  });

  it("16 customers ordering the last 10 units while 8 tills sell the same item: never oversold, exact counts, no other answer", async () => {
    const t = f.t;
    const bread = await item("Samoon bread", "10", "250");
    const customers = await Promise.all(Array.from({ length: 16 }, (_, i) => shopCustomer(t, `+96477050000${String(i).padStart(2, "0")}`)));
    const cashiers = [];
    for (let i = 0; i < 8; i++)
      cashiers.push(await t.userWith(POS, { is_cashier: true, outlet_fk: 1, inventory_ids: [1], user_name: `bread till ${i}` }));
    const orders = customers.map((c, i) =>
      place(c.token, { address_id: c.address_id, lines: [{ item_id: bread, quantity: "1" }] }, `bread-order-${i}`),
    );
    const tills = cashiers.map((till, i) =>
      t.api("POST", "/api/pos_sales", {
        token: till.token,
        headers: { "idempotency-key": `bread-till-${i}` },
        body: {
          client_created_at: new Date().toISOString(),
          lines: [{ item_fk: bread, unit_fk: f.piece, quantity: "1" }],
          payments: [{ method: "cash", currency_id: 1, amount: "250" }],
        },
      }),
    );
    const [placed, sold] = await Promise.all([Promise.all(orders), Promise.all(tills)]);
    const all = [...placed, ...sold].map((a) => a.status);
    expect(all.filter((s) => s !== 201 && s !== 422)).toEqual([]);
    const ordered = placed.filter((a) => a.status === 201).length;
    const sales = sold.filter((a) => a.status === 201).length;
    expect(ordered + sales).toBe(10);
    for (const a of placed.filter((x) => x.status === 422)) expect(a.body.message).toMatch(/^Only \d+ left of this item\.$/);
    expect(await stockOf(bread)).toEqual({ qty: String(10 - sales), reserved: String(ordered), held: String(ordered) });
    const [n] = await q<{ n: number }>(
      sql`select count(*)::int n from online_orders o join online_order_lines l on l.order_fk = o.order_id where l.item_fk = ${bread}`,
    );
    expect(n!.n).toBe(ordered);
    expect(await stockInconsistencies(f.t.database.db)).toEqual([]);
    const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
    expect(tb!.d).toBe(tb!.c);
  }, 60_000);

  it("cancels a pending order within the accepted time with a reason; past it the order is cancelled for the customer and its goods freed", async () => {
    const t = f.t;
    const oil = await item("Sunflower oil", "6", "4000");
    const c = await shopCustomer(t, "+9647706667788");
    const [msg] = await q<{ id: number }>(
      sql`insert into order_cancellation_messages (message) values ('Ordered by mistake') returning message_id id`,
    );
    const body = { address_id: c.address_id, lines: [{ item_id: oil, quantity: "2" }] };
    const a = (await place(c.token, body, "oil-order-a")).body.data;
    const b = (await place(c.token, body, "oil-order-b")).body.data;
    expect(await stockOf(oil)).toEqual({ qty: "6", reserved: "4", held: "4" });
    const cancel = (id: number, reason: unknown) => t.api("POST", `${P}/orders/${id}/cancel`, { token: c.token, body: reason });
    expect((await cancel(a.order_id, {})).body.errors.message_id).toEqual([SHOP_MSG.reasonRequired]);
    expect((await cancel(a.order_id, { other: true })).body.errors.reason).toEqual([SHOP_MSG.reasonTextRequired]);
    expect((await cancel(a.order_id, { message_id: 999999 })).body.errors.message_id).toEqual([SHOP_MSG.reasonInvalid]);
    const done = await cancel(a.order_id, { message_id: msg!.id });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: "cancelled", cancel_reason: "Ordered by mistake", cancellable_until: null });
    expect(done.body.data.timeline.map((e: { action: string }) => e.action)).toEqual(["placed", "cancelled"]);
    expect(await stockOf(oil)).toEqual({ qty: "6", reserved: "2", held: "2" });
    expect((await cancel(a.order_id, { other: true, reason: "Again" })).body.message).toBe(SHOP_MSG.notCancellable);
    // Another customer's order is no order of this one.
    const other = await shopCustomer(t, "+9647706667799");
    expect((await t.api("GET", `${P}/orders/${b.order_id}`, { token: other.token })).status).toBe(404);

    // Past the accepted time: cancelled with its reason when read, once, and its goods given back.
    await q(sql`update online_orders set ordered_at = now() - interval '2 hours' where order_id = ${b.order_id}`);
    await q(sql`update online_order_events set at = at - interval '2 hours' where order_fk = ${b.order_id}`);
    // An order placed long ago but returned to pending a moment ago waits its accepted time again.
    const c2 = (await place(c.token, { ...body, lines: [{ item_id: oil, quantity: "1" }] }, "oil-order-c")).body.data;
    await q(sql`update online_orders set ordered_at = now() - interval '2 hours' where order_id = ${c2.order_id}`);
    await q(sql`update online_order_events set at = at - interval '2 hours' where order_fk = ${c2.order_id}`);
    await q(sql`insert into online_order_events (order_fk, action, status) values (${c2.order_id}, 'returned_to_pending', 'pending')`);
    expect((await cancel(b.order_id, { other: true, reason: "Too late" })).body.message).toBe(SHOP_MSG.notCancellable);
    const list = await t.api("GET", `${P}/orders`, { token: c.token });
    expect(list.body.data.find((o: { order_id: number }) => o.order_id === b.order_id)).toMatchObject({
      status: "cancelled",
      cancel_reason: SHOP_MSG.expiredReason,
    });
    const read = (await t.api("GET", `${P}/orders/${b.order_id}`, { token: c.token })).body.data;
    expect(read.timeline.map((e: { action: string }) => e.action)).toEqual(["placed", "expired"]);
    expect((await t.api("GET", `${P}/orders/${c2.order_id}`, { token: c.token })).body.data.status).toBe("pending");
    expect(await stockOf(oil)).toEqual({ qty: "6", reserved: "1", held: "1" });
    expect(await stockInconsistencies(f.t.database.db)).toEqual([]);
  });
});
