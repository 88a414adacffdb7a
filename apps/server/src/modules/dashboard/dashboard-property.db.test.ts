import { SUPER_USER_ID } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { businessTimeZone } from "../../platform/business-time.js";
import { dbHelpers, salesFixture } from "../sales/sales.fixture.js";
import { dashboard } from "./dashboard.js";
import { compactDashboard } from "./dashboard.summary.js";

/**
 * Random sequences of documents (sales in either currency and inventory, completed, returned to
 * draft and completed again, deleted; returns saved and deleted) give the same figures from the
 * summary rows as from the documents, for random periods and filters, before and after the
 * compaction folds the past days.
 */
const superUser = {
  user_id: SUPER_USER_ID,
  user_name: "admin",
  email: "",
  outlet_fk: null,
  is_cashier: false,
  permissions: new Set<string>(),
  inventory_ids: [],
  jti: "",
  token_exp: 0,
};
let t: TestApp;
let box = 0;
let piece = 0;
let items: number[] = [];
let customers: number[] = [];
let inventory2 = 0;
let usdTill = 0;
let mainCash = 0;
const { created, ok, q } = dbHelpers(() => t);

/** A small seeded generator (mulberry32), so a failure can be run again. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  const f = await salesFixture({ rate: { rate: "1500", in_rate: "1500", date: "2026-10-01 08:00:00" } });
  t = f.t;
  ({ box, piece, usdTill } = f);
  mainCash = Number((await q<{ id: number }>(sql`select default_account_fk id from system_config where id = 1`))[0]!.id);
  items = [f.amox, f.soap];
  customers = [f.customer, (await created("/api/customers", { consumer_name: "Kirkuk Store" })).consumer_id];
  const outlet2 = (await created("/api/outlets_store", { outlet_name: "Kirkuk Branch" })).outlet_id;
  inventory2 = (await created("/api/inventories", { inventory_name: "Kirkuk Store", outlet_fk: outlet2 })).inventory_id;
  for (const inventory of [1, inventory2]) {
    const p = await created("/api/purchases", {
      consumer_id: f.supplier,
      date: "2026-10-31 09:00",
      inventory_id: inventory,
      currency_id: 1,
      discount_type: "amount",
      payment_type: "On Account",
      lines: [
        { item_id: f.amox, unit_id: box, quantity: "200", unit_price: "15000" },
        { item_id: f.soap, unit_id: piece, quantity: "2000", unit_price: "600" },
      ],
    });
    await ok(`/api/purchases/${p.id}/complete`);
  }
}, 120_000);
afterAll(() => t?.close());

/** Periods holding November (folded) or December (today's month) whole, or neither. */
const WHOLE_MONTH_PERIODS: [string, string][] = [
  ["2026-11-01", "2026-11-30"],
  ["2026-10-20", "2026-11-30"],
  ["2026-11-01", "2026-12-03"],
  ["2026-10-25", "2026-12-31"],
  ["2026-11-01", "2026-11-29"],
  ["2026-11-02", "2026-11-30"],
];
const pick = <T>(rand: () => number, xs: T[]) => xs[Math.floor(rand() * xs.length)]!;

const compare = async (rand: () => number) => {
  const ctx = { tx: t.database.db, user: superUser, now: new Date(), ip: null };
  for (let k = 0; k < Number(process.env.PROPERTY_RUNS ?? 8); k++) {
    const from = 1 + Math.floor(rand() * 10);
    const to = from + Math.floor(rand() * 6);
    const day = (d: number) => `2026-11-${String(d).padStart(2, "0")}`;
    const currency = (["system", "IQD", "USD"] as const)[Math.floor(rand() * 3)]!;
    // Half the periods span whole months (read from the month rows), with days before and after.
    const months = rand() < 0.5 ? pick(rand, WHOLE_MONTH_PERIODS) : null;
    const query = {
      from: months ? months[0] : day(from),
      to: months ? months[1] : day(to),
      currency,
      ...(rand() < 0.3 ? { inventory_fk: rand() < 0.5 ? 1 : inventory2 } : {}),
      ...(rand() < 0.2 ? { outlet_fk: 1 } : {}),
    };
    const summary = await dashboard(ctx, query, "summary");
    expect(summary, JSON.stringify(query)).toEqual(await dashboard(ctx, query, "documents"));
  }
};

describe("the dashboard's summary rows against the documents", () => {
  it("agree after random sequences of sales and returns, and after their days are folded", async () => {
    const rand = random(42);
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
    const complete: number[] = [];
    const drafts: number[] = [];
    const returns: number[] = [];
    // Documents dated in November (a past month, folded) and, with `late`, after the 20th too.
    const steps = async (n: number, late = false) => {
      for (let op = 0; op < n; op++) {
        const r = rand();
        if (r < 0.5 || !complete.length) {
          const usd = rand() < 0.3;
          const day = (late ? 20 : 1) + Math.floor(rand() * 10);
          const hour = 8 + Math.floor(rand() * 12);
          const s = await created("/api/sales", {
            date: `2026-11-${String(day).padStart(2, "0")} ${String(hour).padStart(2, "0")}:15`,
            consumer_fk: pick(customers),
            inventory_fk: rand() < 0.5 ? 1 : inventory2,
            currency_id: usd ? 2 : 1,
            rate: "1500",
            discount_type: "invoice",
            invoice_discount_type: rand() < 0.5 ? "percent" : "amount",
            invoice_discount: pick(["0", "5", "10"]),
            payment_type: "On Account",
            account_fk: usd ? usdTill : mainCash,
            paid_amount: rand() < 0.5 ? "0" : "1",
            lines: [
              { item_fk: items[0], unit_fk: box, quantity: String(1 + Math.floor(rand() * 3)) },
              ...(rand() < 0.6 ? [{ item_fk: items[1], unit_fk: piece, quantity: String(1 + Math.floor(rand() * 20)) }] : []),
            ],
          });
          const done = await t.api("POST", `/api/sales/${s.id}/complete`);
          if (done.status === 200) complete.push(s.id);
          else drafts.push(s.id);
        } else if (r < 0.62) {
          const id = pick(complete);
          const back = await t.api("POST", `/api/sales/${id}/return_to_draft`);
          if (back.status === 200) {
            complete.splice(complete.indexOf(id), 1);
            drafts.push(id);
          }
        } else if (r < 0.72 && drafts.length) {
          const id = pick(drafts);
          if ((await t.api("POST", `/api/sales/${id}/complete`)).status === 200) {
            drafts.splice(drafts.indexOf(id), 1);
            complete.push(id);
          }
        } else if (r < 0.77 && drafts.length) {
          const id = pick(drafts);
          if ((await t.api("DELETE", `/api/sales/${id}`)).status === 200) drafts.splice(drafts.indexOf(id), 1);
        } else if (r < 0.92) {
          const id = pick(complete);
          const [line] = await q<{ line_id: number; inventory_fk: number; date: string }>(sql`
          select l.line_id, s.inventory_fk, to_char((s.date + interval '1 hour') at time zone ${businessTimeZone()}, 'YYYY-MM-DD HH24:MI') date
            from sale_lines l join sales s on s.id = l.sale_fk where l.sale_fk = ${id} order by l.line_id limit 1`);
          const res = await t.api("POST", "/api/sale_returns", {
            body: {
              sale_fk: id,
              date: line!.date,
              inventory_fk: line!.inventory_fk,
              received_type: "On Account",
              lines: [{ sale_line_fk: line!.line_id, quantity: "1" }],
            },
          });
          if (res.status === 201) returns.push(res.body.data.id);
        } else if (returns.length) {
          const id = pick(returns);
          if ((await t.api("DELETE", `/api/sale_returns/${id}`)).status === 200) returns.splice(returns.indexOf(id), 1);
        }
      }
    };
    await steps(40);
    expect(complete.length).toBeGreaterThan(5);
    expect(returns.length).toBeGreaterThan(0);
    await compare(rand);
    while ((await compactDashboard(t.database.db, new Date())) > 0);
    await compare(rand);
    // Postings into the folded month (new sales, undoings and returns of folded ones) beside its month rows, then folded in turn.
    await steps(20, true);
    await compare(rand);
    while ((await compactDashboard(t.database.db, new Date())) > 0);
    await compare(rand);
    const [months] = await q<{ n: number }>(sql`select count(*)::int n from dashboard_item_months where month = '2026-11-01'`);
    expect(months!.n).toBeGreaterThan(0);
    const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
    expect(tb!.d).toBe(tb!.c);
  }, 180_000);
});
