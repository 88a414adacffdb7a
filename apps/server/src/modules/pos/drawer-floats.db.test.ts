import { DRAWER_ACCOUNT_REFUSED, FLOAT_IN_CLOSING, MSG, NOT_A_CASHIER, notEnoughBalanceMessage } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/** Opening floats: cash from the safe into a cashier's drawer, counted at the drawer's closing. */
let t: TestApp;
let cashier: { token: string; user_id: number };
let incomeType = 0;

const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute<T>(query)).rows;
const created = async (url: string, body: unknown) => {
  const res = await t.api("POST", url, { body });
  if (res.status !== 201) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};
const balanceOf = async (id: number) => (await t.api("GET", `/api/cash_balance_show?account_id=${id}`)).body.data.balance as string;
/** A cash account (the safe) holding `amount` of its currency. */
const safe = async (name: string, currency: number, amount: string) => {
  const id = (await created("/api/cashes", { account_name: name, cash_type: 1, currency_id: currency })).account_id as number;
  if (amount !== "0")
    await created("/api/incomes", { type_id: incomeType, account_id: id, currency_id: currency, amount, payment_time: "08:00" });
  return id;
};
const drawerOf = async (userId: number, currency: number) =>
  Number((await q<{ a: number }>(sql`select account_fk a from pos_drawers where user_fk = ${userId} and currency_id = ${currency}`))[0]!.a);
const entryLines = async (id: number) =>
  q<{ account_id: number; debit: string; credit: string; sys_debit: string; sys_credit: string }>(sql`
    select l.account_id, l.debit::text, l.credit::text, l.sys_debit::text, l.sys_credit::text
      from journal_lines l join journal_entries e on e.entry_id = l.entry_id
     where e.source_type = 'drawer_floats' and e.source_id = ${id} order by l.line_id`);
/** Everything the books hold: entries, lines and the balances of every account. */
const books = async () =>
  q(sql`select (select count(*)::int from journal_entries) entries, (select count(*)::int from journal_lines) lines,
               (select coalesce(sum(debit - credit), 0)::text from account_balances) net,
               (select string_agg(account_id || ':' || (debit - credit)::text, ',' order by account_id, day) from account_balances) per_account,
               (select count(*)::int from drawer_floats) floats`);
const trialBalance = async () => {
  const [tb] = await q<{ d: string; c: string }>(
    sql`select coalesce(sum(sys_debit),0)::text d, coalesce(sum(sys_credit),0)::text c from journal_lines`,
  );
  expect(tb!.d).toBe(tb!.c);
};

beforeAll(async () => {
  t = await createTestApp();
  await created("/api/currency_rates", { rate: "1470", in_rate: "1480" });
  incomeType = (await created("/api/income_types", { type_name: "Capital in" })).type_id;
  cashier = await t.userWith(["pos_sales/store", "closing_drawers/store", "closing_drawers/show", "closing_drawers/index"], {
    is_cashier: true,
    outlet_fk: 1,
    inventory_ids: [1],
    user_name: "float cashier",
    user_code: "F1",
  });
});
afterAll(() => t?.close());

describe("opening float", () => {
  it("moves the float from the safe into the cashier's drawer in one entry, counted in the closing and on the Z report", async () => {
    const safeIqd = await safe("Safe IQD", 1, "1000000");
    const res = await t.api("POST", "/api/pos/drawer-floats", {
      body: { user_fk: cashier.user_id, currency_id: 1, amount: "250000", from_account_fk: safeIqd, note: "small notes" },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MSG.added);
    expect(res.body.data).toMatchObject({
      number: "FL-000001",
      user_fk: cashier.user_id,
      user_name: "float cashier",
      currency_id: 1,
      amount: "250000.000",
      from_account_fk: safeIqd,
      from_account_name: "Safe IQD",
      closing_fk: null,
      note: "small notes",
    });
    const drawer = await drawerOf(cashier.user_id, 1);
    expect(res.body.data.account_fk).toBe(drawer);
    expect(await entryLines(res.body.data.id)).toEqual([
      { account_id: drawer, debit: "250000.0000", credit: "0.0000", sys_debit: "250000.0000", sys_credit: "0.0000" },
      { account_id: safeIqd, debit: "0.0000", credit: "250000.0000", sys_debit: "0.0000", sys_credit: "250000.0000" },
    ]);
    expect(Number(await balanceOf(safeIqd))).toBe(750000);
    expect(Number(await balanceOf(drawer))).toBe(250000);
    await trialBalance();
    // The safe's general ledger names the float by its number.
    const gl = await t.api("GET", `/api/financial_reports/general_ledger?account_id=${safeIqd}`);
    expect(gl.status).toBe(200);
    expect(gl.body.data.data.map((r: { source_no: string | null }) => r.source_no)).toContain("FL-000001");

    // The open floats, the cashier's own; the till's drawer holds it.
    const open = await t.api("GET", `/api/pos/drawer-floats?user_fk=${cashier.user_id}&open=1`, { token: cashier.token });
    expect(open.status).toBe(200);
    expect(open.body.data.map((f: { id: number }) => f.id)).toEqual([res.body.data.id]);
    const session = await t.api("GET", "/api/pos/session", { token: cashier.token });
    expect(session.body.data.drawer.cash.map((c: { balance: string }) => Number(c.balance))).toEqual([250000, 0]);

    // The count matches the float: no over, no short. The Z report names the float.
    const closing = await t.api("POST", "/api/closing_drawers", {
      token: cashier.token,
      body: { counted_iqd: "250000", counted_usd: "0" },
    });
    expect(closing.status).toBe(201);
    const z = closing.body.data;
    expect(z.cash.map((c: Record<string, string>) => [c.currency_id, c.expected, c.counted, c.difference, c.opening_float])).toEqual([
      [1, "250000.0000", "250000.0000", "0.0000", "250000.000"],
      [2, "0.0000", "0.0000", "0.0000", "0"],
    ]);
    expect(Number(z.difference_total)).toBe(0);
    expect(z.floats).toEqual([
      expect.objectContaining({
        id: res.body.data.id,
        number: "FL-000001",
        currency_id: 1,
        amount: "250000.000",
        from_account_name: "Safe IQD",
      }),
    ]);
    const shown = await t.api("GET", `/api/closing_drawers/${z.id}`, { token: cashier.token });
    expect(shown.body.data.floats).toHaveLength(1);
    const [row] = await q<{ closing_fk: number }>(sql`select closing_fk from drawer_floats where id = ${res.body.data.id}`);
    expect(row!.closing_fk).toBe(z.id);
    const none = await t.api("GET", `/api/pos/drawer-floats?user_fk=${cashier.user_id}&open=1`);
    expect(none.body.data).toEqual([]);

    // A float a closing counted stays.
    const del = await t.api("DELETE", `/api/pos/drawer-floats/${res.body.data.id}`);
    expect(del.status).toBe(422);
    expect(del.body.errors.id).toEqual([FLOAT_IN_CLOSING]);
  });

  it("a USD float leaves the safe at its carrying value: no exchange difference", async () => {
    const safeUsd = await safe("Safe USD", 2, "500");
    const res = await t.api("POST", "/api/pos/drawer-floats", {
      body: { user_fk: cashier.user_id, currency_id: 2, amount: "100", from_account_fk: safeUsd },
    });
    expect(res.status).toBe(201);
    const drawer = await drawerOf(cashier.user_id, 2);
    const lines = await entryLines(res.body.data.id);
    expect(lines.map((l) => [l.account_id, l.debit, l.credit])).toEqual([
      [drawer, "100.0000", "0.0000"],
      [safeUsd, "0.0000", "100.0000"],
    ]);
    expect(lines[0]!.sys_debit).toBe(lines[1]!.sys_credit);
    expect(Number(await balanceOf(drawer))).toBe(100);
    await trialBalance();
  });

  it("refuses a float the safe does not cover, naming the safe and what it holds; the books stay", async () => {
    const small = await safe("Small safe", 1, "50000");
    const before = await books();
    const res = await t.api("POST", "/api/pos/drawer-floats", {
      body: { user_fk: cashier.user_id, currency_id: 1, amount: "60000", from_account_fk: small },
    });
    expect(res.status).toBe(422);
    const msg = notEnoughBalanceMessage("Small safe", "50000", "IQD");
    expect(res.body.message).toBe(msg);
    expect(res.body.errors.amount).toEqual([msg]);
    expect(await books()).toEqual(before);
  });

  it("checks the cashier, the currency, the amount and the account", async () => {
    const safeIqd = await safe("Safe checks", 1, "5000000");
    const safeUsd = await safe("Safe checks USD", 2, "100");
    const before = await books();
    const post = (body: Record<string, unknown>) =>
      t.api("POST", "/api/pos/drawer-floats", {
        body: { user_fk: cashier.user_id, currency_id: 1, amount: "1000", from_account_fk: safeIqd, ...body },
      });
    const plain = await t.userWith(["pos_sales/store"], { outlet_fk: 1 });
    expect((await post({ user_fk: plain.user_id })).body.errors.user_fk).toEqual([NOT_A_CASHIER]);
    expect(Object.keys((await post({ amount: "0" })).body.errors)).toEqual(["amount"]);
    expect(Object.keys((await post({ amount: "-5" })).body.errors)).toEqual(["amount"]);
    expect(Object.keys((await post({ currency_id: 3 })).body.errors)).toEqual(["currency_id"]);
    expect((await post({ currency_id: 2 })).body.errors.from_account_fk).toEqual(["The from account must be in the float's currency."]);
    expect((await post({ currency_id: 2, from_account_fk: safeUsd, amount: "0.5" })).status).toBe(422);
    const drawer = await drawerOf(cashier.user_id, 1);
    expect((await post({ from_account_fk: drawer })).body.errors.from_account_fk).toEqual([DRAWER_ACCOUNT_REFUSED]);
    // 2,000,000 IQD is forty 50,000 notes: asked about first.
    const big = await post({ amount: "2000000" });
    expect(big.status).toBe(422);
    expect(big.body.errors.confirmed[0]).toMatch(/^The float is 2000000 IQD, more than 20 notes of 50000 IQD/);
    expect(await books()).toEqual(before);
    const yes = await post({ amount: "2000000", confirmed: true });
    expect(yes.status).toBe(201);
    expect((await t.api("DELETE", `/api/pos/drawer-floats/${yes.body.data.id}`)).status).toBe(200);
  });

  it("is refused without the permission, and a cashier gives no float to another cashier's drawer", async () => {
    const safeIqd = await safe("Safe perms", 1, "100000");
    const before = await books();
    const noKey = await t.userWith(["closing_drawers/index"], { is_cashier: true, outlet_fk: 1, inventory_ids: [1] });
    const body = { user_fk: noKey.user_id, currency_id: 1, amount: "1000", from_account_fk: safeIqd };
    expect((await t.api("POST", "/api/pos/drawer-floats", { token: noKey.token, body })).status).toBe(403);
    const other = await t.api("POST", "/api/pos/drawer-floats", { token: cashier.token, body });
    expect(other.status).toBe(403);
    expect(await books()).toEqual(before);
    const ok = await t.api("POST", "/api/pos/drawer-floats", { body });
    expect(ok.status).toBe(201);
    expect((await t.api("DELETE", `/api/pos/drawer-floats/${ok.body.data.id}`, { token: noKey.token })).status).toBe(403);
    expect(
      (await t.api("GET", "/api/pos/drawer-floats", { token: cashier.token })).body.data.every(
        (f: { user_fk: number }) => f.user_fk === cashier.user_id,
      ),
    ).toBe(true);
  });

  it("deleting a float reverses its entry: the cash is back in the safe", async () => {
    const safeIqd = await safe("Safe back", 1, "300000");
    const drawer = await drawerOf(cashier.user_id, 1);
    const drawerBefore = await balanceOf(drawer);
    const res = await t.api("POST", "/api/pos/drawer-floats", {
      body: { user_fk: cashier.user_id, currency_id: 1, amount: "100000", from_account_fk: safeIqd },
    });
    expect(res.status).toBe(201);
    expect(Number(await balanceOf(safeIqd))).toBe(200000);
    const del = await t.api("DELETE", `/api/pos/drawer-floats/${res.body.data.id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(MSG.deleted);
    expect(Number(await balanceOf(safeIqd))).toBe(300000);
    expect(await balanceOf(drawer)).toBe(drawerBefore);
    const entries = await q<{ reversal_of: number | null }>(
      sql`select reversal_of from journal_entries where source_type = 'drawer_floats' and source_id = ${res.body.data.id} order by entry_id`,
    );
    expect(entries).toHaveLength(2);
    expect(entries[1]!.reversal_of).not.toBeNull();
    expect(await q(sql`select 1 from drawer_floats where id = ${res.body.data.id}`)).toEqual([]);
    expect((await t.api("DELETE", `/api/pos/drawer-floats/${res.body.data.id}`)).status).toBe(404);
    await trialBalance();
  });
});

describe("concurrent floats on PostgreSQL", () => {
  it("12 floats at once from a safe that covers 5: exactly 5 booked, the rest refused, never a conflict", async () => {
    const safeIqd = await safe("Busy safe", 1, "50000");
    const drawer = await drawerOf(cashier.user_id, 1);
    const drawerBefore = Number(await balanceOf(drawer));
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.api("POST", "/api/pos/drawer-floats", {
          body: { user_fk: cashier.user_id, currency_id: 1, amount: "10000", from_account_fk: safeIqd, note: `#${i}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 422)).toHaveLength(7);
    for (const r of results.filter((r) => r.status === 422))
      expect(r.body.message).toMatch(/^No Enough Balance in Busy safe: \d+ IQD available\.$/);
    expect(Number(await balanceOf(safeIqd))).toBe(0);
    expect(Number(await balanceOf(drawer))).toBe(drawerBefore + 50000);
    const [n] = await q<{ n: number }>(sql`select count(*)::int n from drawer_floats where from_account_fk = ${safeIqd}`);
    expect(n!.n).toBe(5);
    const numbers = results.filter((r) => r.status === 201).map((r) => r.body.data.number as string);
    expect(new Set(numbers).size).toBe(5);
    await trialBalance();
  });
});
