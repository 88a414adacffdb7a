import { MOBILE_MSG, MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { multipart, PNG } from "../catalogue/multipart.fixture.js";

let t: TestApp;
let piece = 0;
const item = async (item_name: string, price: string, extra: Record<string, unknown> = {}) => {
  const res = await t.api("POST", "/api/items", {
    body: { item_name, item_units: [{ unit_fk: piece, quantity: "1", price, is_base: true }], ...extra },
  });
  expect(res.status).toBe(201);
  return res.body.data.item_id as number;
};

beforeAll(async () => {
  t = await createTestApp();
  const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
  piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
});
afterAll(() => t.close());

describe("order cancellation messages", () => {
  it("are added, listed in their arrangement, edited, reordered, offered while active and deleted", async () => {
    const empty = await t.api("POST", "/api/order_cancellation_messages", { body: { message: "  " } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ message: ["The message field is required."] });

    const ids: number[] = [];
    for (const message of ["Out of stock", "Customer asked", "Address not found"]) {
      const res = await t.api("POST", "/api/order_cancellation_messages", { body: { message } });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(MSG.added);
      ids.push(res.body.data.message_id);
    }
    const twice = await t.api("POST", "/api/order_cancellation_messages", { body: { message: "out of stock" } });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ message: ["The message has already been taken."] });

    const list = await t.api("GET", "/api/order_cancellation_messages?sortColumn=arrangement&sortDir=asc");
    expect(list.body.data.data.map((r: { message: string }) => r.message)).toEqual(["Out of stock", "Customer asked", "Address not found"]);

    const moved = await t.api("POST", "/api/order_cancellation_messages/arrange", { body: { ids: [ids[2], ids[0]] } });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toEqual([
      { id: ids[2], arrangement: 1 },
      { id: ids[0], arrangement: 2 },
      { id: ids[1], arrangement: 3 },
    ]);
    const twiceNamed = await t.api("POST", "/api/order_cancellation_messages/arrange", { body: { ids: [ids[0], ids[0]] } });
    expect(twiceNamed.status).toBe(422);
    expect(twiceNamed.body.errors).toEqual({ ids: [MOBILE_MSG.repeated] });
    const gone = await t.api("POST", "/api/order_cancellation_messages/arrange", { body: { ids: [ids[0], 999999] } });
    expect(gone.status).toBe(422);
    expect(gone.body.errors).toEqual({ ids: [MOBILE_MSG.arrangementStale] });

    const off = await t.api("PATCH", `/api/order_cancellation_messages/${ids[1]}`, {
      body: { message: "Customer asked to cancel", active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ message: "Customer asked to cancel", active: false, arrangement: 3 });
    const offered = await t.api("GET", "/api/order_cancellation_messages/list");
    expect(offered.body.message).toEqual([
      { message_id: ids[2], message: "Address not found" },
      { message_id: ids[0], message: "Out of stock" },
    ]);

    const del = await t.api("DELETE", `/api/order_cancellation_messages/${ids[1]}`);
    expect(del.body.message).toBe(MSG.deleted);
    const added = await t.api("POST", "/api/order_cancellation_messages", { body: { message: "Shop closed" } });
    expect(added.body.data.arrangement).toBe(3);
  });

  it("are read and changed only with their keys, and offered to whoever cancels an online order", async () => {
    const reader = await t.userWith(["order_cancellation_messages/index"]);
    expect((await t.api("GET", "/api/order_cancellation_messages", { token: reader.token })).status).toBe(200);
    const refused = await t.api("POST", "/api/order_cancellation_messages", { token: reader.token, body: { message: "Late" } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.forbidden);
    expect((await t.api("POST", "/api/order_cancellation_messages/arrange", { token: reader.token, body: { ids: [1] } })).status).toBe(403);
    const stranger = await t.userWith(["items/index"]);
    expect((await t.api("GET", "/api/order_cancellation_messages/list", { token: stranger.token })).status).toBe(403);
    const board = await t.userWith(["online_orders/update"]);
    expect((await t.api("GET", "/api/order_cancellation_messages/list", { token: board.token })).status).toBe(200);
  });

  it("keep one whole order when many save their arrangement at once", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await t.api("POST", "/api/order_cancellation_messages", { body: { message: `Reason ${i}` } })).body.data.message_id);
    const all = (
      await t.database.db.execute<{ id: number }>(sql`select message_id id from order_cancellation_messages order by 1`)
    ).rows.map((r) => Number(r.id));
    const orders = Array.from({ length: 12 }, (_, k) => [...all].sort((a, b) => ((a * (k + 3)) % 17) - ((b * (k + 3)) % 17) || a - b));
    const answers = await Promise.all(orders.map((o) => t.api("POST", "/api/order_cancellation_messages/arrange", { body: { ids: o } })));
    expect(answers.map((a) => a.status)).toEqual(orders.map(() => 200));
    const saved = (
      await t.database.db.execute<{ id: number; arrangement: number }>(
        sql`select message_id id, arrangement from order_cancellation_messages order by arrangement`,
      )
    ).rows;
    // Places 1..n, each once, and the order one of the saves asked for, whole.
    expect(saved.map((r) => r.arrangement)).toEqual(all.map((_, i) => i + 1));
    const final = saved.map((r) => Number(r.id));
    expect(orders.some((o) => o.join() === final.join())).toBe(true);
    expect(ids.every((id) => final.includes(id))).toBe(true);
  });
});

describe("home sections and sliders", () => {
  it("refuse a section without items or filters, a reversed price range, a slider without an image and an unknown item", async () => {
    const noItems = await t.api("POST", "/api/mobile_app_sections", { body: { title: "New", source: "items", item_ids: [] } });
    expect(noItems.status).toBe(422);
    expect(noItems.body.errors).toEqual({ item_ids: [MOBILE_MSG.itemsRequired] });
    const noFilter = await t.api("POST", "/api/mobile_app_sections", { body: { title: "Cheap", source: "filters" } });
    expect(noFilter.body.errors).toEqual({ start_price: [MOBILE_MSG.filterRequired] });
    const reversed = await t.api("POST", "/api/mobile_app_sections", {
      body: { title: "Cheap", source: "filters", start_price: "5000", end_price: "1000" },
    });
    expect(reversed.body.errors).toEqual({ end_price: [MOBILE_MSG.priceRange] });
    const noTitle = await t.api("POST", "/api/mobile_app_sections", { body: { source: "filters", start_price: "1" } });
    expect(noTitle.body.errors).toEqual({ title: ["The title field is required."] });
    const noImage = await t.api("POST", "/api/mobile_app_sections", {
      body: { kind: "slider", title: "Eid", source: "filters", end_price: "1" },
    });
    expect(noImage.body.errors).toEqual({ image: [MOBILE_MSG.imageRequired] });
    const madeUp = await t.api("POST", "/api/mobile_app_sections", {
      body: { kind: "slider", title: "Eid", source: "filters", end_price: "1", image: "0b7c2f8e-1d2a-4f4e-9a51-1c2d3e4f5a6b.png" },
    });
    expect(madeUp.body.errors).toEqual({ image: ["The selected image is invalid."] });
    const unknown = await t.api("POST", "/api/mobile_app_sections", { body: { title: "New", item_ids: [999999] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ "item_ids.0": ["The selected item ids.0 is invalid."] });
    expect((await t.database.db.execute(sql`select 1 from mobile_sections`)).rows).toEqual([]);
  });

  it("build the home screen: chosen items in their order, a price range's items visible online, sliders with their picture", async () => {
    const soap = await item("Olive soap", "1500");
    const cream = await item("Hand cream", "4500");
    const gel = await item("Hair gel", "9000");
    await item("Hidden lotion", "2000", { is_active_online: false });

    const chosen = await t.api("POST", "/api/mobile_app_sections", {
      body: { title: "Best sellers", description: "What everyone buys", source: "items", item_ids: [cream, soap] },
    });
    expect(chosen.status).toBe(201);
    expect(chosen.body.data).toMatchObject({ title: "Best sellers", source: "items", item_ids: [cream, soap], arrangement: 1 });
    const range = await t.api("POST", "/api/mobile_app_sections", {
      body: { title: "Under 5000", source: "filters", start_price: "1000", end_price: "5000", item_ids: [gel] },
    });
    expect(range.body.data).toMatchObject({ source: "filters", start_price: "1000.000", end_price: "5000.000", item_ids: [] });

    const up = multipart({ image: { file: PNG, name: "eid.png", type: "image/png" } });
    const stored = await t.api("POST", "/api/images", { body: up.body, headers: up.headers });
    const slider = await t.api("POST", "/api/mobile_app_sections", {
      body: { kind: "slider", title: "Eid offers", source: "filters", end_price: "100000", image: stored.body.data.file },
    });
    expect(slider.status).toBe(201);

    const ids = [chosen.body.data.section_id, range.body.data.section_id, slider.body.data.section_id];
    await t.api("POST", "/api/mobile_app_sections/arrange", { body: { ids: [ids[2], ids[1], ids[0]] } });
    const home = await t.api("GET", "/api/mobile_app/home");
    expect(home.status).toBe(200);
    expect(home.body.data.map((s: { title: string }) => s.title)).toEqual(["Eid offers", "Under 5000", "Best sellers"]);
    const byTitle = (title: string) => home.body.data.find((s: { title: string }) => s.title === title);
    expect(byTitle("Best sellers").items.map((i: { item_name: string }) => i.item_name)).toEqual(["Hand cream", "Olive soap"]);
    expect(byTitle("Under 5000").items.map((i: { item_name: string }) => i.item_name)).toEqual(["Hand cream", "Olive soap"]);
    expect(byTitle("Eid offers").image).toBe(stored.body.data.file);

    const list = await t.api("GET", "/api/mobile_app_sections?sortColumn=arrangement&sortDir=asc");
    expect(list.body.data.data.map((r: { title: string; items_count: number }) => [r.title, r.items_count])).toEqual([
      ["Eid offers", 0],
      ["Under 5000", 0],
      ["Best sellers", 2],
    ]);

    const edited = await t.api("PATCH", `/api/mobile_app_sections/${ids[0]}`, {
      body: { title: "Best sellers", source: "items", item_ids: [gel, soap, cream] },
    });
    expect(edited.body.data.items.map((i: { item_name: string }) => i.item_name)).toEqual(["Hair gel", "Olive soap", "Hand cream"]);
  });

  it("are changed only with their keys; the home screen is read with mobile_app/show", async () => {
    const reader = await t.userWith(["mobile_app_sections/index"]);
    expect((await t.api("GET", "/api/mobile_app_sections", { token: reader.token })).status).toBe(200);
    expect((await t.api("POST", "/api/mobile_app_sections", { token: reader.token, body: { title: "x", item_ids: [1] } })).status).toBe(
      403,
    );
    expect((await t.api("POST", "/api/mobile_app_sections/arrange", { token: reader.token, body: { ids: [1] } })).status).toBe(403);
    expect((await t.api("GET", "/api/mobile_app/home", { token: reader.token })).status).toBe(403);
    const viewer = await t.userWith(["mobile_app/show"]);
    expect((await t.api("GET", "/api/mobile_app/home", { token: viewer.token })).status).toBe(200);
    // The section form picks items, categories and brands.
    const editor = await t.userWith(["mobile_app_sections/store"]);
    expect((await t.api("GET", "/api/items/list", { token: editor.token })).status).toBe(200);
    expect((await t.api("GET", "/api/brands/list", { token: editor.token })).status).toBe(200);
    expect((await t.api("GET", "/api/categories/category_list", { token: editor.token })).status).toBe(200);
  });
});

describe("the shop app's settings", () => {
  const valid = {
    online_order_accepted_minutes: "45",
    out_of_stock_min_qty: "2",
    shop_open: false,
    min_order_amount: "10000",
    delivery_fee_mode: "flat",
    delivery_fee: "3000",
    currency_ids: [1, 2],
    contact_phone: "0750 123 4567",
  };

  it("show the system settings' accepted time and minimum, and save them with the app's own", async () => {
    const before = await t.api("GET", "/api/mobile_app_settings");
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ online_order_accepted_minutes: 30, shop_open: true, delivery_fee_mode: "flat" });
    expect(before.body.data.currency_ids).toHaveLength(1);

    const saved = await t.api("PUT", "/api/mobile_app_settings", { body: valid });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      online_order_accepted_minutes: 45,
      out_of_stock_min_qty: "2.0000",
      shop_open: false,
      min_order_amount: "10000.000",
      delivery_fee: "3000.000",
      currency_ids: [1, 2],
      contact_phone: "07501234567",
    });
    const system = await t.api("GET", "/api/system_settings/show/1");
    expect(system.body.data).toMatchObject({ online_order_accepted_minutes: 45, out_of_stock_min_qty: "2.0000" });

    const city = (await t.api("POST", "/api/cities", { body: { city_name: "Soran" } })).body.data.city_id;
    const perCity = await t.api("PUT", "/api/mobile_app_settings", {
      body: { ...valid, delivery_fee_mode: "per_city", city_fees: [{ city_fk: city, fee: "٥٠٠٠" }] },
    });
    expect(perCity.body.data.city_fees).toEqual([{ city_fk: city, city_name: "Soran", fee: "5000.000" }]);
  });

  it("keep one whole list of city fees when many save at once", async () => {
    const cities: number[] = [];
    for (const city_name of ["Fee town 1", "Fee town 2", "Fee town 3"])
      cities.push((await t.api("POST", "/api/cities", { body: { city_name } })).body.data.city_id);
    const saves = Array.from({ length: 10 }, (_, k) => ({
      ...valid,
      delivery_fee_mode: "per_city",
      city_fees: cities.map((city_fk, i) => ({ city_fk, fee: String(1000 * (k + 1) + i) })),
    }));
    const answers = await Promise.all(saves.map((body) => t.api("PUT", "/api/mobile_app_settings", { body })));
    expect(answers.map((a) => a.status)).toEqual(saves.map(() => 200));
    const fees = (
      await t.database.db.execute<{ city_fk: number; fee: string }>(sql`select city_fk, fee from mobile_delivery_fees order by city_fk`)
    ).rows;
    expect(fees).toHaveLength(3);
    // All three from one save.
    const k = Number(fees[0]!.fee) / 1000 - 1;
    expect(fees.map((f) => Number(f.fee))).toEqual(cities.map((_, i) => 1000 * (Math.floor(k) + 1) + i));
  });

  it("refuse what is out of range, in the field's words, and save nothing", async () => {
    const bad = await t.api("PUT", "/api/mobile_app_settings", {
      body: { ...valid, online_order_accepted_minutes: "0", min_order_amount: "-1", currency_ids: [], delivery_fee_mode: "free" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      online_order_accepted_minutes: ["must be at least 1"],
      min_order_amount: ["must be a number with at most 3 decimals", "must be at least 0"],
      currency_ids: [MOBILE_MSG.currencyRequired],
      delivery_fee_mode: ["must be flat or per_city"],
    });
    const unknownCity = await t.api("PUT", "/api/mobile_app_settings", {
      body: { ...valid, online_order_accepted_minutes: "50", city_fees: [{ city_fk: 999999, fee: "1" }] },
    });
    expect(unknownCity.body.errors).toEqual({ "city_fees.0.city_fk": ["The selected city is invalid."] });
    expect((await t.api("GET", "/api/mobile_app_settings")).body.data.online_order_accepted_minutes).toBe(45);

    const reader = await t.userWith(["mobile_app_settings/show"]);
    expect((await t.api("GET", "/api/mobile_app_settings", { token: reader.token })).status).toBe(200);
    expect((await t.api("PUT", "/api/mobile_app_settings", { token: reader.token, body: valid })).status).toBe(403);
  });
});

describe("online customers", () => {
  const customer = async (name: string, mobile: string) => {
    const consumer = await t.api("POST", "/api/customers", { body: { consumer_name: name } });
    expect(consumer.status).toBe(201);
    const res = await t.database.db.execute<{ customer_id: number }>(
      sql`insert into online_customers (consumer_fk, mobile, name) values (${consumer.body.data.consumer_id}, ${mobile}, ${name}) returning customer_id`,
    );
    return Number(res.rows[0]!.customer_id);
  };

  it("are listed, searched, filtered by status and exported; blocked and unblocked once each, the app's sessions ended", async () => {
    const rana = await customer("Rana Online", "+9647501112233");
    await customer("Karwan Online", "+9647702223344");
    await t.database.db.execute(
      sql`insert into online_tokens (token_hash, customer_fk, expires_at) values ('hash-of-rana', ${rana}, now() + interval '1 day')`,
    );

    const list = await t.api("GET", "/api/online_customers?search=Rana");
    expect(list.status).toBe(200);
    expect(list.body.data.data).toEqual([
      expect.objectContaining({ customer_id: rana, name: "Rana Online", status: "active", orders_count: 0 }),
    ]);

    const blocked = await t.api("POST", `/api/online_customers/${rana}/block`);
    expect(blocked.status).toBe(200);
    expect(blocked.body.data.status).toBe("blocked");
    const revoked = await t.database.db.execute<{ revoked: boolean }>(
      sql`select revoked_at is not null as revoked from online_tokens where token_hash = 'hash-of-rana'`,
    );
    expect(revoked.rows[0]!.revoked).toBe(true);
    const again = await t.api("POST", `/api/online_customers/${rana}/block`);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(MOBILE_MSG.alreadyBlocked);

    const onlyBlocked = await t.api("GET", "/api/online_customers?filter[status]=blocked");
    expect(onlyBlocked.body.data.data.map((r: { customer_id: number }) => r.customer_id)).toEqual([rana]);

    const unblocked = await t.api("POST", `/api/online_customers/${rana}/unblock`);
    expect(unblocked.body.data.status).toBe("active");
    expect((await t.api("POST", `/api/online_customers/${rana}/unblock`)).body.message).toBe(MOBILE_MSG.notBlocked);
    expect((await t.api("POST", "/api/online_customers/999999/block")).status).toBe(404);

    const sheet = await t.api("GET", "/api/online_customers/export", { headers: { "accept-language": "ar" } });
    expect(sheet.status).toBe(200);
    expect(String(sheet.headers["content-type"])).toContain("spreadsheetml");

    const picker = await t.api("GET", "/api/online_customers/list");
    expect(picker.body.message).toEqual(expect.arrayContaining([{ customer_id: rana, name: "Rana Online", mobile: "+9647501112233" }]));
  });

  it("are added from the back office's customers under their mobile, once each, and only with a mobile", async () => {
    const withMobile = (await t.api("POST", "/api/customers", { body: { consumer_name: "Dilan by phone", mobile: "0750 999 8877" } })).body
      .data;
    const added = await t.api("POST", "/api/online_customers", { body: { consumer_id: withMobile.consumer_id } });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ name: "Dilan by phone", mobile: "+9647509998877", status: "active", orders_count: 0 });
    const twice = await t.api("POST", "/api/online_customers", { body: { consumer_id: withMobile.consumer_id } });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ consumer_id: [MOBILE_MSG.alreadyInApp] });
    const noMobile = (await t.api("POST", "/api/customers", { body: { consumer_name: "Walk-in no phone" } })).body.data;
    const refused = await t.api("POST", "/api/online_customers", { body: { consumer_id: noMobile.consumer_id } });
    expect(refused.body.errors).toEqual({ consumer_id: [MOBILE_MSG.noMobile] });
    const supplier = (await t.api("POST", "/api/suppliers", { body: { consumer_name: "A supplier", mobile: "07701110000" } })).body.data;
    const notCustomer = await t.api("POST", "/api/online_customers", { body: { consumer_id: supplier.consumer_id } });
    expect(notCustomer.body.errors).toEqual({ consumer_id: ["The selected consumer id is invalid."] });
    const empty = await t.api("POST", "/api/online_customers", { body: {} });
    expect(empty.body.errors).toEqual({ consumer_id: ["The consumer id field is required."] });
    // Whoever adds them picks from the customers.
    const clerk = await t.userWith(["online_customers/store"]);
    expect((await t.api("GET", "/api/customers/list", { token: clerk.token })).status).toBe(200);
    expect((await t.api("GET", "/api/suppliers/list", { token: clerk.token })).status).toBe(403);
  });

  it("are read with online_customers/index and blocked only with online_customers/update", async () => {
    const id = await customer("Shilan Online", "+9647503334455");
    const reader = await t.userWith(["online_customers/index", "online_customers/show"]);
    expect((await t.api("GET", "/api/online_customers", { token: reader.token })).status).toBe(200);
    expect((await t.api("GET", `/api/online_customers/${id}`, { token: reader.token })).status).toBe(200);
    const refused = await t.api("POST", `/api/online_customers/${id}/block`, { token: reader.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.forbidden);
    const stranger = await t.userWith(["items/index"]);
    expect((await t.api("GET", "/api/online_customers", { token: stranger.token })).status).toBe(403);
    const admin = await t.userWith(["online_customers/update"]);
    expect((await t.api("POST", `/api/online_customers/${id}/block`, { token: admin.token })).status).toBe(200);
  });
});
