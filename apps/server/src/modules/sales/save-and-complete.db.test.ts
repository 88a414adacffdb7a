import { MSG, PURCHASE_MSG, SALE_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { stockInconsistencies } from "../stock/stock.fixture.js";
import { dbHelpers, salesFixture } from "./sales.fixture.js";

/**
 * "Save and complete" is one call (`complete: true` on store or update): the document is saved and
 * completed in one transaction, so a refused completion leaves no draft, no stock move and no
 * journal entry behind. State actions a document's state forbids are refused in words, never a 500.
 */
let t: TestApp;
let box = 0;
let amox = 0;
let supplier = 0;
let limited = 0;
let customer = 0;
const { created, ok, q, onHand } = dbHelpers(() => t);

const counts = async () =>
  (
    await q<{ sales: number; moves: number; entries: number; purchases: number }>(sql`
      select (select count(*)::int from sales) sales, (select count(*)::int from stock_movements) moves,
             (select count(*)::int from journal_entries) entries, (select count(*)::int from purchases) purchases`)
  )[0]!;
const trialBalance = async () =>
  Number((await q<{ d: string }>(sql`select coalesce(sum(sys_debit - sys_credit), 0)::text d from journal_lines`))[0]!.d);

const saleOf = (boxes: string) => ({
  date: "2026-11-22 12:00",
  consumer_fk: limited,
  inventory_fk: 1,
  currency_id: 1,
  payment_type: "On Account",
  lines: [{ item_fk: amox, unit_fk: box, quantity: boxes }],
});
const purchaseOf = (quantity: string) => ({
  consumer_id: supplier,
  inventory_id: 1,
  currency_id: 1,
  discount_type: "amount",
  payment_type: "On Account",
  lines: [{ item_id: amox, unit_id: box, quantity, unit_price: "15000" }],
});

beforeAll(async () => {
  ({ t, box, amox, supplier, customer } = await salesFixture());
  limited = (await created("/api/customers", { consumer_name: "Careful Clinic", allowed_debit_amount: "50000" })).consumer_id;
});
afterAll(() => t?.close());

describe("save and complete in one call", () => {
  it("a refused completion of a new sale leaves no sale, no stock move and no journal entry", async () => {
    const before = await counts();
    const stock = await onHand(amox);
    const res = await t.api("POST", "/api/sales", { body: { ...saleOf("2"), complete: true } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("The customer's allowed debit amount is 50000; the balance is 0 and this sale would make it 60000.");
    expect(res.body.errors.consumer_fk).toEqual([res.body.message]);
    expect(await counts()).toEqual(before);
    expect(await onHand(amox)).toBe(stock);
    expect(await trialBalance()).toBe(0);
  });

  it("a refused completion of an edited draft keeps the draft as it was", async () => {
    const draft = await created("/api/sales", saleOf("1"));
    const before = await counts();
    const res = await t.api("PATCH", `/api/sales/${draft.id}`, { body: { ...saleOf("2"), complete: true } });
    expect(res.status).toBe(422);
    const kept = (await t.api("GET", `/api/sales/${draft.id}`)).body.data;
    expect(kept.status).toBe("draft");
    expect(kept.lines.map((l: { quantity: string }) => Number(l.quantity))).toEqual([1]);
    expect(await counts()).toEqual(before);
    await ok(`/api/sales/${draft.id}/close`);
    await ok(`/api/sales/${draft.id}/open`);
    expect((await t.api("DELETE", `/api/sales/${draft.id}`)).status).toBe(200);
  });

  it("an accepted one answers the complete document, posted once, with the completion audited", async () => {
    const before = await counts();
    const res = await t.api("POST", "/api/sales", { body: { ...saleOf("1"), complete: true } });
    expect(res.status).toBe(201);
    expect(res.body.data.status).toBe("complete");
    const after = await counts();
    expect(after.sales).toBe(before.sales + 1);
    expect(after.entries).toBe(before.entries + 1);
    const audits = await q<{ action: string }>(
      sql`select action from audit_logs where module = 'sales' and record_id = ${String(res.body.data.id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(["create", "complete"]);
    const purchase = await t.api("POST", "/api/purchases", { body: { ...purchaseOf("2"), complete: true } });
    expect(purchase.status).toBe(201);
    expect(purchase.body.data.status).toBe("complete");
    expect(await trialBalance()).toBe(0);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });

  it("needs the completion's own permission: without it nothing is saved", async () => {
    const { token } = await t.userWith(["sales/index", "sales/store", "sales/show"], { outlet_fk: 1, inventory_ids: [1] });
    const before = await counts();
    const res = await t.api("POST", "/api/sales", { token, body: { ...saleOf("1"), complete: true } });
    expect(res.status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("saved and completed at once by many clients", () => {
  it("numbers the sales booked without a gap, each entry named with its number, the refused ones told why and left nowhere", async () => {
    // A medicine of its own with 6 pieces; 16 clients each sell one in one call.
    const { piece } = (await q<{ piece: number }>(sql`select unit_id as piece from units order by unit_id limit 1`))[0]!;
    const item = (
      await created("/api/items", {
        item_name: "Last syrups",
        item_units: [{ unit_fk: piece, quantity: "1", price: "4000", is_base: true }],
      })
    ).item_id;
    const bought = await created("/api/purchases", {
      ...purchaseOf("6"),
      lines: [{ item_id: item, unit_id: piece, quantity: "6", unit_price: "2500" }],
    });
    await ok(`/api/purchases/${bought.id}/complete`);
    const before = await counts();
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        t.api("POST", "/api/sales", {
          body: {
            date: "2026-11-22 12:00",
            consumer_fk: customer,
            inventory_fk: 1,
            currency_id: 1,
            payment_type: "On Account",
            lines: [{ item_fk: item, unit_fk: piece, quantity: "1" }],
            complete: true,
          },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(6);
    expect(statuses.filter((x) => x === 422)).toHaveLength(10);
    for (const a of answers.filter((x) => x.status === 422)) expect(a.body.message).toMatch(/^Not enough stock of Last syrups/);
    const numbers = answers
      .filter((a) => a.status === 201)
      .map((a) => String(a.body.data.number))
      .sort();
    const n = (x: string) => Number(x.slice(x.lastIndexOf("-") + 1));
    expect(numbers.map(n)).toEqual(numbers.map((_, i) => n(numbers[0]!) + i));
    const entries = await q<{ description: string; number: string }>(sql`
      select e.description, s.number from journal_entries e join sales s on s.id = e.source_id and e.source_type = 'sale'
       where s.number in (${sql.join(
         numbers.map((x) => sql`${x}`),
         sql`, `,
       )})`);
    expect(entries).toHaveLength(6);
    for (const e of entries) expect(e.description).toBe(`Sale ${e.number} to Baghdad Pharmacy`);
    const after = await counts();
    expect(after.sales - before.sales).toBe(6);
    expect(await trialBalance()).toBe(0);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });
});

describe("sales side by side: the shared accounts are no queue", () => {
  it("cash sales into one till, credit sales to one careful customer and edits of complete sales at once: every figure exact, no conflict reaching a client", async () => {
    const { piece } = (await q<{ piece: number }>(sql`select unit_id as piece from units order by unit_id limit 1`))[0]!;
    const mainCash = Number((await q<{ a: number }>(sql`select account_id a from accounts where system_key = 'main_cash'`))[0]!.a);
    const item = (
      await created("/api/items", { item_name: "Vitamin C", item_units: [{ unit_fk: piece, quantity: "1", price: "5000", is_base: true }] })
    ).item_id;
    const bought = await created("/api/purchases", {
      ...purchaseOf("100"),
      lines: [{ item_id: item, unit_id: piece, quantity: "100", unit_price: "3000" }],
    });
    await ok(`/api/purchases/${bought.id}/complete`);
    const careful = (await created("/api/customers", { consumer_name: "Careful Dispensary", allowed_debit_amount: "12000" })).consumer_id;
    const cashSale = (quantity: string) => ({
      date: "2026-11-22 12:00",
      consumer_fk: customer,
      inventory_fk: 1,
      currency_id: 1,
      payment_type: "Cash",
      account_fk: mainCash,
      lines: [{ item_fk: item, unit_fk: piece, quantity }],
    });
    const earlier = [];
    for (let i = 0; i < 4; i++) earlier.push((await created("/api/sales", { ...cashSale("1"), complete: true })).id as number);
    const cashBefore = Number(
      (await q<{ b: string }>(sql`select coalesce(sum(debit - credit), 0)::text b from journal_lines where account_id = ${mainCash}`))[0]!
        .b,
    );

    const answers = await Promise.all([
      ...Array.from({ length: 24 }, () => t.api("POST", "/api/sales", { body: { ...cashSale("2"), complete: true } })),
      ...Array.from({ length: 8 }, () =>
        t.api("POST", "/api/sales", {
          body: { ...cashSale("2"), consumer_fk: careful, payment_type: "On Account", account_fk: null, complete: true },
        }),
      ),
      ...earlier.map((id) => t.api("PATCH", `/api/sales/${id}`, { body: cashSale("3") })),
    ]);
    const statuses = answers.map((a) => a.status);
    // 24 cash sales and the one credit sale the allowed debit covers; 7 refused in words; 4 edits.
    expect(statuses.slice(0, 24)).toEqual(Array(24).fill(201));
    expect(statuses.slice(24, 32).filter((x) => x === 201)).toHaveLength(1);
    const refusals = answers.slice(24, 32).filter((a) => a.status === 422);
    expect(refusals).toHaveLength(7);
    for (const a of refusals) expect(a.body.errors.consumer_fk[0]).toMatch(/^The customer's allowed debit amount is 12000;/);
    expect(statuses.slice(32)).toEqual(Array(4).fill(200));

    // The goods: 100 − 4 × 3 (the edited sales) − 24 × 2 − 2.
    expect(await onHand(item)).toBe(38);
    // The till holds exactly what the complete cash sales were paid.
    const paid = Number(
      (
        await q<{ p: string }>(sql`select coalesce(sum(p.amount), 0)::text p from sale_payments p join sales s on s.id = p.sale_fk
           where s.status = 'complete' and p.account_fk = ${mainCash} and s.id in (select sale_fk from sale_lines where item_fk = ${item})`)
      )[0]!.p,
    );
    expect(paid).toBe(24 * 10000 + 4 * 15000);
    const cashAfter = Number(
      (await q<{ b: string }>(sql`select coalesce(sum(debit - credit), 0)::text b from journal_lines where account_id = ${mainCash}`))[0]!
        .b,
    );
    expect(cashAfter - cashBefore).toBe(24 * 10000 + 4 * (15000 - 5000));
    // The careful customer owes the one sale, within his allowed debit.
    const owed = await q<{ b: string }>(sql`select coalesce(sum(b.debit - b.credit), 0)::text b from account_balances b
      join consumers c on b.account_id in (c.account_fk, c.account_usd_fk) where c.consumer_id = ${careful}`);
    expect(Number(owed[0]!.b)).toBe(10000);
    // Every account's day and month balances are its journal lines summed, to the last fils.
    const drift = await q(sql`
      select l.account_id from (select account_id, sum(debit) d, sum(credit) c, sum(sys_debit) sd, sum(sys_credit) sc from journal_lines group by 1) l
        full join (select account_id, sum(debit) d, sum(credit) c, sum(sys_debit) sd, sum(sys_credit) sc from account_balances group by 1) b using (account_id)
        full join (select account_id, sum(debit) d, sum(credit) c, sum(sys_debit) sd, sum(sys_credit) sc from account_month_balances group by 1) m using (account_id)
       where coalesce(l.d, 0) <> coalesce(b.d, 0) or coalesce(l.c, 0) <> coalesce(b.c, 0) or coalesce(l.sd, 0) <> coalesce(b.sd, 0) or coalesce(l.sc, 0) <> coalesce(b.sc, 0)
          or coalesce(l.d, 0) <> coalesce(m.d, 0) or coalesce(l.c, 0) <> coalesce(m.c, 0) or coalesce(l.sd, 0) <> coalesce(m.sd, 0) or coalesce(l.sc, 0) <> coalesce(m.sc, 0)`);
    expect(drift).toEqual([]);
    expect(await trialBalance()).toBe(0);
    expect(await stockInconsistencies(t.database.db)).toEqual([]);
  });
});

describe("state actions the state forbids", () => {
  it("are refused in words: completing a complete document, returning a draft to draft, changing a closed one", async () => {
    const sale = await created("/api/sales", { ...saleOf("1"), consumer_fk: customer, complete: true });
    const purchase = await created("/api/purchases", { ...purchaseOf("1"), complete: true });
    const draftSale = await created("/api/sales", { ...saleOf("1"), consumer_fk: customer });
    const draftPurchase = await created("/api/purchases", purchaseOf("1"));
    const before = await counts();
    const refusals: ["POST", string, number, string][] = [
      ["POST", `/api/sales/${sale.id}/complete`, 422, MSG.alreadyDone],
      ["POST", `/api/purchases/${purchase.id}/complete`, 422, MSG.alreadyDone],
      ["POST", `/api/sales/${draftSale.id}/return_to_draft`, 422, SALE_MSG.notComplete],
      ["POST", `/api/purchases/${draftPurchase.id}/return_to_draft`, 422, PURCHASE_MSG.notComplete],
      ["POST", `/api/purchases/${draftPurchase.id}/apply_cost`, 422, PURCHASE_MSG.notComplete],
    ];
    for (const [method, url, status, message] of refusals) {
      const res = await t.api(method, url, { body: {} });
      expect([url, res.status, res.body.message]).toEqual([url, status, message]);
    }
    await ok(`/api/purchases/${draftPurchase.id}/close`);
    // Refused to anyone who may not unclose (the super user may).
    const clerk = await t.userWith(["purchases/show", "purchases/complete", "purchases/update", "purchases/destroy"], {
      inventory_ids: [1],
    });
    for (const [method, url] of [
      ["POST", `/api/purchases/${draftPurchase.id}/complete`],
      ["PATCH", `/api/purchases/${draftPurchase.id}`],
      ["DELETE", `/api/purchases/${draftPurchase.id}`],
    ] as const) {
      const res = await t.api(method, url, { body: purchaseOf("1"), token: clerk.token });
      expect([url, res.status, res.body.message]).toEqual([url, 422, PURCHASE_MSG.closed]);
    }
    // Nothing moved while refusing.
    expect(await counts()).toEqual(before);
    expect(await trialBalance()).toBe(0);
  });
});
