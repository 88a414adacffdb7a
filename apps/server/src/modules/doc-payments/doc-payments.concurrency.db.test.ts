import { DOC_PAYMENT_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { dbHelpers, salesFixture } from "../sales/sales.fixture.js";

/**
 * 32 payments against one invoice at once: the invoice owes 30,000 IQD and each pays 1,900, so
 * exactly 15 fit (28,500) and the other 17 are refused in words (what is left, 1,500, is less than
 * a payment); none reaches the client as a deadlock, a 409 or a 5xx, and the books balance.
 */
let t: TestApp;
const { created, ok, q, balance } = dbHelpers(() => t);

let sale = 0;
let mainCash = 0;
let receivable = 0;

beforeAll(async () => {
  const f = await salesFixture();
  t = f.t;
  mainCash = Number((await q<{ a: number }>(sql`select account_id a from accounts where system_key = 'main_cash'`))[0]!.a);
  receivable = Number((await q<{ a: number }>(sql`select account_fk a from consumers where consumer_id = ${f.customer}`))[0]!.a);
  const s = await created("/api/sales", {
    date: "2026-11-21 10:00",
    consumer_fk: f.customer,
    inventory_fk: 1,
    currency_id: 1,
    discount_type: "item",
    payment_type: "On Account",
    lines: [{ item_fk: f.amox, unit_fk: f.box, quantity: "1" }],
  });
  sale = s.id;
  const done = await ok(`/api/sales/${sale}/complete`);
  expect(Number(done.remaining)).toBe(30000);
});
afterAll(() => t?.close());

describe("payments at once against one invoice", () => {
  it("32 payments of 1,900 on 30,000 owed: exactly 15 succeed, 17 are refused with 422", async () => {
    const results = await Promise.all(
      Array.from({ length: 32 }, () =>
        t.api("POST", `/api/sales/${sale}/payments`, { body: { amount: "1900", currency_id: 1, account_id: mainCash } }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(15);
    expect(statuses.filter((s) => s === 422)).toHaveLength(17);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.errors.amount).toEqual([DOC_PAYMENT_MSG.overpaid]);

    const [row] = await q<{ n: string; paid: string; status: string; remaining: string }>(sql`
      select (select count(*) from document_payments where sale_fk = ${sale})::text n,
             (select sum(doc_amount) from document_payments where sale_fk = ${sale})::text paid,
             s.payment_status status, s.remaining::text remaining from sales s where s.id = ${sale}`);
    expect(row).toEqual({ n: "15", paid: "28500.000", status: "partially_paid", remaining: "1500.000" });
    const entries = await q<{ n: string }>(sql`select count(*)::text n from journal_entries where source_type = 'sale_payment'`);
    expect(entries[0]!.n).toBe("15");
    // What the customer owes: the sale less the 15 payments.
    expect((await balance(receivable)).own).toBe(1500);
    const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
    expect(tb!.d).toBe(tb!.c);

    // The last 1,500 pays it off.
    const last = await t.api("POST", `/api/sales/${sale}/payments`, { body: { amount: "1500", currency_id: 1, account_id: mainCash } });
    expect([last.status, last.body.data.payment_status, last.body.data.left]).toEqual([201, "paid", "0"]);
  });
});
