import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

let t: TestApp;
let cashier: { token: string; user_id: number };
beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.userWith(
    ["pos_sales/store", "pos_sales/open_drawer", "closing_drawers/store", "closing_drawers/show", "closing_drawers/index"],
    {
      is_cashier: true,
      outlet_fk: 1,
      user_name: "drawer cashier",
      user_code: "C7",
      inventory_ids: [1],
    },
  );
  const pin = await t.api("POST", "/api/user_pins", { body: { name: "pin", pin: "2580", user_id: cashier.user_id } });
  expect(pin.status).toBe(201);
});
afterAll(() => t.close());

const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => (await t.database.db.execute<T>(query)).rows;
const balanceOf = async (key: string) =>
  (
    await q<{ b: string }>(
      sql`select coalesce(sum(l.sys_debit - l.sys_credit), 0)::text b from journal_lines l join accounts a on a.account_id = l.account_id where a.system_key = ${key}`,
    )
  )[0]!.b;
const trialBalance = async () =>
  (
    await q<{ d: string; c: string }>(
      sql`select coalesce(sum(sys_debit),0)::text d, coalesce(sum(sys_credit),0)::text c from journal_lines`,
    )
  )[0]!;

describe("POS session", () => {
  it("refuses a user without the main-cashier assignment with SPEC's text", async () => {
    const plain = await t.userWith(["pos_sales/store"], { outlet_fk: 1 });
    const res = await t.api("GET", "/api/pos/session", { token: plain.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.mustHaveCashier);
  });

  it("tells the cashier where they sell, the rates, the smallest notes and the walk-in customer", async () => {
    const res = await t.api("GET", "/api/pos/session", { token: cashier.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      cashier: { user_id: cashier.user_id, user_name: "drawer cashier" },
      outlet: { outlet_id: 1 },
      smallest_iqd_amount: "250",
      smallest_usd_amount: "1",
      fib_account: null,
      walk_in_customer: { consumer_name: "Walk-in Customer" },
      drawer: { receipts: 0, since: null },
    });
    expect(res.body.data.permissions).toContain("pos_sales/open_drawer");
    expect(res.body.data.permissions).not.toContain("pos_admin_sales/view_all");
  });

  it("keeps the FIB account and the smallest notes in the POS settings; a non-bank account is refused", async () => {
    const bank = await t.api("POST", "/api/cashes", { body: { account_name: "FIB", cash_type: 2, currency_id: 1 } });
    expect(bank.status).toBe(201);
    const bad = await t.api("POST", "/api/pos/settings", {
      body: { fib_account_fk: 1, smallest_iqd_amount: "250", smallest_usd_amount: "1" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.fib_account_fk).toEqual(["The selected account is invalid."]);
    const ok = await t.api("POST", "/api/pos/settings", {
      body: { fib_account_fk: bank.body.data.account_id, smallest_iqd_amount: "500", smallest_usd_amount: "1" },
    });
    expect(ok.status).toBe(200);
    const session = await t.api("GET", "/api/pos/session", { token: cashier.token });
    expect(session.body.data.fib_account).toEqual({ account_id: bank.body.data.account_id, account_name: "FIB" });
    expect(session.body.data.smallest_iqd_amount).toBe("500");
    const cannot = await t.api("POST", "/api/pos/settings", {
      token: cashier.token,
      body: { smallest_iqd_amount: "250", smallest_usd_amount: "1" },
    });
    expect(cannot.status).toBe(403);
  });
});

describe("opening the drawer and switching cashier", () => {
  it("records who opened the drawer, when and why", async () => {
    const res = await t.api("POST", "/api/pos/open_drawer", { token: cashier.token, body: { reason: "change for a customer" } });
    expect(res.status).toBe(201);
    const rows = await q<{ user_fk: number; reason: string }>(sql`select user_fk, reason from drawer_openings`);
    expect(rows).toEqual([{ user_fk: cashier.user_id, reason: "change for a customer" }]);
    const empty = await t.api("POST", "/api/pos/open_drawer", { token: cashier.token, body: { reason: " " } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.reason).toEqual(["The reason field is required."]);
  });

  it("hands the POS to another cashier of the outlet by PIN, audited, and refuses a wrong PIN", async () => {
    const other = await t.userWith(["pos_sales/store"], {
      is_cashier: true,
      outlet_fk: 1,
      user_name: "second cashier",
      inventory_ids: [1],
    });
    await t.api("POST", "/api/user_pins", { body: { name: "pin2", pin: "3691", user_id: other.user_id } });
    const wrong = await t.api("POST", "/api/pos/switch_cashier", { token: cashier.token, body: { user: other.user_id, pin: "1357" } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.pin).toEqual([MSG.pinWrong]);
    const res = await t.api("POST", "/api/pos/switch_cashier", { token: cashier.token, body: { user: other.user_id, pin: "3691" } });
    expect(res.status).toBe(200);
    expect(res.body.user_name).toBe("second cashier");
    const session = await t.api("GET", "/api/pos/session", { token: res.body.access_token });
    expect(session.body.data.cashier.user_id).toBe(other.user_id);
    const audit = await q<{ before: { user_id: number }; record_id: string }>(
      sql`select before, record_id from audit_logs where module = 'pos_sales' and action = 'switch_cashier'`,
    );
    expect(audit).toEqual([{ before: { user_id: cashier.user_id, user_name: "drawer cashier" }, record_id: String(other.user_id) }]);
  });
});

describe("closing the drawer", () => {
  it("posts cash over and then cash short to Cash Over and Short, the drawer's books following the count", async () => {
    // Nothing sold: the books expect 0; 5,000 IQD and 2 USD counted are cash over.
    const first = await t.api("POST", "/api/closing_drawers", { token: cashier.token, body: { counted_iqd: "5000", counted_usd: "2" } });
    expect(first.status).toBe(201);
    const rate = (await t.api("GET", "/api/pos/session", { token: cashier.token })).body.data.in_rate as string;
    expect(first.body.data).toMatchObject({ number: "ZC-000001", code: "C7-1", receipts_count: 0, opened_at: null });
    expect(first.body.data.cash.map((c: Record<string, string>) => [c.currency_id, c.expected, c.counted, c.difference])).toEqual([
      [1, "0.0000", "5000.0000", "5000.0000"],
      [2, "0.0000", "2.0000", "2.0000"],
    ]);
    const over = 5000 + 2 * Number(rate);
    expect(Number(first.body.data.difference_total)).toBe(over);
    expect(Number(await balanceOf("cash_over_short"))).toBe(-over);

    // 4,750 IQD counted against 5,000 expected: 250 short; USD agrees.
    const second = await t.api("POST", "/api/closing_drawers", { token: cashier.token, body: { counted_iqd: "4750", counted_usd: "2" } });
    expect(second.status).toBe(201);
    expect(second.body.data.code).toBe("C7-2");
    expect(second.body.data.opened_at).toBe(first.body.data.closed_at);
    expect(second.body.data.cash.map((c: Record<string, string>) => [c.expected, c.counted, c.difference])).toEqual([
      ["5000.0000", "4750.0000", "-250.0000"],
      ["2.0000", "2.0000", "0.0000"],
    ]);
    expect(Number(second.body.data.difference_total)).toBe(-250);
    const entry = await q<{ system_key: string | null; debit: string; credit: string }>(sql`
      select a.system_key, l.debit::text, l.credit::text from journal_lines l join journal_entries e on e.entry_id = l.entry_id
        join accounts a on a.account_id = l.account_id
       where e.source_type = 'closing_drawers' and e.source_id = ${second.body.data.id} order by l.debit desc`);
    expect(entry).toEqual([
      { system_key: "cash_over_short", debit: "250.0000", credit: "0.0000" },
      { system_key: null, debit: "0.0000", credit: "250.0000" },
    ]);
    expect(Number(await balanceOf("cash_over_short"))).toBe(-over + 250);
    const tb = await trialBalance();
    expect(tb.d).toBe(tb.c);

    const session = await t.api("GET", "/api/pos/session", { token: cashier.token });
    expect(session.body.data.drawer.since).toBe(second.body.data.closed_at);
    expect(session.body.data.drawer.cash.map((c: { balance: string }) => Number(c.balance))).toEqual([4750, 2]);
  });

  it("lists the cashier's own closings; another cashier's drawer is for a manager", async () => {
    const list = await t.api("GET", "/api/closing_drawers", { token: cashier.token });
    expect(list.status).toBe(200);
    expect(list.body.data.data.map((r: { code: string }) => r.code)).toEqual(["C7-2", "C7-1"]);
    const others = await t.api("POST", "/api/closing_drawers", {
      token: cashier.token,
      body: { user_fk: 1, counted_iqd: "0", counted_usd: "0" },
    });
    expect(others.status).toBe(403);
    // Which drawers are open is for a manager too; the manager (here the super user) sees the
    // cashier's, with what waits in it, and closes it for them.
    expect((await t.api("GET", "/api/closing_drawers/open", { token: cashier.token })).status).toBe(403);
    const open = await t.api("GET", "/api/closing_drawers/open");
    expect(open.status).toBe(200);
    expect(open.body.data).toContainEqual({ user_id: cashier.user_id, user_name: "drawer cashier", receipts: 0, returns: 0 });
    const forThem = await t.api("POST", "/api/closing_drawers", {
      body: { user_fk: cashier.user_id, counted_iqd: "4750", counted_usd: "2" },
    });
    expect(forThem.status).toBe(201);
    expect(forThem.body.data).toMatchObject({ user_fk: cashier.user_id, code: "C7-3" });
    const bad = await t.api("POST", "/api/closing_drawers", { token: cashier.token, body: { counted_iqd: "-5", counted_usd: "x" } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["counted_iqd", "counted_usd"]);
  });
});
