import { randomUUID } from "node:crypto";
import { MSG, POS_MSG, SALE_RETURN_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { type PosFixture, posFixture, posHelpers } from "./pos.fixture.js";

/**
 * Returns of POS bills at the till, with hand-checked books. In-rate 1,480 IQD per USD. Stock:
 * 10 tins of baby formula bought at 18,000 IQD (sold at 25,000) and 40 packs of tea at 3,000
 * (sold at 5,000).
 */
let t: TestApp;
let cashier: PosFixture["cashier"];
let formula = 0;
let tea = 0;
let piece = 0;

const { q, balance, onHand, drawer, booksBalance } = posHelpers(
  () => t,
  () => cashier,
);
const count = async (table: "sale_returns" | "pos_sale_info") =>
  Number(
    (
      await q<{ n: string }>(
        table === "sale_returns"
          ? sql`select count(*)::text n from sale_returns`
          : sql`select count(*)::text n from pos_sale_info where kind = 'return'`,
      )
    )[0]!.n,
  );
/** A cash bill of the cashier's, paid in one currency (the change in IQD). */
const sell = async (lines: { item: number; quantity: string }[], amount: string, currency = 1) => {
  const res = await t.api("POST", "/api/pos_sales", {
    token: cashier.token,
    headers: { "idempotency-key": randomUUID() },
    body: {
      client_created_at: new Date().toISOString(),
      lines: lines.map((l) => ({ item_fk: l.item, unit_fk: piece, quantity: l.quantity })),
      payments: [{ method: "cash", currency_id: currency, amount }],
    },
  });
  if (res.status !== 201) throw new Error(`sale: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; number: string; lines: { line_id: number; item_fk: number }[] };
};
const giveBack = (saleId: number, body: unknown, key: string | null = randomUUID(), token = cashier.token) =>
  t.api("POST", `/api/pos_sales/${saleId}/return`, { token, body, headers: key ? { "idempotency-key": key } : {} });
const lineOf = (sale: { lines: { line_id: number; item_fk: number }[] }, item: number) =>
  sale.lines.find((l) => l.item_fk === item)!.line_id;

beforeAll(async () => {
  ({ t, cashier, formula, tea, piece } = await posFixture({
    tea: "40",
    cashier: "till two",
    permissions: ["pos_sales/store", "pos_sales/show", "pos_sales/index", "pos_sales/return", "closing_drawers/store"],
  }));
});
afterAll(() => t?.close());

describe("a POS bill returned at the till", () => {
  it("returns part of a line from the drawer, then refuses more than is left, saving nothing", async () => {
    // 1 formula + 3 tea = 25,000 + 15,000 = 40,000 IQD.
    const sale = await sell(
      [
        { item: formula, quantity: "1" },
        { item: tea, quantity: "3" },
      ],
      "40000",
    );
    const iqd = await balance(await drawer(1));
    const teaBefore = await onHand(tea);
    const returns = await balance("sales_returns");
    const inventory = await balance("inventory");
    const cogs = await balance("cogs");

    const res = await giveBack(sale.id, { lines: [{ sale_line_fk: lineOf(sale, tea), quantity: "2" }] });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MSG.added);
    const r = res.body.data;
    expect(r).toMatchObject({ sale_fk: sale.id, sale_kind: "pos", received_type: "Cash", total: "10000.000", status: "complete" });
    expect(r.refund).toEqual({ received_type: "Cash", currency_id: 1, amount: "10000", account_fk: await drawer(1) });
    // 2 × 5,000 out of the IQD drawer; 2 × 5,000 into Sales Returns; the 2 packs back at the 3,000 they left with.
    expect((await balance(await drawer(1))).own - iqd.own).toBe(-10000);
    expect((await balance("sales_returns")).sys - returns.sys).toBe(10000);
    expect((await balance("inventory")).sys - inventory.sys).toBe(6000);
    expect((await balance("cogs")).sys - cogs.sys).toBe(-6000);
    expect((await onHand(tea)) - teaBefore).toBe(2);
    // What is returnable shrinks: tea 3 sold, 2 back, 1 left; the formula untouched.
    const lines = r.sale.lines.map((l: { item_fk: number; returned_quantity: string; returnable_quantity: string }) => [
      l.item_fk,
      Number(l.returned_quantity),
      Number(l.returnable_quantity),
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [formula, 0, 1],
        [tea, 2, 1],
      ]),
    );
    // The drawer's row names the sale return, the bill's row the sale.
    expect(
      await q(sql`select kind, sale_fk, sale_return_fk from pos_sale_info where sale_return_fk = ${r.id} or sale_fk = ${sale.id}`),
    ).toEqual(
      expect.arrayContaining([
        { kind: "sale", sale_fk: sale.id, sale_return_fk: null },
        { kind: "return", sale_fk: null, sale_return_fk: r.id },
      ]),
    );
    const found = await t.api("GET", `/api/pos_sales/by_number/${sale.number}`, { token: cashier.token });
    expect(found.body.data.lines.find((l: { item_fk: number }) => l.item_fk === tea).returnable_quantity).toBe("1");

    const saved = await count("sale_returns");
    const more = await giveBack(sale.id, { lines: [{ sale_line_fk: lineOf(sale, tea), quantity: "2" }] });
    expect(more.status).toBe(422);
    expect(more.body.message).toBe(SALE_RETURN_MSG.moreThanSold);
    expect(more.body.errors["lines.0.quantity"]).toEqual([SALE_RETURN_MSG.moreThanSold]);
    expect(await count("sale_returns")).toBe(saved);
    expect((await balance(await drawer(1))).own - iqd.own).toBe(-10000);
    expect((await onHand(tea)) - teaBefore).toBe(2);
    // The last pack can still come back.
    expect((await giveBack(sale.id, { lines: [{ sale_line_fk: lineOf(sale, tea), quantity: "1" }] })).status).toBe(201);
    await booksBalance();
  });

  it("pays back in USD from the USD drawer at the day's in-rate, and never more than the drawer holds", async () => {
    const sale = await sell([{ item: formula, quantity: "1" }], "25000");
    const body = { currency_id: 2, lines: [{ sale_line_fk: lineOf(sale, formula), quantity: "1" }] };
    // The USD drawer is empty: nothing can be paid out of it, and nothing is saved.
    const saved = await count("sale_returns");
    const empty = await giveBack(sale.id, body);
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe("No Enough Balance USD");
    expect(await count("sale_returns")).toBe(saved);
    // A bill paid with 20 USD (29,600 IQD for 25,000: 4,600 change in IQD, 4,500 handed back) fills it.
    await sell([{ item: formula, quantity: "1" }], "20", 2);
    const usd = await balance(await drawer(2));
    expect(usd.own).toBe(20);
    const res = await giveBack(sale.id, body);
    expect(res.status).toBe(201);
    // 25,000 / 1,480 = 16.8918… → 16.892 USD.
    expect(res.body.data.refund).toEqual({ received_type: "Cash", currency_id: 2, amount: "16.892", account_fk: await drawer(2) });
    expect((await balance(await drawer(2))).own).toBeCloseTo(3.108, 3);
    await booksBalance();
  });

  it("answers a retry with the first answer and returns once; the key with another body or without a key is refused", async () => {
    const sale = await sell([{ item: tea, quantity: "2" }], "10000");
    const key = randomUUID();
    const body = { lines: [{ sale_line_fk: lineOf(sale, tea), quantity: "1" }] };
    const before = await count("sale_returns");
    const first = await giveBack(sale.id, body, key);
    expect(first.status).toBe(201);
    const again = await giveBack(sale.id, body, key);
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await count("sale_returns")).toBe(before + 1);
    const other = await giveBack(sale.id, { lines: [{ sale_line_fk: lineOf(sale, tea), quantity: "1" }], note: "another" }, key);
    expect(other.status).toBe(422);
    expect(other.body.errors["Idempotency-Key"]).toEqual([POS_MSG.keyReused]);
    const missing = await giveBack(sale.id, body, null);
    expect(missing.status).toBe(422);
    expect(missing.body.errors["Idempotency-Key"]).toEqual([POS_MSG.keyRequired]);
    // Eight identical requests at once: one return.
    const key2 = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => giveBack(sale.id, body, key2)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await count("sale_returns")).toBe(before + 2);
    expect(
      Number(
        (await q<{ r: string }>(sql`select sum(quantity)::text r from sale_return_lines where sale_line_fk = ${lineOf(sale, tea)}`))[0]!.r,
      ),
    ).toBe(2);
  });

  it("needs the cashier assignment and the return permission, and a bill the cashier may see", async () => {
    const sale = await sell([{ item: tea, quantity: "1" }], "5000");
    const body = { lines: [{ sale_line_fk: lineOf(sale, tea), quantity: "1" }] };
    const notCashier = await t.userWith(["pos_sales/return", "pos_sales/show"], { inventory_ids: [1] });
    const refused = await giveBack(sale.id, body, randomUUID(), notCashier.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.mustHaveCashier);
    const noRight = await t.userWith(["pos_sales/store"], { is_cashier: true, outlet_fk: 1, inventory_ids: [1] });
    expect((await giveBack(sale.id, body, randomUUID(), noRight.token)).status).toBe(403);
    const otherCashier = await t.userWith(["pos_sales/return"], { is_cashier: true, outlet_fk: 1, inventory_ids: [1] });
    expect((await giveBack(sale.id, body, randomUUID(), otherCashier.token)).status).toBe(404);
    // The walk-in customer has no account to credit.
    const onAccount = await giveBack(sale.id, { ...body, received_type: "On Account" });
    expect(onAccount.status).toBe(422);
    expect(onAccount.body.errors.received_type).toEqual([POS_MSG.returnOnAccountNeedsCustomer]);
    const badLine = await giveBack(sale.id, { lines: [{ sale_line_fk: 999999, quantity: "1" }] });
    expect(badLine.status).toBe(422);
    expect(badLine.body.errors["lines.0.sale_line_fk"]).toEqual([SALE_RETURN_MSG.lineNotOfSale]);
  });

  it("counts the returns in the drawer's closing: the returns total and the cash expected", async () => {
    const session = (await t.api("GET", "/api/pos/session", { token: cashier.token })).body.data;
    const [iqd, usd] = session.drawer.cash.map((c: { balance: string }) => Number(c.balance));
    const open = await q<{ n: number; total: string }>(sql`
      select count(*)::int n, coalesce(sum(total_sys), 0)::text total from pos_sale_info
       where user_fk = ${cashier.user_id} and kind = 'return' and closing_fk is null`);
    // So far: 10,000 + 5,000 (tea), 25,000 (formula in USD), 5,000 + 5,000 (the retried tea) = 50,000.
    expect(open[0]).toEqual({ n: 5, total: "50000.0000" });
    const closing = await t.api("POST", "/api/closing_drawers", {
      token: cashier.token,
      body: { counted_iqd: String(iqd), counted_usd: String(usd) },
    });
    expect(closing.status).toBe(201);
    expect(closing.body.data).toMatchObject({ invoices_count: 5, returns_total: "50000.0000", difference_total: "0.0000" });
    // The drawers expect the cash the sales brought less what the returns paid out: 20 − 16.892 USD.
    expect(closing.body.data.cash.map((c: { expected: string }) => Number(c.expected))).toEqual([iqd, usd]);
    expect(usd).toBeCloseTo(3.108, 3);
    const after = await q<{ n: number }>(sql`
      select count(*)::int n from pos_sale_info where user_fk = ${cashier.user_id} and kind = 'return' and closing_fk is null`);
    expect(after[0]!.n).toBe(0);
    await booksBalance();
  });
});

describe("pos_sale_info names its document by kind", () => {
  /** The SQLSTATE and constraint of a refused insert of a drawer row. */
  const refusal = async (kind: string, saleFk: number | null, returnFk: number | null) => {
    try {
      await t.database.db.execute(sql`
        insert into pos_sale_info (kind, sale_fk, sale_return_fk, user_fk) values (${kind}, ${saleFk}, ${returnFk}, ${cashier.user_id})`);
    } catch (err) {
      const e = (err as { cause?: { code?: string; constraint?: string } }).cause ?? (err as { code?: string; constraint?: string });
      return `${e.code} ${e.constraint}`;
    }
    return "saved";
  };

  it("refuses a row with the other kind's id, both ids, no id or an id of nothing", async () => {
    const sale = await sell([{ item: tea, quantity: "2" }], "10000");
    const res = await giveBack(sale.id, { lines: [{ sale_line_fk: lineOf(sale, tea), quantity: "1" }] });
    expect(res.status).toBe(201);
    const returnId = res.body.data.id as number;
    // A return's id where a sale's goes (as rows were kept before), and the other way round.
    expect(await refusal("return", returnId, null)).toBe("23514 pos_sale_info_document");
    expect(await refusal("sale", null, returnId)).toBe("23514 pos_sale_info_document");
    expect(await refusal("return", sale.id, returnId)).toBe("23514 pos_sale_info_document");
    expect(await refusal("sale", null, null)).toBe("23514 pos_sale_info_document");
    expect(await refusal("refund", null, returnId)).toBe("23514 pos_sale_info_document");
    // One row per document, and only documents that exist.
    expect(await refusal("sale", sale.id, null)).toBe("23505 pos_sale_info_sale_unique");
    expect(await refusal("return", null, returnId)).toBe("23505 pos_sale_info_sale_return_unique");
    expect(await refusal("return", null, 999999)).toBe("23503 pos_sale_info_sale_return_fk_sale_returns_id_fk");
    expect(await refusal("sale", 999999, null)).toBe("23503 pos_sale_info_sale_fk_sales_id_fk");
  });

  it("keeps a return made at the till from being deleted under its drawer", async () => {
    const sale = await sell([{ item: tea, quantity: "1" }], "5000");
    const res = await giveBack(sale.id, { lines: [{ sale_line_fk: lineOf(sale, tea), quantity: "1" }] });
    expect(res.status).toBe(201);
    const teaBefore = await onHand(tea);
    const refused = await t.api("DELETE", `/api/sale_returns/${res.body.data.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ id: ["is in use by other records"] });
    expect(await q(sql`select 1 from sale_returns where id = ${res.body.data.id}`)).toHaveLength(1);
    expect(await q(sql`select 1 from pos_sale_info where sale_return_fk = ${res.body.data.id}`)).toHaveLength(1);
    expect(await onHand(tea)).toBe(teaBefore);
    await booksBalance();
  });
});

describe("returns of one bill at the same time, on PostgreSQL", () => {
  it("24 tills return one pack each of a 10-pack line: exactly 10 come back, the rest told why, no other answer", async () => {
    const sale = await sell([{ item: tea, quantity: "10" }], "50000");
    const line = lineOf(sale, tea);
    const iqd = await balance(await drawer(1));
    const teaBefore = await onHand(tea);
    const infos = await count("pos_sale_info");
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => giveBack(sale.id, { lines: [{ sale_line_fk: line, quantity: "1" }] })),
    );
    const others = answers.filter((a) => a.status !== 201 && a.status !== 422).map((a) => `${a.status} ${JSON.stringify(a.body)}`);
    expect(others).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    for (const a of answers.filter((x) => x.status === 422)) expect(a.body.message).toBe(SALE_RETURN_MSG.moreThanSold);
    const back = await q<{ r: string }>(sql`
      select coalesce(sum(rl.quantity), 0)::text r from sale_return_lines rl where rl.sale_line_fk = ${line}`);
    expect(Number(back[0]!.r)).toBe(10);
    expect((await onHand(tea)) - teaBefore).toBe(10);
    expect((await balance(await drawer(1))).own - iqd.own).toBe(-50000);
    expect((await count("pos_sale_info")) - infos).toBe(10);
    const again = await giveBack(sale.id, { lines: [{ sale_line_fk: line, quantity: "1" }] });
    expect(again.status).toBe(422);
    await booksBalance();
  }, 180_000);
});
