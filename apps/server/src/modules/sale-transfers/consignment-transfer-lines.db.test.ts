import { SALE_TRANSFER_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";

/**
 * A consignment invoiced from its sale transfer: 5 boxes of 12 sent at the box price of the day
 * (7,250), the box price raised to 8,000 since; invoiced in boxes at 7,250, no more than is left of
 * the line, and what is left (sent − invoiced − returned) is what a return starts from.
 */
let t: TestApp;
let piece = 0;
let box = 0;
let item = 0;
let boxUnit = 0;
let customer = 0;
let transfer = { id: 0, number: "", line: 0 };

const ok = async (url: string, body: unknown = {}, method: "POST" | "PATCH" = "POST") => {
  const res = await t.api(method, url, { body });
  if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute<T>(query)).rows;
const books = async () => ({
  journal: (
    await rows(sql`select coalesce(sum(sys_debit),0)::text d, coalesce(sum(sys_credit),0)::text c, count(*)::int n from journal_lines`)
  )[0],
  stock: await rows(sql`select inventory_fk, sum(qty)::text q from stock_balances where item_fk = ${item} group by 1 order by 1`),
  sales: (await rows<{ n: number }>(sql`select count(*)::int n from sales`))[0]!.n,
  links: (await rows<{ n: number }>(sql`select count(*)::int n from sale_transfer_invoice_lines`))[0]!.n,
});
const shownLine = async () => (await t.api("GET", `/api/sale_transfers/${transfer.id}`)).body.data.lines[0];

beforeAll(async () => {
  t = await createTestApp();
  const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
  piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
  box = units.find((u) => u.unit_name === "Box")!.unit_id;
  const made = await ok("/api/items", {
    item_name: "Consigned Wipes",
    item_units: [
      { unit_fk: piece, quantity: "1", price: "600", is_base: true },
      { unit_fk: box, quantity: "12", price: "7250", is_default: true },
    ],
  });
  item = made.item_id;
  boxUnit = made.item_units.find((u: { unit_fk: number }) => u.unit_fk === box).item_unit_id;
  customer = (await ok("/api/customers", { consumer_name: "Zanko Pharmacy" })).consumer_id;
  await ok("/api/inventory_opening_balances", {
    inventory_id: 1,
    lines: [{ item_id: item, unit_id: piece, quantity: "120", unit_cost: "450" }],
  });
  const tr = await ok("/api/sale_transfers", {
    consumer_fk: customer,
    inventory_fk: 1,
    currency_id: 1,
    lines: [{ item_fk: item, unit_fk: box, quantity: "5" }],
  });
  await ok(`/api/sale_transfers/${tr.id}/send`);
  transfer = { id: tr.id, number: tr.number, line: tr.lines[0].line_id };
  // The box's price goes up after the goods were sent.
  const shown = (await t.api("GET", `/api/items/${item}`)).body.data;
  await ok(
    `/api/items/${item}`,
    {
      ...shown,
      item_units: shown.item_units.map((u: { item_unit_id: number; price: string }) =>
        u.item_unit_id === boxUnit ? { ...u, price: "8000" } : u,
      ),
    },
    "PATCH",
  );
});
afterAll(() => t?.close());

describe("a consignment invoiced from its sale transfer", () => {
  it("offers the transfer's open lines in their unit and price", async () => {
    const res = await t.api("GET", `/api/sale_transfers/consignments/${customer}/open_lines?item_id=${item}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toEqual([
      expect.objectContaining({ line_id: transfer.line, number: transfer.number, unit_name: "Box", unit_price: "7250.000", left: "5" }),
    ]);
  });

  it("sells 2 boxes at 7,250, not pieces at today's price, and keeps what is left of the line", async () => {
    const res = await t.api("POST", `/api/sale_transfers/consignments/${customer}/invoice`, {
      body: {
        currency_id: 1,
        payment_type: "On Account",
        lines: [{ item_fk: item, unit_fk: piece, quantity: "2", sale_transfer_line_fk: transfer.line }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const sale = (await t.api("GET", `/api/sales/${res.body.data.sale_id}`)).body.data;
    expect(sale).toMatchObject({ status: "complete", total: "14500.000" });
    expect(sale.lines[0]).toMatchObject({ unit_fk: box, quantity: "2.0000", unit_price: "7250.000" });
    expect(await shownLine()).toMatchObject({ invoiced_quantity: "2", returned_quantity: "0", left_quantity: "3" });
  });

  it("refuses more than is left of the line; books and stock unchanged", async () => {
    const before = await books();
    const res = await t.api("POST", `/api/sale_transfers/consignments/${customer}/invoice`, {
      body: {
        currency_id: 1,
        payment_type: "On Account",
        lines: [{ item_fk: item, unit_fk: box, quantity: "4", sale_transfer_line_fk: transfer.line }],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "lines.0.quantity": [SALE_TRANSFER_MSG.moreThanLeft] });
    expect(await books()).toEqual(before);
  });

  it("counts a return against the line: left is sent − invoiced − returned", async () => {
    await ok("/api/sale_transfer_returns", {
      consumer_fk: customer,
      sale_transfer_fk: transfer.id,
      inventory_fk: 1,
      lines: [{ item_fk: item, unit_fk: piece, quantity: "12" }],
    });
    expect(await shownLine()).toMatchObject({ invoiced_quantity: "2", returned_quantity: "1", left_quantity: "2" });
    const open = (await t.api("GET", `/api/sale_transfers/consignments/${customer}/open_lines`)).body.message;
    expect(open.map((l: { left: string }) => l.left)).toEqual(["2"]);
    const j = (await books()).journal as { d: string; c: string };
    expect(j.d).toBe(j.c);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });

  it("two invoices of the last 2 boxes at once: exactly one is made", async () => {
    const invoice = () =>
      t.api("POST", `/api/sale_transfers/consignments/${customer}/invoice`, {
        body: {
          currency_id: 1,
          payment_type: "On Account",
          lines: [{ item_fk: item, unit_fk: box, quantity: "2", sale_transfer_line_fk: transfer.line }],
        },
      });
    const results = await Promise.all([invoice(), invoice()]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(await shownLine()).toMatchObject({ invoiced_quantity: "4", left_quantity: "0" });
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });
});
