import { overdueMessage, ZPosSale } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyHash } from "../../platform/idempotency.js";
import { dbHelpers, stockUp } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";
import { authUser, type BookingFixture, booked, PERMISSIONS, setUp } from "./pos-book.fixture.js";
import { answeredSql } from "./pos-write.js";

/**
 * The one POS booking path under many tills at once, with customers' credit and overdue terms,
 * every kind of sale together, the keys' answers and shops kept otherwise.
 */
let together: BookingFixture;
let customer = 0;

beforeAll(async () => {
  together = await setUp({});
  customer = together.customer;
}, 120_000);
afterAll(async () => {
  await together?.t.close();
});

describe("many tills at once, booked together", () => {
  it("sell on one customer's credit from 16 tills at once: never past his allowed debit, the rest told why, no other answer", async () => {
    const t = together.t;
    const { created, q } = dbHelpers(() => t);
    const item = (
      await created("/api/items", {
        item_name: "Rice sack",
        item_units: [{ unit_fk: together.piece, quantity: "1", price: "5000", is_base: true }],
      })
    ).item_id;
    const supplier = (await created("/api/suppliers", { consumer_name: "Kut Mills" })).consumer_id;
    await stockUp(t, supplier, [{ item_id: item, unit_id: together.piece, quantity: "100", unit_price: "3000" }]);
    const tills = [];
    for (let i = 0; i < 16; i++)
      tills.push(await t.userWith(PERMISSIONS, { is_cashier: true, outlet_fk: 1, inventory_ids: [1], user_name: `credit till ${i}` }));
    // Round one: each till's first sale (the drawer made); round two: the drawers there.
    for (const round of [1, 2]) {
      const clinic = (await created("/api/customers", { consumer_name: `Limited Clinic ${round}`, allowed_debit_amount: "20000" }))
        .consumer_id;
      const body = {
        client_created_at: new Date().toISOString(),
        customer_fk: clinic,
        lines: [{ item_fk: item, unit_fk: together.piece, quantity: "1" }],
        payments: [{ method: "credit", currency_id: 1, amount: "5000" }],
      };
      const answers = await Promise.all(
        tills.map((till, i) =>
          t.api("POST", "/api/pos_sales", { token: till.token, body, headers: { "idempotency-key": `credit-${round}-${i}` } }),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(4);
      expect(statuses.filter((s) => s === 422)).toHaveLength(12);
      for (const a of answers.filter((x) => x.status === 422))
        expect(a.body.message).toMatch(
          /^The customer's allowed debit amount is 20000; the balance is 20000 and this sale would make it 25000\.$/,
        );
      const [owed] = await q<{ b: string }>(sql`
        select coalesce(sum(b.sys_debit - b.sys_credit), 0)::text b from account_balances b
          join consumers c on b.account_id in (c.account_fk, c.account_usd_fk) where c.consumer_id = ${clinic}`);
      expect(Number(owed!.b)).toBe(20000);
    }
    const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
    expect(tb!.d).toBe(tb!.c);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  }, 60_000);

  it("sell the last 10 units to 24 tills: exactly 10 sales, 14 told why, no other answer, books and stock agree", async () => {
    const t = together.t;
    const { created, q } = dbHelpers(() => t);
    const item = (
      await created("/api/items", {
        item_name: "Last loaves",
        item_units: [{ unit_fk: together.piece, quantity: "1", price: "1000", is_base: true }],
      })
    ).item_id;
    const supplier = (await created("/api/suppliers", { consumer_name: "Erbil Bakery" })).consumer_id;
    await stockUp(t, supplier, [{ item_id: item, unit_id: together.piece, quantity: "10", unit_price: "600" }]);
    const sales = () => q<{ n: number }>(sql`select count(*)::int n from sales where kind = 'pos'`);
    const before = (await sales())[0]!.n;
    const keys = Array.from({ length: 24 }, (_, i) => `last-loaf-${i}`);
    const body = {
      client_created_at: new Date().toISOString(),
      lines: [{ item_fk: item, unit_fk: together.piece, quantity: "1" }],
      payments: [{ method: "cash", currency_id: 1, amount: "1000" }],
    };
    const answers = await Promise.all(
      keys.map((key) => t.api("POST", "/api/pos_sales", { token: together.cashier.token, body, headers: { "idempotency-key": key } })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(14);
    for (const a of answers.filter((x) => x.status === 422)) expect(a.body.message).toMatch(/^Not enough stock of Last loaves/);
    expect((await sales())[0]!.n).toBe(before + 10);
    const [stock] = await q<{ q: string }>(sql`select coalesce(sum(qty), 0)::text q from stock_balances where item_fk = ${item}`);
    expect(Number(stock!.q)).toBe(0);
    // Every key of a sale is stored once with its answer; a refused one left no key.
    const stored = await q<{ key: string; status_code: number }>(
      sql`select key, status_code from idempotency_keys where scope = 'pos_sales' and key like 'last-loaf-%'`,
    );
    expect(stored).toHaveLength(10);
    expect(stored.every((k) => k.status_code === 201)).toBe(true);
    const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
    expect(tb!.d).toBe(tb!.c);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
    // Sent again, every key answers its first answer and nothing more is sold.
    const again = await Promise.all(
      answers.map((a, i) =>
        a.status === 201
          ? t.api("POST", "/api/pos_sales", { token: together.cashier.token, body, headers: { "idempotency-key": keys[i]! } })
          : null,
      ),
    );
    again.forEach((a, i) => {
      if (a) expect(a.body).toEqual(answers[i]!.body);
    });
    expect((await sales())[0]!.n).toBe(before + 10);
  });

  it("answers one sale to a key sent twice in the same booking", async () => {
    const sent = {
      client_created_at: "2026-11-20T09:02:00.000Z",
      lines: [{ item_fk: together.tea, unit_fk: together.piece, quantity: "2" }],
      payments: [{ method: "cash", currency_id: 1, amount: "20000" }],
    };
    const user = await authUser(together);
    const sale = {
      user,
      ip: "127.0.0.1",
      now: new Date(),
      input: ZPosSale.parse(sent),
      body: sent,
      key: "twice-in-one",
      hash: bodyHash(sent),
    };
    const [first, second] = await booked(together.t.app, [sale, sale]);
    expect(first?.status).toBe(201);
    // The second is booked after the first and finds its key: the same answer, sent again.
    expect(second?.status).toBe(201);
    expect(second?.replayed).toBe(true);
    expect(second?.body).toEqual(first!.body);
    const replay = await together.t.api("POST", "/api/pos_sales", {
      token: together.cashier.token,
      body: sent,
      headers: { "idempotency-key": "twice-in-one" },
    });
    expect(replay.status).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body).toEqual(first!.body);
  });
});

describe("a customer with overdue terms", () => {
  it("is warned on each receipt of a booking of what the sales before it left owing, as the receipts read back", async () => {
    const { created } = dbHelpers(() => together.t);
    const shop = (await created("/api/customers", { consumer_name: "Slow Payer", overdue_type: "all" })).consumer_id;
    const user = await authUser(together);
    const bodies = [1, 2, 3].map((n) => ({
      client_created_at: new Date().toISOString(),
      customer_fk: shop,
      lines: [{ item_fk: together.tea, unit_fk: together.piece, quantity: "1" }],
      payments: [{ method: "credit", currency_id: 1, amount: "5000" }],
      note: `slow ${n}`,
    }));
    const answers = await booked(
      together.t.app,
      bodies.map((body, i) => ({
        user,
        ip: "127.0.0.1",
        now: new Date(),
        input: ZPosSale.parse(body),
        body,
        key: `slow-${i}`,
        hash: bodyHash(body),
      })),
    );
    expect(answers.map((a) => a?.status)).toEqual([201, 201, 201]);
    const warned = answers.map((a) => (a!.body as { data: { warnings: string[] } }).data.warnings);
    expect(warned).toEqual([[], [overdueMessage(1, "5000", 0)], [overdueMessage(2, "10000", 0)]]);
    // The last receipt read back warns as it did (the others count the sales booked after them).
    const id = (answers[2]!.body as { data: { id: number } }).data.id;
    const back = await together.t.api("GET", `/api/pos_sales/${id}`, { token: together.cashier.token });
    expect(back.body.data.warnings).toEqual(warned[2]);
  });
});

describe("every kind of sale at once", () => {
  it("cash, credit and offline sales at once on 12 units: 12 sold, the rest refused or kept for review, no other answer", async () => {
    const t = together.t;
    const { created, q } = dbHelpers(() => t);
    const item = (
      await created("/api/items", {
        item_name: "Mixed dates",
        item_units: [{ unit_fk: together.piece, quantity: "1", price: "2000", is_base: true }],
      })
    ).item_id;
    const supplier = (await created("/api/suppliers", { consumer_name: "Basra Dates" })).consumer_id;
    await stockUp(t, supplier, [{ item_id: item, unit_id: together.piece, quantity: "12", unit_price: "1500" }]);
    const line = [{ item_fk: item, unit_fk: together.piece, quantity: "1" }];
    const now = new Date().toISOString();
    const bodies = [
      ...Array.from({ length: 16 }, () => ({
        client_created_at: now,
        lines: line,
        payments: [{ method: "cash", currency_id: 1, amount: "2000" }],
      })),
      ...Array.from({ length: 4 }, () => ({
        client_created_at: now,
        customer_fk: customer,
        lines: line,
        payments: [{ method: "credit", currency_id: 1, amount: "1900" }],
      })),
      ...Array.from({ length: 4 }, () => ({
        client_created_at: now,
        offline: true,
        lines: line,
        payments: [{ method: "cash", currency_id: 1, amount: "2000" }],
      })),
    ];
    const answers = await Promise.all(
      bodies.map((body, i) =>
        t.api("POST", "/api/pos_sales", { token: together.cashier.token, body, headers: { "idempotency-key": `mixed-sale-${i}` } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 202 || s === 422)).toBe(true);
    expect(statuses.filter((s) => s === 201)).toHaveLength(12);
    // Offline sales are never refused: what cannot be booked waits for a manager.
    expect(statuses.slice(20).every((s) => s === 201 || s === 202)).toBe(true);
    const [stock] = await q<{ q: string }>(sql`select coalesce(sum(qty), 0)::text q from stock_balances where item_fk = ${item}`);
    expect(Number(stock!.q)).toBe(0);
    const [sold] = await q<{ n: number }>(
      sql`select count(distinct s.id)::int n from sales s join sale_lines l on l.sale_fk = s.id where l.item_fk = ${item} and s.status = 'complete'`,
    );
    expect(sold!.n).toBe(12);
    const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
    expect(tb!.d).toBe(tb!.c);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}
const nodesOf = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

describe("the keys' answers", () => {
  it("are stored through the primary key, not by reading every key ever stored", async () => {
    const t = together.t;
    const { q } = dbHelpers(() => t);
    // A few thousand keys, as a shop has after some days of selling, and the planner told so.
    await q(sql`
      insert into idempotency_keys (scope, key, user_id, body_hash, status_code, response)
      select 'pos_sales', 'older-' || i, null, 'hash', 201, '{}'::jsonb from generate_series(1, 5000) as i`);
    await q(sql`analyze idempotency_keys`);
    try {
      const update = answeredSql([
        { key: "older-17", response: '{"message":"Added.","data":{"id":17}}', user_id: null, record_id: "older-17", ip: "10.0.0.7" },
        { key: "older-4242", response: '{"message":"Added.","data":{"id":4242}}', user_id: null, record_id: "older-4242", ip: null },
      ]);
      const [explained] = await q<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(sql`explain (format json) ${update}`);
      const read = nodesOf(explained!["QUERY PLAN"][0].Plan).filter(
        (n) => n["Relation Name"] === "idempotency_keys" && n["Node Type"] !== "ModifyTable",
      );
      expect(read.map((n) => [n["Node Type"], n["Index Name"]])).toEqual([["Index Scan", "idempotency_keys_scope_key_pk"]]);
      await q(update);
      expect(await q(sql`select key, response from idempotency_keys where key in ('older-17', 'older-4242') order by key`)).toEqual([
        { key: "older-17", response: { message: "Added.", data: { id: 17 } } },
        { key: "older-4242", response: { message: "Added.", data: { id: 4242 } } },
      ]);
      // Each with its audit row, in the order given, whose `after` is the answer's data.
      expect(
        await q(
          sql`select module, action, record_id, before, after, host(ip) as ip from audit_logs where record_id like 'older-%' order by id`,
        ),
      ).toEqual([
        { module: "pos_sales", action: "create", record_id: "older-17", before: null, after: { id: 17 }, ip: "10.0.0.7" },
        { module: "pos_sales", action: "create", record_id: "older-4242", before: null, after: { id: 4242 }, ip: null },
      ]);
    } finally {
      await q(sql`delete from idempotency_keys where key like 'older-%'`);
      // The audit rows stay: the audit log is append-only.
    }
  });
});

describe("shops kept otherwise", () => {
  it("sell below zero where the system allows it, and in dollars where the books are kept in them", async () => {
    const t = together.t;
    const { created, q } = dbHelpers(() => t);
    const item = (
      await created("/api/items", {
        item_name: "Sold ahead",
        item_units: [{ unit_fk: together.piece, quantity: "1", price: "1000", is_base: true }],
      })
    ).item_id;
    const supplier = (await created("/api/suppliers", { consumer_name: "Ahead Foods" })).consumer_id;
    await stockUp(t, supplier, [{ item_id: item, unit_id: together.piece, quantity: "2", unit_price: "600" }]);
    const sell = (body: Record<string, unknown>, key: string) =>
      t.api("POST", "/api/pos_sales", {
        token: together.cashier.token,
        body: { client_created_at: new Date().toISOString(), confirmed: true, ...body },
        headers: { "idempotency-key": key },
      });
    const onHand = async () =>
      Number((await q<{ q: string }>(sql`select coalesce(sum(qty), 0)::text q from stock_balances where item_fk = ${item}`))[0]!.q);
    const balanced = async () => {
      const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
      expect(tb!.d).toBe(tb!.c);
    };
    const five = {
      lines: [{ item_fk: item, unit_fk: together.piece, quantity: "5" }],
      payments: [{ method: "cash", currency_id: 1, amount: "5000" }],
    };
    expect((await sell(five, "ahead-refused")).status).toBe(422);
    expect(await onHand()).toBe(2);
    await t.database.db.execute(sql`update system_config set allow_negative_stock = true`);
    try {
      const sold = await sell(five, "ahead-sold");
      expect(sold.status).toBe(201);
      expect(await onHand()).toBe(-3);
      // The balance is what its movements add up to (below zero, as allowed).
      const [moved] = await q<{ q: string }>(sql`select coalesce(sum(qty), 0)::text q from stock_movements where item_fk = ${item}`);
      expect(Number(moved!.q)).toBe(-3);
      await balanced();
    } finally {
      await t.database.db.execute(sql`update system_config set allow_negative_stock = false`);
    }

    // Books in dollars: the bill in dollars (to the cent, the rest a rounding discount), the change
    // in whole dollars and the rest in dinars, the entries balanced in dollars.
    await stockUp(t, supplier, [{ item_id: item, unit_id: together.piece, quantity: "10", unit_price: "600" }]);
    await t.database.db.execute(sql`update system_config set currency_fk = 2`);
    try {
      const [rate] = await q<{ r: string }>(sql`select in_rate::text r from currency_rates order by date desc, rate_id desc limit 1`);
      const usd = await sell(
        {
          lines: [{ item_fk: item, unit_fk: together.piece, quantity: "1", discount_type: "percent", discount: "3.333" }],
          payments: [{ method: "cash", currency_id: 2, amount: "1001" }],
          change_currency_id: 2,
        },
        "in-dollars",
      );
      expect(usd.status).toBe(201);
      const d = usd.body.data;
      expect(d.currency_id).toBe(2);
      expect(d.total).toBe("966.670");
      expect(d.change.currency_id).toBe(2);
      expect(d.change.amount).toBe("34");
      // 0.33 USD at the in-rate, down to the smallest IQD note.
      const iqd = Math.floor((0.33 * Number(rate!.r)) / 250) * 250;
      expect(Number(d.change.amount_iqd)).toBe(iqd);
      await balanced();
    } finally {
      await t.database.db.execute(sql`update system_config set currency_fk = 1`);
    }
  });
});
