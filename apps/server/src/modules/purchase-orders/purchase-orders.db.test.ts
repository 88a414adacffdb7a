import { MSG, PURCHASE_ORDER_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { pieceAndBoxItem } from "../catalogue/items.fixture.js";
import { multipart } from "../catalogue/multipart.fixture.js";
import { dbHelpers, unitIds } from "../sales/sales.fixture.js";

/**
 * Purchase orders through the API: draft, ordered, received in two receipts (each a purchase
 * with its batches, expiry dates and charges), an over-receipt refused, a receipt returned to
 * draft and deleted giving its quantities back, the rest cancelled; reorder suggestions turned
 * into draft orders; the confirmation's images checked by content.
 */
let t: TestApp;
let piece = 0;
let box = 0;
let amox = 0;
let soap = 0;
let supplier = 0;
let carrier = 0;

let buyer = "";

const { created, ok, q, onHand } = dbHelpers(() => t);
/** A buyer who may receive up to what was ordered (the super user may always receive more). */
const receive = (id: number, body: unknown, token = buyer) => t.api("POST", `/api/purchase_orders/${id}/receive`, { body, token });
const trialBalance = async () =>
  Number((await q<{ d: string }>(sql`select coalesce(sum(sys_debit - sys_credit), 0)::text d from journal_lines`))[0]!.d);
const count = async (table: "purchases" | "stock_movements" | "journal_entries") =>
  (await q<{ n: number }>(sql`select count(*)::int n from ${sql.identifier(table)}`))[0]!.n;
/** The inventory account holds exactly the stock's value. */
const inventoryMatchesStock = async () => {
  const [r] = await q<{ inv: string; stock: string }>(sql`
    select (select coalesce(sum(l.debit - l.credit), 0) from journal_lines l join accounts a on a.account_id = l.account_id
             where a.system_key = 'inventory')::text inv,
           (select coalesce(sum(value), 0) from stock_item_costs)::text stock`);
  expect(Number(r!.inv)).toBe(Number(r!.stock));
};

const orderBody = (extra: Record<string, unknown> = {}) => ({
  consumer_id: supplier,
  reference_no: "RFQ-11",
  date: "2026-11-20 10:00",
  expected_date: "2026-11-27",
  inventory_id: 1,
  currency_id: 1,
  lines: [
    { item_id: amox, unit_id: box, quantity: "10", unit_price: "18000" },
    { item_id: soap, unit_id: piece, quantity: "120", unit_price: "750" },
  ],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ piece, box } = await unitIds(t));
  amox = await pieceAndBoxItem(t, { piece, box }, "Amoxicillin 500", { piece: "2500", box: "25000" }, { has_expire: true });
  soap = await pieceAndBoxItem(t, { piece, box }, "Olive Soap", { piece: "1000", box: "10000" });
  const city = (await created("/api/cities", { city_name: "Ankawa" })).city_id;
  supplier = (
    await created("/api/suppliers", { consumer_name: "Erbil Pharma", address: "100 Meter Street", city_fk: city, mobile: "07501234567" })
  ).consumer_id;
  carrier = (await created("/api/suppliers", { consumer_name: "Zagros Transport" })).consumer_id;
  buyer = (await t.userWith(["purchases/order", "purchases/store", "purchases/complete", "purchases/show"], { inventory_ids: [1] })).token;
});
afterAll(() => t?.close());

describe("an order received in two receipts", () => {
  let order = 0;
  let amoxLine = 0;
  let soapLine = 0;
  let first = 0;
  let second = 0;

  it("is written as a draft with the supplier's address and the expected prices, and moves nothing", async () => {
    const o = await created("/api/purchase_orders", orderBody());
    order = o.id;
    expect(o).toMatchObject({
      status: "draft",
      receive_status: "not_received",
      number: expect.stringMatching(/^PO-\d{6}$/),
      consumer_name: "Erbil Pharma",
      supplier_address: "100 Meter Street",
      supplier_city: "Ankawa",
      supplier_mobile: "+9647501234567",
      expected_date: "2026-11-27",
      // 10 × 18,000 + 120 × 750
      total: "270000.000",
    });
    expect(o.lines.map((l: Record<string, string>) => [l.item_name, l.unit_name, l.quantity, l.unit_price, l.remaining_quantity])).toEqual([
      ["Amoxicillin 500", "Box", "10.0000", "18000.000", "0.0000"],
      ["Olive Soap", "Piece", "120.0000", "750.000", "0.0000"],
    ]);
    amoxLine = o.lines[0].line_id;
    soapLine = o.lines[1].line_id;
    expect(await count("stock_movements")).toBe(0);
  });

  it("refuses an item twice and receiving a draft", async () => {
    const twice = await t.api("POST", "/api/purchase_orders", {
      body: orderBody({ lines: [...orderBody().lines, { item_id: amox, unit_id: piece, quantity: "1" }] }),
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ "lines.2.item_id": [PURCHASE_ORDER_MSG.itemTwice] });
    const draft = await receive(order, { lines: [{ order_line_id: soapLine, quantity: "1" }] });
    expect([draft.status, draft.body.message]).toEqual([422, PURCHASE_ORDER_MSG.notOrdered]);
    expect(await count("purchases")).toBe(0);
  });

  it("is ordered: everything is still to come, and it can no longer be edited", async () => {
    const o = await ok(`/api/purchase_orders/${order}/order`);
    expect(o.status).toBe("ordered");
    expect(o.ordered_at).toBeTruthy();
    expect(o.lines.map((l: Record<string, string>) => l.remaining_quantity)).toEqual(["10.0000", "120.0000"]);
    const edit = await t.api("PATCH", `/api/purchase_orders/${order}`, { body: orderBody() });
    expect([edit.status, edit.body.message]).toEqual([422, PURCHASE_ORDER_MSG.notDraft]);
  });

  it("a first receipt is a complete purchase with its batch, expiry and charge: partially received", async () => {
    const res = await receive(order, {
      reference_no: "INV-501",
      date: "2026-11-22 09:00",
      lines: [
        { order_line_id: amoxLine, quantity: "4", bonus: "1", batch_no: "A1", expire_date: "2027-05-31" },
        { order_line_id: soapLine, quantity: "50", unit_price: "700" },
      ],
      charges: [{ kind: "transport", consumer_id: carrier, payment_type: "On Account", currency_id: 1, amount: "15000" }],
    });
    expect(res.status).toBe(201);
    const o = res.body.data;
    first = o.purchase.id;
    expect(o.receive_status).toBe("partially_received");
    expect(o.lines.map((l: Record<string, string>) => [l.received_quantity, l.remaining_quantity])).toEqual([
      ["4.0000", "6.0000"],
      ["50.0000", "70.0000"],
    ]);
    // The bill: 4 boxes at the expected 18,000 and 50 pieces at the billed 700.
    expect(o.purchase).toMatchObject({ status: "complete", order_fk: order, reference_no: "INV-501", total: "107000.000" });
    expect(o.purchase.charges[0]).toMatchObject({ consumer_name: "Zagros Transport", amount: "15000.000" });
    expect(o.receipts).toEqual([expect.objectContaining({ id: first, status: "complete", date: "2026-11-22" })]);
    // 4 boxes + 1 bonus box = 50 pieces of Amoxicillin in batch A1.
    const [batch] = await q<{ batch_no: string; expire_date: string; qty: string }>(sql`
      select sb.batch_no, to_char(sb.expire_date, 'YYYY-MM-DD') expire_date, b.qty::text from stock_balances b
        join stock_batches sb on sb.batch_id = b.batch_fk where b.item_fk = ${amox}`);
    expect(batch).toEqual({ batch_no: "A1", expire_date: "2027-05-31", qty: "50.0000" });
    expect(await onHand(soap)).toBe(50);
    expect(await q(sql`select source_type from journal_entries where source_id = ${first}`)).toEqual([{ source_type: "purchase" }]);
    expect(await trialBalance()).toBe(0);
  });

  it("refuses more than was ordered less what was received, in SPEC's words, and saves nothing", async () => {
    const before = [await count("purchases"), await count("stock_movements"), await count("journal_entries")];
    const res = await receive(order, {
      lines: [
        { order_line_id: soapLine, quantity: "70" },
        { order_line_id: amoxLine, quantity: "7", batch_no: "A2", expire_date: "2027-08-31" },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      message: PURCHASE_ORDER_MSG.moreThanOrdered,
      errors: { "lines.1.quantity": [PURCHASE_ORDER_MSG.moreThanOrdered] },
    });
    const foreign = await receive(order, { lines: [{ order_line_id: 999999, quantity: "1" }] });
    expect(foreign.body.errors).toEqual({ "lines.0.order_line_id": [PURCHASE_ORDER_MSG.notOnOrder] });
    expect([await count("purchases"), await count("stock_movements"), await count("journal_entries")]).toEqual(before);
  });

  it("a second receipt brings the rest: received, nothing still to come", async () => {
    const res = await receive(order, {
      lines: [
        { order_line_id: amoxLine, quantity: "6", batch_no: "A2", expire_date: "2027-08-31" },
        { order_line_id: soapLine, quantity: "70" },
      ],
    });
    expect(res.status).toBe(201);
    second = res.body.data.purchase.id;
    expect(res.body.data.receive_status).toBe("received");
    expect(res.body.data.lines.map((l: Record<string, string>) => l.remaining_quantity)).toEqual(["0.0000", "0.0000"]);
    expect(await onHand(amox)).toBe(110);
    expect(await onHand(soap)).toBe(120);
    const more = await receive(order, { lines: [{ order_line_id: soapLine, quantity: "1" }] });
    expect(more.body.message).toBe(PURCHASE_ORDER_MSG.moreThanOrdered);
    await inventoryMatchesStock();
    expect(await trialBalance()).toBe(0);
  });

  it("a receipt returned to draft, then deleted, gives its quantities back to the order", async () => {
    await ok(`/api/purchases/${second}/return_to_draft`);
    let o = (await t.api("GET", `/api/purchase_orders/${order}`)).body.data;
    expect(o.receive_status).toBe("partially_received");
    expect(o.lines.map((l: Record<string, string>) => l.remaining_quantity)).toEqual(["6.0000", "70.0000"]);
    // Edited on the purchases screen to more than is left: completing it is refused.
    const edited = await t.api("PATCH", `/api/purchases/${second}`, {
      body: {
        consumer_id: supplier,
        inventory_id: 1,
        currency_id: 1,
        payment_type: "On Account",
        lines: [{ item_id: soap, unit_id: piece, quantity: "71", unit_price: "750" }],
      },
    });
    expect(edited.status).toBe(200);
    const over = await t.api("POST", `/api/purchases/${second}/complete`, { token: buyer });
    expect([over.status, over.body.message]).toEqual([422, PURCHASE_ORDER_MSG.moreThanOrdered]);
    expect((await t.api("GET", `/api/purchases/${second}`)).body.data.status).toBe("draft");
    expect((await t.api("DELETE", `/api/purchases/${second}`)).status).toBe(200);
    o = (await t.api("GET", `/api/purchase_orders/${order}`)).body.data;
    expect(o.receipts.map((r: { id: number }) => r.id)).toEqual([first]);
    expect(o.lines.map((l: Record<string, string>) => l.received_quantity)).toEqual(["4.0000", "50.0000"]);
    expect(await onHand(amox)).toBe(50);
    expect(await trialBalance()).toBe(0);
  });

  it("an order with receipts is neither deleted nor returned to draft", async () => {
    expect((await t.api("DELETE", `/api/purchase_orders/${order}`)).body.message).toBe(PURCHASE_ORDER_MSG.hasReceipts);
    expect((await t.api("POST", `/api/purchase_orders/${order}/return_to_draft`)).body.message).toBe(PURCHASE_ORDER_MSG.hasReceipts);
  });

  it("cancelling the rest closes it: nothing more to come, nothing more received", async () => {
    const o = await ok(`/api/purchase_orders/${order}/cancel_rest`);
    expect(o).toMatchObject({ status: "closed", receive_status: "partially_received" });
    expect(o.lines.map((l: Record<string, string>) => l.remaining_quantity)).toEqual(["0.0000", "0.0000"]);
    const res = await receive(order, { lines: [{ order_line_id: soapLine, quantity: "1" }] });
    expect([res.status, res.body.message]).toEqual([422, PURCHASE_ORDER_MSG.closed]);
    const list = (await t.api("GET", "/api/purchase_orders?filter[receive_status]=partially_received")).body.data;
    expect(list.data.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([[order, "closed"]]);
  });
});

describe("who may receive", () => {
  it("more than ordered only with purchases/over_receive; receiving needs the purchases' own permissions", async () => {
    const o = await created("/api/purchase_orders", orderBody({ lines: [{ item_id: soap, unit_id: piece, quantity: "10" }] }));
    await ok(`/api/purchase_orders/${o.id}/order`);
    const body = { lines: [{ order_line_id: o.lines[0].line_id, quantity: "12", unit_price: "700" }] };
    const refused = await receive(o.id, body);
    expect([refused.status, refused.body.message]).toEqual([422, PURCHASE_ORDER_MSG.moreThanOrdered]);
    const orderOnly = await t.userWith(["purchases/order"], { inventory_ids: [1] });
    expect((await t.api("POST", `/api/purchase_orders/${o.id}/receive`, { body, token: orderOnly.token })).status).toBe(403);
    const trusted = await t.userWith(["purchases/order", "purchases/store", "purchases/complete", "purchases/over_receive"], {
      inventory_ids: [1],
    });
    const res = await receive(o.id, body, trusted.token);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ receive_status: "received" });
    expect(res.body.data.lines[0]).toMatchObject({ received_quantity: "12.0000", remaining_quantity: "0.0000" });
    expect((await t.api("GET", "/api/purchase_orders", { token: (await t.userWith(["purchases/index"])).token })).status).toBe(403);
  });
});

describe("a receipt edited on the purchases screen", () => {
  it("stays a bill of the order's supplier", async () => {
    const o = await created("/api/purchase_orders", orderBody({ lines: [{ item_id: soap, unit_id: piece, quantity: "5" }] }));
    await ok(`/api/purchase_orders/${o.id}/order`);
    const r = await receive(o.id, { lines: [{ order_line_id: o.lines[0].line_id, quantity: "2", unit_price: "700" }] });
    const id = r.body.data.purchase.id;
    await ok(`/api/purchases/${id}/return_to_draft`);
    const moved = await t.api("PATCH", `/api/purchases/${id}`, {
      body: {
        consumer_id: carrier,
        inventory_id: 1,
        currency_id: 1,
        payment_type: "On Account",
        lines: [{ item_id: soap, unit_id: piece, quantity: "2", unit_price: "700" }],
      },
    });
    expect(moved.status).toBe(200);
    const refused = await t.api("POST", `/api/purchases/${id}/complete`);
    expect(refused.body).toMatchObject({
      message: PURCHASE_ORDER_MSG.supplierOfOrder,
      errors: { consumer_id: [PURCHASE_ORDER_MSG.supplierOfOrder] },
    });
    expect((await t.api("GET", `/api/purchase_orders/${o.id}`)).body.data.receive_status).toBe("not_received");
    await t.api("DELETE", `/api/purchases/${id}`);
    await ok(`/api/purchase_orders/${o.id}/cancel_rest`);
  });
});

describe("reorder suggestions", () => {
  it("lists the items at or under their alert with the last supplier and cost, on order and 30 days' sales; one action makes a draft per supplier", async () => {
    const other = (await created("/api/suppliers", { consumer_name: "Baghdad Medical" })).consumer_id;
    const gauze = await pieceAndBoxItem(t, { piece, box }, "Gauze Roll", { piece: "500", box: "5000" }, { shortage_alert: 30 });
    const plenty = await pieceAndBoxItem(t, { piece, box }, "Cotton Pads", { piece: "500", box: "5000" }, { shortage_alert: 5 });
    const bought = await created("/api/purchases", {
      consumer_id: other,
      inventory_id: 1,
      currency_id: 1,
      payment_type: "On Account",
      lines: [
        { item_id: gauze, unit_id: box, quantity: "2", unit_price: "4200" },
        { item_id: plenty, unit_id: box, quantity: "2", unit_price: "4000" },
      ],
    });
    await ok(`/api/purchases/${bought.id}/complete`);
    // 5 pieces of gauze sold today: 15 left, 5 sold in the last 30 days.
    const customer = (await created("/api/customers", { consumer_name: "Ankawa Clinic" })).consumer_id;
    const sale = await t.api("POST", "/api/sales", {
      body: {
        consumer_fk: customer,
        inventory_fk: 1,
        currency_id: 1,
        payment_type: "On Account",
        lines: [{ item_fk: gauze, unit_fk: piece, quantity: "5" }],
        complete: true,
      },
    });
    expect(sale.status).toBe(201);
    // Soap's alert is 200 with 120 on hand (set after its orders above).
    await t.database.db.execute(sql`update items set shortage_alert = 200 where item_id = ${soap}`);
    const rows = (await t.api("GET", "/api/purchase_orders/suggestions")).body.data as Record<string, unknown>[];
    const byName = Object.fromEntries(rows.map((r) => [r.item_name, r]));
    expect(Object.keys(byName).sort()).toEqual(["Gauze Roll", "Olive Soap"]);
    expect(byName["Gauze Roll"]).toMatchObject({
      on_hand: "15.0000",
      on_order: "0.0000",
      sold_30_days: "5.0000",
      consumer_id: other,
      consumer_name: "Baghdad Medical",
      last_unit_price: "4200.000",
      unit_name: "Box",
      // Up to twice the alert (60 pieces; more than the 5 sold) less the 15 on hand: 45 pieces, 5 boxes.
      suggested_quantity: "5.0000",
    });
    // Soap: the first order's 50 and the over-receipt's 12 on hand; the closed order and the one received in full have none to come.
    expect(byName["Olive Soap"]).toMatchObject({ on_hand: "62.0000", consumer_name: "Erbil Pharma", on_order: "0.0000" });

    const made = await created("/api/purchase_orders/from_suggestions", {
      lines: [
        { item_id: gauze, consumer_id: other, unit_id: box, quantity: "4", unit_price: "4200" },
        { item_id: soap, consumer_id: supplier, unit_id: piece, quantity: "100", unit_price: "700" },
      ],
    });
    expect(made.ids).toHaveLength(2);
    const drafts = await Promise.all(made.ids.map(async (id: number) => (await t.api("GET", `/api/purchase_orders/${id}`)).body.data));
    expect(
      drafts.map((d) => [d.consumer_name, d.status, d.lines.map((l: Record<string, string>) => [l.item_name, l.quantity])]).sort(),
    ).toEqual([
      ["Baghdad Medical", "draft", [["Gauze Roll", "4.0000"]]],
      ["Erbil Pharma", "draft", [["Olive Soap", "100.0000"]]],
    ]);
    const again = (await t.api("GET", "/api/purchase_orders/suggestions")).body.data as Record<string, unknown>[];
    // 40 pieces now on order (a draft): 5 pieces short, 1 box.
    expect(again.find((r) => r.item_name === "Gauze Roll")).toMatchObject({ on_order: "40.0000", suggested_quantity: "1.0000" });
    const bad = await t.api("GET", "/api/purchase_orders/suggestions?inventory_id=abc");
    expect([bad.status, bad.body.errors]).toEqual([422, { inventory_id: [MSG.idInvalid] }]);
    const none = await t.api("POST", "/api/purchase_orders/from_suggestions", { body: { lines: [] } });
    expect([none.status, none.body.errors.lines]).toEqual([422, [PURCHASE_ORDER_MSG.noSuggestion]]);
  });
});

describe("the supplier's confirmation", () => {
  const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

  it("takes photos checked by content, under purchases/order_images, and lets one be taken off", async () => {
    const o = await created("/api/purchase_orders", orderBody());
    const fake = multipart({ image: { file: Buffer.from("<svg/>"), name: "scan.png", type: "image/png" } });
    const refused = await t.api("POST", `/api/purchase_orders/${o.id}/images`, { body: fake.body, headers: fake.headers });
    expect([refused.status, refused.body.message]).toEqual([422, MSG.fileTypeNotAllowed]);
    const form = multipart({ image: { file: PNG_1PX, name: "confirmation.png", type: "image/png" } });
    const orderOnly = await t.userWith(["purchases/order"]);
    expect((await t.api("POST", `/api/purchase_orders/${o.id}/images`, { ...form, token: orderOnly.token })).status).toBe(403);
    const res = await t.api("POST", `/api/purchase_orders/${o.id}/images`, { body: form.body, headers: form.headers });
    expect(res.status).toBe(201);
    expect(res.body.data.images).toEqual([expect.stringMatching(/^[0-9a-f-]{36}\.png$/)]);
    const name = res.body.data.images[0];
    expect((await t.api("POST", `/api/purchase_orders/${o.id}/remove_image`, { body: { image: "other.png" } })).body.message).toBe(
      PURCHASE_ORDER_MSG.imageNotOfOrder,
    );
    expect((await ok(`/api/purchase_orders/${o.id}/remove_image`, { image: name })).images).toEqual([]);
  });
});
