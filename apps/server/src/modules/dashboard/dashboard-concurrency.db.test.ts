import { SUPER_USER_ID } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { businessDay } from "../../platform/business-time.js";
import { posFixture } from "../pos/pos.fixture.js";
import { PERMISSIONS } from "../pos/pos-book.fixture.js";
import { dbHelpers, stockUp } from "../sales/sales.fixture.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";
import { dashboard } from "./dashboard.js";

/**
 * Tills booking at once write their dashboard rows without waiting for each other: 16 tills sell
 * three rounds at once (cash in IQD, cash in USD, on a customer's account), while the back
 * office completes invoice sales and takes returns; every answer is a sale or a return, and every
 * figure from the summary rows is exactly what the documents add up to.
 */
/** The super user, as the route's context has him (every key, every inventory). */
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
let piece = 0;
let item = 0;
const { created, q } = dbHelpers(() => t);

beforeAll(async () => {
  const f = await posFixture({ tea: "10", cashier: "dashboard till", permissions: PERMISSIONS });
  t = f.t;
  piece = f.piece;
  item = (
    await created("/api/items", { item_name: "Dates box", item_units: [{ unit_fk: piece, quantity: "1", price: "4000", is_base: true }] })
  ).item_id;
  const supplier = (await created("/api/suppliers", { consumer_name: "Basra Dates" })).consumer_id;
  await stockUp(t, supplier, [{ item_id: item, unit_id: piece, quantity: "1000", unit_price: "2500" }]);
}, 120_000);
afterAll(() => t?.close());

describe("the dashboard's summary rows under many tills at once", () => {
  it("16 tills sell at once, invoice sales and returns alongside: every sale counted once, figures exact", async () => {
    const tills = [];
    for (let i = 0; i < 16; i++)
      tills.push(await t.userWith(PERMISSIONS, { is_cashier: true, outlet_fk: 1, inventory_ids: [1], user_name: `dash till ${i}` }));
    const customer = (await created("/api/customers", { consumer_name: "Zakho Grocer" })).consumer_id;
    const invoice = async (n: number) => {
      const s = await t.api("POST", "/api/sales", {
        body: {
          consumer_fk: customer,
          inventory_fk: 1,
          currency_id: 1,
          rate: "1480",
          discount_type: "item",
          payment_type: "On Account",
          paid_amount: "0",
          lines: [{ item_fk: item, unit_fk: piece, quantity: String(n) }],
        },
      });
      expect(s.status).toBe(201);
      return t.api("POST", `/api/sales/${s.body.data.id}/complete`);
    };
    const payments = [
      (n: number) => [{ method: "cash", currency_id: 1, amount: String(4000 * n) }],
      (_n: number) => [{ method: "cash", currency_id: 2, amount: "10" }],
      (n: number) => [{ method: "credit", currency_id: 1, amount: String(4000 * n) }],
    ];
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        ...tills.map((till, i) =>
          t.api("POST", "/api/pos_sales", {
            token: till.token,
            headers: { "idempotency-key": `dash-${round}-${i}` },
            body: {
              client_created_at: new Date().toISOString(),
              ...(round === 2 ? { customer_fk: customer } : {}),
              lines: [{ item_fk: item, unit_fk: piece, quantity: String(1 + (i % 3)) }],
              payments: payments[round]!(1 + (i % 3)),
              ...(round === 1 ? { change_currency_id: 2 } : {}),
            },
          }),
        ),
        invoice(2 + round),
        invoice(1),
      ]);
      statuses.push(...answers.map((a) => a.status));
    }
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    // Returns of six of the POS sales on the customer's account, at once.
    const first = await q<{ id: number; line_id: number }>(sql`
      select s.id, l.line_id from sales s join sale_lines l on l.sale_fk = s.id where s.kind = 'pos' and s.consumer_fk = ${customer} order by s.id limit 6`);
    const returns = await Promise.all(
      first.map((s) =>
        t.api("POST", "/api/sale_returns", {
          body: { sale_fk: s.id, inventory_fk: 1, received_type: "On Account", lines: [{ sale_line_fk: s.line_id, quantity: "1" }] },
        }),
      ),
    );
    expect(returns.map((r) => r.status)).toEqual(Array(6).fill(201));

    const [n] = await q<{ pos: number; all: number }>(
      sql`select count(*) filter (where kind = 'pos')::int pos, count(*)::int "all" from sales where status = 'complete'`,
    );
    expect(n!.pos).toBe(48);
    expect(n!.all).toBe(48 + 6);
    // One row per document, none twice.
    const [rows] = await q<{ sales: number; returns: number; twice: number }>(sql`
      select count(*) filter (where doc_type = 'sale')::int sales, count(*) filter (where doc_type = 'return')::int returns,
             (select count(*) from (select doc_type, doc_id from dashboard_sales group by 1, 2 having count(*) > 1) x)::int twice
        from dashboard_sales`);
    expect(rows).toEqual({ sales: 54, returns: 6, twice: 0 });

    const today = businessDay(new Date());
    const ctx = { tx: t.database.db, user: superUser, now: new Date(), ip: null };
    for (const currency of ["system", "IQD", "USD"] as const) {
      const query = { from: today, to: today, currency };
      expect(await dashboard(ctx, query, "summary")).toEqual(await dashboard(ctx, query, "documents"));
    }
    const d = await dashboard(ctx, { from: today, to: today, currency: "system" });
    expect(d.cards!.sales_count.value).toBe("54");
    const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
    expect(tb!.d).toBe(tb!.c);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  }, 120_000);
});
