import { notEnoughStockMessage } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { dbHelpers } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";
import { heldIn } from "./sale-transfers.fixture.js";

/**
 * Consignment end to end with hand-checked stock and books: 40 pieces at 900 in stock (opening
 * stock, Dr inventory 36,000); send 10 to the customer, invoice 6 at 1,500 (a sale from the
 * consignment location: revenue 9,000, cost of goods sold 5,400), take 3 back, 1 left with them.
 */
let t: TestApp;
let piece = 0;
let item = 0;
let customer = 0;
let consignment = 0;
const main = 1;

const { created, q: rows } = dbHelpers(() => t);
const held = (inventory: number) => heldIn(t, item, inventory);
/** Debit − credit of a system account, in the system currency. */
const balance = async (key: string) => {
  const [r] = await rows<{ s: string }>(sql`
    select coalesce(sum(l.sys_debit - l.sys_credit), 0)::text s from journal_lines l join accounts a on a.account_id = l.account_id
     where a.system_key = ${key}`);
  return Number(r!.s);
};
const trialBalance = async () => {
  const [r] = await rows<{ d: string; c: string }>(
    sql`select coalesce(sum(sys_debit), 0)::text d, coalesce(sum(sys_credit), 0)::text c from journal_lines`,
  );
  return Number(r!.d) - Number(r!.c);
};

beforeAll(async () => {
  t = await createTestApp();
  const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
  piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
  item = (
    await created("/api/items", {
      item_name: "Vitamin C 1000",
      item_units: [{ unit_fk: piece, quantity: "1", price: "1500", is_base: true, is_default: true }],
    })
  ).item_id;
  customer = (await created("/api/customers", { consumer_name: "Sulav Pharmacy" })).consumer_id;
  await created("/api/inventory_opening_balances", {
    inventory_id: main,
    lines: [{ item_id: item, unit_id: piece, quantity: "40", unit_cost: "900" }],
  });
});
afterAll(() => t?.close());

describe("send 10, invoice 6, return 3, 1 left", () => {
  it("sends 10 pieces on consignment: stock moves, the books do not", async () => {
    const tr = await created("/api/sale_transfers", {
      consumer_fk: customer,
      inventory_fk: main,
      currency_id: 1,
      lines: [{ item_fk: item, unit_fk: piece, quantity: "10" }],
    });
    const sent = await t.api("POST", `/api/sale_transfers/${tr.id}/send`, { body: {} });
    expect(sent.status).toBe(200);
    consignment = sent.body.data.consignment_inventory_fk;
    expect(await held(main)).toEqual({ qty: 30, value: 27000 });
    expect(await held(consignment)).toEqual({ qty: 10, value: 9000 });
    expect(await balance("inventory")).toBe(36000);
    expect(await balance("cogs")).toBe(0);
  });

  it("invoices 6 as a sale from the consignment location: revenue 9,000 on account, cost of goods sold 5,400", async () => {
    const res = await t.api("POST", `/api/sale_transfers/consignments/${customer}/invoice`, {
      body: { currency_id: 1, payment_type: "On Account", lines: [{ item_fk: item, unit_fk: piece, quantity: "6" }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sale = (await t.api("GET", `/api/sales/${res.body.data.sale_id}`)).body.data;
    expect(sale).toMatchObject({ status: "complete", inventory_fk: consignment, consumer_fk: customer });
    expect(Number(sale.total)).toBe(9000);
    // Its entry names it.
    const [entry] = await rows<{ d: string }>(sql`
      select e.description d from journal_entries e where e.source_type = 'sale' and e.source_id = ${sale.id}`);
    expect(entry!.d).toBe(`Sale ${sale.number} to Sulav Pharmacy`);
    expect(await held(consignment)).toEqual({ qty: 4, value: 3600 });
    expect(await held(main)).toEqual({ qty: 30, value: 27000 });
    expect(await balance("sales")).toBe(-9000);
    expect(await balance("cogs")).toBe(5400);
    expect(await balance("inventory")).toBe(36000 - 5400);
    expect(await trialBalance()).toBe(0);
    // No more than the customer holds can be invoiced.
    const tooMany = await t.api("POST", `/api/sale_transfers/consignments/${customer}/invoice`, {
      body: { currency_id: 1, payment_type: "On Account", lines: [{ item_fk: item, unit_fk: piece, quantity: "5" }] },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe(notEnoughStockMessage("Vitamin C 1000", `Consignment: Sulav Pharmacy #${customer}`, "4"));
  });

  it("a sale invoiced from the consignment location opens for staff who work with sale transfers, not for others", async () => {
    const [sale] = await rows<{ id: number }>(sql`select id from sales where inventory_fk = ${consignment} order by id limit 1`);
    // Both may read every user's sales (View All): what tells them apart is the sale-transfer permission.
    const clerk = await t.userWith(["sales/index", "sales/show", "sales/view_all", "sale_transfers/index"], { inventory_ids: [main] });
    const other = await t.userWith(["sales/index", "sales/show", "sales/view_all"], { inventory_ids: [main] });
    expect((await t.api("GET", `/api/sales/${sale!.id}`, { token: clerk.token })).status).toBe(200);
    expect((await t.api("GET", `/api/sales/${sale!.id}`, { token: other.token })).status).toBe(404);
    // Neither is offered the consignment location on a form.
    const me = (await t.api("GET", "/api/auth/me", { token: clerk.token })).body;
    expect(JSON.stringify(me)).not.toContain(`Consignment: Sulav Pharmacy`);
  });

  it("takes 3 back and leaves 1 with the customer; stock value equals the inventory account", async () => {
    await created("/api/sale_transfer_returns", {
      consumer_fk: customer,
      inventory_fk: main,
      lines: [{ item_fk: item, unit_fk: piece, quantity: "3" }],
    });
    expect(await held(consignment)).toEqual({ qty: 1, value: 900 });
    expect(await held(main)).toEqual({ qty: 33, value: 29700 });
    expect(await balance("inventory")).toBe(29700 + 900);
    expect(await balance("cogs")).toBe(5400);
    expect(await trialBalance()).toBe(0);
    const list = await t.api("GET", `/api/sale_transfers/consignments?filter[consumer_id]=${customer}`);
    expect(list.body.data.data).toEqual([expect.objectContaining({ qty: "1.0000", value: "900.0000" })]);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });
});

describe("invoiced for Cash", () => {
  it("is paid in full into the chosen cash account: the till takes the money, the customer owes nothing", async () => {
    const till = (await created("/api/cashes", { account_name: "Consignment Till", cash_type: 1, currency_id: 1 })).account_id;
    const tillBalance = async () => {
      const [r] = await rows<{ s: string }>(
        sql`select coalesce(sum(sys_debit - sys_credit), 0)::text s from journal_lines where account_id = ${till}`,
      );
      return Number(r!.s);
    };
    const res = await t.api("POST", `/api/sale_transfers/consignments/${customer}/invoice`, {
      body: { currency_id: 1, payment_type: "Cash", account_fk: till, lines: [{ item_fk: item, unit_fk: piece, quantity: "1" }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sale = (await t.api("GET", `/api/sales/${res.body.data.sale_id}`)).body.data;
    expect(sale).toMatchObject({ status: "complete", payment_type: "Cash", account_fk: till, payment_status: "paid" });
    expect([Number(sale.total), Number(sale.paid_amount), Number(sale.remaining)]).toEqual([1500, 1500, 0]);
    expect(await tillBalance()).toBe(1500);
    const [receivable] = await rows<{ s: string }>(sql`
      select coalesce(sum(l.sys_debit - l.sys_credit), 0)::text s from journal_lines l join journal_entries e on e.entry_id = l.entry_id
        join consumers c on c.consumer_id = ${customer} where e.source_type = 'sale' and e.source_id = ${sale.id} and l.account_id = c.account_fk`);
    expect(Number(receivable!.s)).toBe(0);
    expect(await trialBalance()).toBe(0);
  });
});
