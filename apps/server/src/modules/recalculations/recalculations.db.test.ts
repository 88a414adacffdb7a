import { MSG, type RecalculationDifference } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { businessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";
import { stockIn } from "../stock/stock.in.js";
import { stockOut } from "../stock/stock.out.js";

/** The recalculation over stock and books made by hand, corrupted on purpose, figures checked by hand. */
let t: TestApp;
let piece = 0;
let cash = 0;
let expenseType = 0;
let gauze = 0;
let tape = 0;
const main = 1;
let gauzeBatch = 0;

const run = <T>(fn: (ctx: Ctx) => Promise<T>) => t.database.db.transaction(async (tx) => fn({ tx, user: null, now: new Date(), ip: null }));
const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const makeItem = async (name: string) =>
  (await created("/api/items", { item_name: name, item_units: [{ unit_fk: piece, quantity: "1", price: "250", is_base: true }] }))
    .item_id as number;
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);
const preview = async () => {
  const res = await t.api("GET", "/api/recalculations/preview");
  expect(res.status).toBe(200);
  return res.body.data as {
    differences: RecalculationDifference[];
    stock_differences: number;
    cost_differences: number;
    account_differences: number;
  };
};
/** A difference reduced to what identifies it and its two figures. */
const brief = (d: RecalculationDifference) =>
  [d.kind, d.item_name ?? d.account_name, d.inventory_name, d.batch_no, d.period, d.field, d.was, d.now]
    .filter((x) => x !== null)
    .join(" ");

beforeAll(async () => {
  t = await createTestApp();
  const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
  piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
  gauze = await makeItem("Recalc Gauze");
  tape = await makeItem("Recalc Tape");
  // Gauze: 10 at 100 and 10 at 130 in one batch (average 115), 4 out at 115: 16 left worth 1,840.
  await run((ctx) =>
    stockIn(ctx, { type: "test", id: 1 }, [
      { line_id: 1, item_id: gauze, inventory_id: main, quantity: "10", unit_cost: "100", batch_no: "G1" },
      { line_id: 2, item_id: gauze, inventory_id: main, quantity: "10", unit_cost: "130", batch_no: "G1" },
    ]),
  );
  await run((ctx) =>
    stockOut(ctx, { type: "test", id: 2 }, [{ item_id: gauze, inventory_id: main, quantity: "4" }], { purpose: "adjustment" }),
  );
  // Tape: 3 in at 40 and 3 in at 50 (average 45), then all 6 out: none left, the average 45 kept.
  await run((ctx) =>
    stockIn(ctx, { type: "test", id: 3 }, [
      { line_id: 1, item_id: tape, inventory_id: main, quantity: "3", unit_cost: "40" },
      { line_id: 2, item_id: tape, inventory_id: main, quantity: "3", unit_cost: "50" },
    ]),
  );
  await run((ctx) =>
    stockOut(ctx, { type: "test", id: 4 }, [{ item_id: tape, inventory_id: main, quantity: "6" }], { purpose: "adjustment" }),
  );
  gauzeBatch = Number((await exec(sql`select batch_id from stock_batches where item_fk = ${gauze} and batch_no = 'G1'`)).rows[0]!.batch_id);
  // Books: an income of 50,000 and an expense of 7,500 from one till today.
  const incomeType = (await created("/api/income_types", { type_name: "Recalc capital" })).type_id;
  expenseType = (await created("/api/expense_types", { type_name: "Recalc supplies" })).type_id;
  cash = (await created("/api/cashes", { account_name: "Recalc till", cash_type: 1, currency_id: 1 })).account_id;
  await created("/api/incomes", { type_id: incomeType, account_id: cash, currency_id: 1, amount: "50000", payment_time: "08:00" });
  await created("/api/expenses", { type_id: expenseType, account_id: cash, currency_id: 1, amount: "7500", payment_time: "09:00" });
});
afterAll(() => t?.close());

describe("recalculations", () => {
  it("finds nothing to correct in books and stock kept by their own functions, and records the run", async () => {
    const p = await preview();
    expect(p.differences).toEqual([]);
    const res = await t.api("POST", "/api/recalculations");
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MSG.updated);
    expect(res.body.data).toMatchObject({ stock_differences: 0, cost_differences: 0, account_differences: 0, differences: [] });
    expect(res.body.data.created_by_name).toBeTruthy();
  });

  it("corrects a corrupted stock balance, item cost and account sums, reporting each figure it was and is now", async () => {
    const today = businessDay(new Date());
    const month = `${today.slice(0, 7)}-01`;
    await exec(sql`update stock_balances set qty = 20 where item_fk = ${gauze} and inventory_fk = ${main} and batch_fk = ${gauzeBatch}`);
    await exec(sql`update stock_item_costs set value = 2000, avg_cost = 125 where item_fk = ${gauze}`);
    await exec(sql`update stock_item_costs set avg_cost = 0 where item_fk = ${tape}`);
    await exec(
      sql`update account_balances set debit = debit + 1000, sys_debit = sys_debit + 1000 where account_id = ${cash} and day = ${today}::date`,
    );
    await exec(sql`delete from account_month_balances where account_id = ${cash}`);
    expect(await stockInconsistencies(t.database.db)).not.toEqual([]);

    const expected = [
      `stock_balance Recalc Gauze Main Inventory G1 qty 20 16`,
      `item_cost Recalc Gauze value 2000 1840`,
      `item_cost Recalc Gauze avg_cost 125 115`,
      `item_cost Recalc Tape avg_cost 0 45`,
      `account_day Recalc till ${today} debit 51000 50000`,
      `account_day Recalc till ${today} sys_debit 51000 50000`,
      `account_month Recalc till ${month} debit 50000`,
      `account_month Recalc till ${month} credit 7500`,
      `account_month Recalc till ${month} sys_debit 50000`,
      `account_month Recalc till ${month} sys_credit 7500`,
    ];
    const p = await preview();
    expect(p.differences.map(brief)).toEqual(expected);
    expect([p.stock_differences, p.cost_differences, p.account_differences]).toEqual([1, 3, 6]);
    // A preview changes nothing.
    expect((await preview()).differences).toHaveLength(10);

    const res = await t.api("POST", "/api/recalculations");
    expect(res.status).toBe(201);
    expect(res.body.data.differences.map(brief)).toEqual(expected);
    const id = res.body.data.id as number;

    expect(await stockInconsistencies(t.database.db)).toEqual([]);
    const cost = (
      await exec(
        sql`select qty::text, value::text, avg_cost::text from stock_item_costs where item_fk in (${gauze}, ${tape}) order by item_fk`,
      )
    ).rows;
    expect(cost).toEqual([
      { qty: "16.0000", value: "1840.0000", avg_cost: "115.000000" },
      { qty: "0.0000", value: "0.0000", avg_cost: "45.000000" },
    ]);
    const till = (await t.api("GET", `/api/cash_balance_show?account_id=${cash}`)).body.data.balance as string;
    expect(Number(till)).toBe(42500);
    const tb = (await t.api("GET", "/api/financial_reports/trial_balance?per_page=1000")).body.data;
    expect(tb.footer.debit).toBe(tb.footer.credit);
    expect((await preview()).differences).toEqual([]);

    // The history keeps the run: who, when and its differences.
    const list = await t.api("GET", "/api/recalculations?sort=id&direction=desc");
    expect(list.status).toBe(200);
    expect(list.body.data.data[0]).toMatchObject({
      id,
      stock_differences: 1,
      cost_differences: 3,
      account_differences: 6,
      differences_count: 10,
    });
    const shown = await t.api("GET", `/api/recalculations/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.differences.map(brief)).toEqual(expected);
    expect((await t.api("GET", "/api/recalculations/999999")).status).toBe(404);
  });

  it("makes a missing balance row and empties a row no movement explains", async () => {
    await exec(sql`delete from stock_balances where item_fk = ${gauze} and batch_fk = ${gauzeBatch}`);
    await exec(sql`insert into stock_batches (item_fk, batch_no) values (${tape}, 'STRAY')`);
    await exec(sql`insert into stock_balances (item_fk, inventory_fk, batch_fk, qty)
                     select ${tape}, ${main}, batch_id, 5 from stock_batches where item_fk = ${tape} and batch_no = 'STRAY'`);
    const res = await t.api("POST", "/api/recalculations");
    expect(res.status).toBe(201);
    expect(res.body.data.differences.map(brief)).toEqual([
      "stock_balance Recalc Gauze Main Inventory G1 qty 16",
      "stock_balance Recalc Tape Main Inventory STRAY qty 5 0",
    ]);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });

  it("lets the index permission preview and read the history, and only store run it", async () => {
    const reader = await t.userWith(["recalculations/index"]);
    expect((await t.api("GET", "/api/recalculations/preview", { token: reader.token })).status).toBe(200);
    expect((await t.api("GET", "/api/recalculations", { token: reader.token })).status).toBe(200);
    expect((await t.api("POST", "/api/recalculations", { token: reader.token })).status).toBe(403);
    const before = (await exec(sql`select count(*)::int n from recalculations`)).rows[0]!.n;
    const stray = await t.api("POST", "/api/recalculations", { body: { user_name: "x" } });
    expect(stray.status).toBe(422);
    expect((await exec(sql`select count(*)::int n from recalculations`)).rows[0]!.n).toBe(before);
    const runner = await t.userWith(["recalculations/store"]);
    expect((await t.api("POST", "/api/recalculations", { token: runner.token })).status).toBe(201);
  });

  it("runs while expenses and stock moves are saved at once: every answer a save, nothing left to correct", async () => {
    const moves = Array.from({ length: 12 }, (_, i) =>
      run((ctx) => stockIn(ctx, { type: "test", id: 100 + i }, [{ item_id: gauze, inventory_id: main, quantity: "1", unit_cost: "115" }])),
    );
    const results = await Promise.all([
      ...Array.from({ length: 16 }, (_, i) =>
        t.api("POST", "/api/expenses", {
          body: { type_id: expenseType, account_id: cash, currency_id: 1, amount: "100", payment_time: "10:00", note: `#${i}` },
        }),
      ),
      ...Array.from({ length: 4 }, () => t.api("POST", "/api/recalculations")),
    ]);
    await Promise.all(moves);
    expect(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    for (const r of results.slice(16)) expect(r.body.data.differences).toEqual([]);
    expect((await preview()).differences).toEqual([]);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
    const till = (await t.api("GET", `/api/cash_balance_show?account_id=${cash}`)).body.data.balance as string;
    expect(Number(till)).toBe(42500 - 1600);
    const qty = (await exec(sql`select qty::text from stock_item_costs where item_fk = ${gauze}`)).rows[0]!.qty;
    expect(qty).toBe("28.0000");
  });
});
