import { ONLINE_BOARD_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbHelpers, type SalesFixture, salesFixture, stockUp } from "../sales/sales.fixture.js";
import { placeOrder } from "./online-board.fixture.js";

/** The back office's actions on online orders, home delivery and the drivers' cash, on PostgreSQL. */
let f: SalesFixture;
const t = () => f.t;
const { created, ok, q, balance } = dbHelpers(t);

const trialBalance = async () =>
  Number((await q<{ d: string }>(sql`select coalesce(sum(sys_debit - sys_credit), 0)::text d from journal_lines`))[0]!.d);
const reserved = async (item: number) =>
  Number((await q<{ r: string }>(sql`select coalesce(sum(reserved), 0)::text r from stock_balances where item_fk = ${item}`))[0]!.r);
const onHand = async (item: number) =>
  Number((await q<{ r: string }>(sql`select coalesce(sum(qty), 0)::text r from stock_balances where item_fk = ${item}`))[0]!.r);

/** 2 boxes of Amoxicillin (30,000 a box) and 4 soaps (1,500): 66,000 IQD. */
const order = () =>
  placeOrder(t(), {
    consumer: f.customer,
    lines: [
      { item_fk: f.amox, unit_fk: f.box, unit_base_qty: "10", quantity: "2", unit_price: "30000" },
      { item_fk: f.soap, unit_fk: f.piece, unit_base_qty: "1", quantity: "4", unit_price: "1500" },
    ],
  });
const act = (id: number, action: string, body: unknown = {}, token?: string) =>
  t().api("POST", `/api/online_orders/${id}/${action}`, { body, ...(token ? { token } : {}) });
const status = async (id: number) => (await q<{ s: string }>(sql`select status s from online_orders where order_id = ${id}`))[0]!.s;
let driver = 0;

beforeAll(async () => {
  f = await salesFixture();
  await stockUp(f.t, f.supplier, [
    { item_id: f.amox, unit_id: f.box, quantity: "500", unit_price: "15000" },
    { item_id: f.soap, unit_id: f.piece, quantity: "1000", unit_price: "600" },
  ]);
  driver = (await t().userWith(["online_orders/home_delivery"])).user_id;
});
afterAll(() => f?.t.close());

describe("the actions in every state", () => {
  const inState = async (s: string) => {
    const id = await order();
    if (s === "pending") return id;
    if (s === "cancelled") {
      await ok(`/api/online_orders/${id}/cancel`, { other: true, reason: "Customer called" });
      return id;
    }
    await ok(`/api/online_orders/${id}/confirm`);
    if (s === "delivered") await ok(`/api/online_orders/${id}/deliver`);
    return id;
  };
  // [state, action, answer, state after, refusal]
  const cases: [string, string, number, string, string?][] = [
    ["pending", "confirm", 200, "confirmed"],
    ["pending", "deliver", 422, "pending", ONLINE_BOARD_MSG.notConfirmed],
    ["pending", "return_to_pending", 200, "pending"],
    ["pending", "return_to_confirm", 422, "pending", ONLINE_BOARD_MSG.notDelivered],
    ["pending", "cancel", 200, "cancelled"],
    ["confirmed", "confirm", 200, "confirmed"],
    ["confirmed", "deliver", 200, "delivered"],
    ["confirmed", "return_to_pending", 200, "pending"],
    ["confirmed", "return_to_confirm", 200, "confirmed"],
    ["confirmed", "cancel", 200, "cancelled"],
    ["delivered", "confirm", 422, "delivered", ONLINE_BOARD_MSG.notPending],
    ["delivered", "deliver", 200, "delivered"],
    ["delivered", "return_to_pending", 422, "delivered", ONLINE_BOARD_MSG.notConfirmed],
    ["delivered", "return_to_confirm", 200, "confirmed"],
    ["delivered", "cancel", 422, "delivered", ONLINE_BOARD_MSG.notOpen],
    ["cancelled", "confirm", 422, "cancelled", ONLINE_BOARD_MSG.notPending],
    ["cancelled", "deliver", 422, "cancelled", ONLINE_BOARD_MSG.notConfirmed],
    ["cancelled", "return_to_pending", 422, "cancelled", ONLINE_BOARD_MSG.notConfirmed],
    ["cancelled", "return_to_confirm", 200, "confirmed"],
    ["cancelled", "cancel", 200, "cancelled"],
  ];
  it.each(cases)("%s, %s: %i, then %s", async (from, action, code, after, refusal) => {
    const id = await inState(from);
    const res = await act(id, action, action === "cancel" ? { other: true, reason: "Out of stock" } : {});
    expect(res.status).toBe(code);
    if (refusal) expect(res.body).toMatchObject({ message: refusal, errors: { status: [refusal] } });
    expect(await status(id)).toBe(after);
    expect(await trialBalance()).toBe(0);
  });

  it("each change is in the order's timeline with who made it; a repeated click adds nothing", async () => {
    const id = await order();
    await ok(`/api/online_orders/${id}/confirm`);
    await ok(`/api/online_orders/${id}/confirm`);
    await ok(`/api/online_orders/${id}/deliver`);
    const shown = (await t().api("GET", `/api/online_orders/${id}`)).body.data;
    expect(shown.events.map((e: { action: string }) => e.action)).toEqual(["placed", "confirmed", "delivered"]);
    expect(shown.events[1]).toMatchObject({ user_fk: 1, by_customer: false });
    expect(shown).toMatchObject({ status: "delivered", invoice_status: "delivered", confirmed_by: 1, delivered_by: 1 });
    expect(shown.confirmed_at).toBeTruthy();
    expect(shown.lines).toHaveLength(2);
  });

  it("Cancel asks for a reason: a message of the list, or Other with its text", async () => {
    const id = await order();
    expect((await act(id, "cancel", {})).body.errors).toEqual({ message_id: [ONLINE_BOARD_MSG.reasonRequired] });
    expect((await act(id, "cancel", { other: true })).body.errors).toEqual({ reason: [ONLINE_BOARD_MSG.reasonTextRequired] });
    expect((await act(id, "cancel", { message_id: 999999 })).body.errors).toEqual({ message_id: [ONLINE_BOARD_MSG.reasonInvalid] });
    const [m] = await q<{ message_id: number }>(
      sql`insert into order_cancellation_messages (message, active) values ('Address not found', true) returning message_id`,
    );
    expect((await act(id, "cancel", { message_id: m!.message_id })).status).toBe(200);
    const shown = (await t().api("GET", `/api/online_orders/${id}`)).body.data;
    expect(shown).toMatchObject({
      status: "cancelled",
      cancel_message_fk: m!.message_id,
      cancel_reason_text: "Address not found",
      cancelled_by: 1,
    });
    expect(await reserved(f.amox)).toBe(await openReserved());
  });

  it("each action asks its own key", async () => {
    const id = await order();
    const viewer = (await t().userWith(["online_orders/show"], { inventory_ids: [1] })).token;
    expect((await act(id, "confirm", {}, viewer)).status).toBe(403);
    const confirmer = (await t().userWith(["online_orders/receive"], { inventory_ids: [1] })).token;
    expect((await act(id, "confirm", {}, confirmer)).status).toBe(200);
    expect((await act(id, "deliver", {}, confirmer)).status).toBe(403);
    expect((await act(id, "cancel", { other: true, reason: "x" }, confirmer)).status).toBe(403);
    expect((await t().api("GET", "/api/online_orders/pending_order_alert", { token: confirmer })).status).toBe(403);
    expect((await t().api("GET", "/api/online_orders/pending_order_alert", { token: viewer })).status).toBe(200);
  });
});

/** What the open orders hold, in base units of Amoxicillin. */
const openReserved = async () =>
  Number(
    (
      await q<{ r: string }>(sql`
        select coalesce(sum(r.qty), 0)::text r from online_order_reservations r join online_orders o on o.order_id = r.order_fk
         where r.item_fk = ${f.amox} and o.status in ('pending', 'confirmed')`)
    )[0]!.r,
  );

describe("Deliver", () => {
  it("makes one complete sale of the order's lines to the customer, takes the stock once and frees the reservation", async () => {
    const id = await order();
    await ok(`/api/online_orders/${id}/confirm`);
    const before = { stock: await onHand(f.amox), reserved: await reserved(f.amox) };
    const answers = await Promise.all(Array.from({ length: 8 }, () => act(id, "deliver")));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const sales = await q<{ id: number; status: string; total: string; consumer_fk: number; payment_type: string }>(
      sql`select s.id, s.status, s.total::text, s.consumer_fk, s.payment_type from sales s join online_orders o on o.sale_fk = s.id where o.order_id = ${id}`,
    );
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ status: "complete", total: "66600.000", consumer_fk: f.customer, payment_type: "On Account" });
    const lines = await q(sql`select count(*)::int n from sale_lines where sale_fk = ${sales[0]!.id}`);
    expect(lines[0]).toEqual({ n: 2 });
    expect(await onHand(f.amox)).toBe(before.stock - 20);
    expect(await reserved(f.amox)).toBe(before.reserved - 20);
    const movements = await q<{ n: number }>(
      sql`select count(*)::int n from stock_movements where source_type = 'sale' and source_id = ${sales[0]!.id}`,
    );
    expect(movements[0]!.n).toBe(2);
    expect(await trialBalance()).toBe(0);
    expect(await reserved(f.amox)).toBe(await openReserved());
  });

  it("Return to Confirm returns the sale (stock and entry back), shows the invoice returned, and the next Deliver sends the same sale", async () => {
    const id = await order();
    await ok(`/api/online_orders/${id}/confirm`);
    await ok(`/api/online_orders/${id}/deliver`);
    const stock = await onHand(f.amox);
    const sale = (await q<{ s: number }>(sql`select sale_fk s from online_orders where order_id = ${id}`))[0]!.s;
    await ok(`/api/online_orders/${id}/return_to_confirm`);
    const shown = (await t().api("GET", `/api/online_orders/${id}`)).body.data;
    expect(shown).toMatchObject({ status: "confirmed", invoice_status: "returned", sale_fk: sale });
    expect(await onHand(f.amox)).toBe(stock + 20);
    expect(await reserved(f.amox)).toBe(await openReserved());
    await ok(`/api/online_orders/${id}/deliver`);
    expect((await t().api("GET", `/api/online_orders/${id}`)).body.data).toMatchObject({ invoice_status: "delivered", sale_fk: sale });
    expect(await onHand(f.amox)).toBe(stock);
    expect(await trialBalance()).toBe(0);
  });
});

describe("home delivery and the drivers' cash", () => {
  it("a driver delivers two orders (IQD and USD), holds the cash per currency and is settled with the difference posted", async () => {
    const iqdOrder = await order();
    const usdOrder = await placeOrder(t(), {
      consumer: f.customer,
      currency_id: 2,
      rate: "1500",
      lines: [{ item_fk: f.soap, unit_fk: f.piece, unit_base_qty: "1", quantity: "3", unit_price: "1" }],
    });
    for (const id of [iqdOrder, usdOrder]) {
      await ok(`/api/online_orders/${id}/confirm`);
      expect((await act(id, "hand_over")).body).toMatchObject({ message: ONLINE_BOARD_MSG.noDriver });
      await ok(`/api/online_orders/${id}/assign_driver`, { driver_id: driver });
      await ok(`/api/online_orders/${id}/hand_over`);
    }
    const board = (await t().api("GET", "/api/online_orders/board")).body.data as { order_id: number; board_column: string }[];
    expect(board.find((o) => o.order_id === iqdOrder)?.board_column).toBe("out_for_delivery");
    for (const id of [iqdOrder, usdOrder]) await ok(`/api/online_orders/${id}/deliver`);
    const usdSale = (
      await q<{ total: string }>(
        sql`select s.total::text from sales s join online_orders o on o.sale_fk = s.id where o.order_id = ${usdOrder}`,
      )
    )[0]!;
    const drivers = (await t().api("GET", "/api/home_delivery/drivers")).body.data as Record<string, unknown>[];
    const mine = drivers.find((d) => d.driver_id === driver)!;
    expect(mine).toMatchObject({ cash_iqd: "66600.000", cash_usd: Number(usdSale.total).toFixed(3), unsettled_count: 2 });
    expect(await trialBalance()).toBe(0);

    const iqdTill = (await created("/api/cashes", { account_name: "Safe IQD", cash_type: 1, currency_id: 1 })).account_id;
    const overShort = await balance("cash_over_short");
    // 500 IQD short; the dollars counted as collected.
    const wrong = await t().api("POST", "/api/home_delivery/settlements", {
      body: { driver_id: driver, counted_iqd: "66100", counted_usd: usdSale.total, account_iqd: f.usdTill, account_usd: f.usdTill },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ account_iqd: [ONLINE_BOARD_MSG.accountCurrency] });
    const res = await t().api("POST", "/api/home_delivery/settlements", {
      body: { driver_id: driver, counted_iqd: "66100", counted_usd: usdSale.total, account_iqd: iqdTill, account_usd: f.usdTill },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.cash).toMatchObject([
      { currency_id: 1, expected: "66600.000", counted: "66100.000", difference: "-500.000" },
      { currency_id: 2, difference: "0.000" },
    ]);
    expect(res.body.data.orders).toHaveLength(2);
    expect(Number(res.body.data.difference_total)).toBe(-500);
    const after = (await t().api("GET", "/api/home_delivery/drivers")).body.data.find((d: { driver_id: number }) => d.driver_id === driver);
    expect(after).toMatchObject({ cash_iqd: "0.000", cash_usd: "0.000", unsettled_count: 0 });
    expect((await balance(iqdTill)).own).toBe(66100);
    expect((await balance("cash_over_short")).sys).toBe(overShort.sys + 500);
    expect(await trialBalance()).toBe(0);
    // Nothing left to settle; a settled delivery is not returned.
    const again = await t().api("POST", "/api/home_delivery/settlements", {
      body: { driver_id: driver, counted_iqd: "0", counted_usd: "0" },
    });
    expect(again.body.message).toBe(ONLINE_BOARD_MSG.nothingToSettle);
    expect((await act(iqdOrder, "return_to_confirm")).body.message).toBe(ONLINE_BOARD_MSG.settledDelivery);
  });
});

describe("the order history", () => {
  it("lists the orders with their states and exports them in Arabic, states and titles in words", async () => {
    const id = await order();
    await ok(`/api/online_orders/${id}/confirm`);
    await ok(`/api/online_orders/${id}/deliver`);
    const list = (await t().api("GET", `/api/online_orders?filter[order_id]=${id}`)).body.data;
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ order_id: id, status: "delivered", invoice_status: "delivered" });
    const res = await t().api("GET", `/api/online_orders/export?filter[order_id]=${id}&headers=order_no,status,invoice_status`, {
      headers: { "accept-language": "ar" },
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(["رقم الطلب", "الحالة", "حالة الفاتورة"]);
    expect(rows[1]!.slice(1)).toEqual(["مُسلَّم", "مُسلَّم"]);
  });
});

describe("the pending count and the push", () => {
  it("pending_order_alert answers the count in the message", async () => {
    const n = (await t().api("GET", "/api/online_orders/pending_order_alert")).body.message;
    await order();
    expect((await t().api("GET", "/api/online_orders/pending_order_alert")).body.message).toBe(n + 1);
  });

  it("the stream hears a new order as its transaction commits", async () => {
    const address = await t().app.listen({ port: 0, host: "127.0.0.1" });
    const ctrl = new AbortController();
    const res = await fetch(`${address}/api/online_orders/stream`, {
      headers: { authorization: `Bearer ${t().adminToken}`, accept: "text/event-stream" },
      signal: ctrl.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    let text = "";
    const until = async (needle: string) => {
      const deadline = Date.now() + 10_000;
      while (!text.includes(needle) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
      return text.includes(needle);
    };
    try {
      expect(await until("event: ready")).toBe(true);
      // The listening connection may still be starting: wait until it is live.
      for (let i = 0; i < 50 && !t().app.notices("online_orders").live; i++) await new Promise((r) => setTimeout(r, 100));
      const id = await order();
      expect(await until(`"order_id":${id}`)).toBe(true);
      expect(text).toContain(`event: order\ndata: {"order_id":${id},"status":"pending","op":"insert"}`);
    } finally {
      ctrl.abort();
    }
    const unauthorized = await fetch(`${address}/api/online_orders/stream`, { headers: { accept: "text/event-stream" } });
    expect(unauthorized.status).toBe(401);
    const notAStream = await fetch(`${address}/api/online_orders/stream`, { headers: { authorization: `Bearer ${t().adminToken}` } });
    expect(notAStream.status).toBe(406);
  });
});
