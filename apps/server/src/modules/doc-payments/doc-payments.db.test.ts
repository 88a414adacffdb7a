import { DOC_PAYMENT_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { dbHelpers, salesFixture } from "../sales/sales.fixture.js";

/**
 * Payments after the document: a USD sale left half on account is paid later in IQD at the day's
 * rate, its entry, its status and its line on the customer's statement; paying more than is owed
 * is refused; deleting a payment reverses its entry. A purchase's cash part is its own line on the
 * supplier's statement, and the rest is paid later from the till.
 */
let t: TestApp;
let box = 0;
let amox = 0;
let customer = 0;
let supplier = 0;
let usdTill = 0;
let mainCash = 0;
let saleBody: Awaited<ReturnType<typeof salesFixture>>["saleBody"];
const { created, ok, q, balance } = dbHelpers(() => t);

const trialBalanced = async () => {
  const [tb] = await q<{ d: string; c: string }>(
    sql`select coalesce(sum(sys_debit),0)::text d, coalesce(sum(sys_credit),0)::text c from journal_lines`,
  );
  expect(tb!.d).toBe(tb!.c);
};
const journalCount = async () => Number((await q<{ n: string }>(sql`select count(*)::text n from journal_lines`))[0]!.n);
const statement = async (kind: "customer" | "supplier", id: number, lang = "en") =>
  (
    await t.api("GET", `/api/${kind}_transactions/statement?consumer_id=${id}&per_page=50&sortDir=asc`, {
      headers: { "accept-language": lang },
    })
  ).body.data.data as { description: string; debit: string; credit: string; currency_name: string; balance: string; source_type: string }[];

beforeAll(async () => {
  ({ t, box, amox, customer, supplier, usdTill, saleBody } = await salesFixture());
  mainCash = Number((await q<{ a: number }>(sql`select account_id a from accounts where system_key = 'main_cash'`))[0]!.a);
});
afterAll(() => t?.close());

describe("a sale paid after the fact", () => {
  let sale = 0;
  let number = "";
  let firstPayment = 0;

  it("a USD sale half on account, paid later in IQD at the day's rate: its own entry, status and statement line", async () => {
    const s = await created("/api/sales", saleBody());
    sale = s.id;
    const done = await ok(`/api/sales/${sale}/complete`);
    number = done.number;
    expect([done.total, done.paid_amount, done.remaining, done.payment_status].map(String)).toEqual([
      "73.800",
      "36.900",
      "36.900",
      "partially_paid",
    ]);
    const cashBefore = await balance(mainCash);

    const res = await t.api("POST", `/api/sales/${sale}/payments`, {
      body: { amount: "27675", currency_id: 1, rate: "1500", account_id: mainCash, date: "2026-11-25 11:00", note: "first half" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      currency_id: 2,
      total: "73.8",
      paid_on_document: "36.9",
      paid_later: "18.45",
      left: "18.45",
      payment_status: "partially_paid",
    });
    const [p] = res.body.data.payments;
    firstPayment = p.payment_id;
    expect([p.amount, p.currency_id, p.doc_amount, p.rate, p.account_id, p.note]).toEqual([
      "27675",
      1,
      "18.45",
      "1500",
      mainCash,
      "first half",
    ]);

    // Its own entry: Dr the IQD till 27,675, Cr the customer's USD receivable 18.45 (27,675 at 1,500).
    const lines = await q<{
      account_id: number;
      debit: string;
      credit: string;
      sys_debit: string;
      sys_credit: string;
      description: string;
    }>(sql`
      select l.account_id, l.debit::text, l.credit::text, l.sys_debit::text, l.sys_credit::text, e.description
        from journal_lines l join journal_entries e on e.entry_id = l.entry_id
       where e.source_type = 'sale_payment' and e.source_id = ${firstPayment} order by l.line_id`);
    const receivable = Number((await q<{ a: number }>(sql`select account_usd_fk a from consumers where consumer_id = ${customer}`))[0]!.a);
    expect(lines.map((l) => [l.account_id, Number(l.debit), Number(l.credit), Number(l.sys_debit), Number(l.sys_credit)])).toEqual([
      [mainCash, 27675, 0, 27675, 0],
      [receivable, 0, 18.45, 0, 27675],
    ]);
    expect(lines[0]!.description).toBe(`Sale payment ${number} from Baghdad Pharmacy`);
    expect((await balance(mainCash)).own - cashBefore.own).toBe(27675);
    expect((await balance(receivable)).own).toBeCloseTo(18.45, 3);

    const [row] = await q<{ payment_status: string; remaining: string }>(
      sql`select payment_status, remaining::text from sales where id = ${sale}`,
    );
    expect(row).toEqual({ payment_status: "partially_paid", remaining: "18.450" });

    // The customer's statement: the sale's line on account, then the payment's own line.
    const lines2 = await statement("customer", customer);
    expect(
      lines2.map((l) => [l.source_type, l.description, Number(l.debit), Number(l.credit), Number(l.balance), l.currency_name]),
    ).toEqual([
      ["sale", `Sale ${number} to Baghdad Pharmacy`, 36.9, 0, 36.9, "USD"],
      ["sale_payment", `Sale payment ${number} from Baghdad Pharmacy`, 0, 18.45, 18.45, "USD"],
    ]);
    expect((await statement("customer", customer, "ar")).at(-1)!.description).toBe(`دفعة مبيعات ${number} من Baghdad Pharmacy`);
    await trialBalanced();
  });

  it("never pays more than is owed (422), and a refusal leaves the books as they were", async () => {
    const before = await journalCount();
    const over = await t.api("POST", `/api/sales/${sale}/payments`, {
      body: { amount: "18.46", currency_id: 2, rate: "1500", account_id: usdTill },
    });
    expect(over.status).toBe(422);
    expect(over.body.errors.amount).toEqual([DOC_PAYMENT_MSG.overpaid]);
    expect(await journalCount()).toBe(before);

    const rest = await t.api("POST", `/api/sales/${sale}/payments`, {
      body: { amount: "18.45", currency_id: 2, rate: "1500", account_id: usdTill },
    });
    expect(rest.status).toBe(201);
    expect([rest.body.data.left, rest.body.data.payment_status, rest.body.data.payments.length]).toEqual(["0", "paid", 2]);
    const again = await t.api("POST", `/api/sales/${sale}/payments`, {
      body: { amount: "1", currency_id: 2, rate: "1500", account_id: usdTill },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.amount).toEqual([DOC_PAYMENT_MSG.nothingOwed]);
    // A sale with payments standing is not taken back.
    const back = await t.api("POST", `/api/sales/${sale}/return_to_draft`);
    expect(back.status).toBe(422);
    expect(back.body.message).toBe(DOC_PAYMENT_MSG.hasPayments);
    await trialBalanced();
  });

  it("deleting a payment reverses its entry and sets the status again", async () => {
    const cashBefore = (await balance(mainCash)).own;
    const res = await t.api("DELETE", `/api/sales/${sale}/payments/${firstPayment}`);
    expect(res.status).toBe(200);
    const entries = await q<{ n: string; reversals: string }>(sql`
      select count(*)::text n, count(reversal_of)::text reversals from journal_entries where source_type = 'sale_payment' and source_id = ${firstPayment}`);
    expect(entries[0]).toEqual({ n: "2", reversals: "1" });
    expect(cashBefore - (await balance(mainCash)).own).toBe(27675);
    const shown = (await t.api("GET", `/api/sales/${sale}/payments`)).body.data;
    expect([shown.paid_later, shown.left, shown.payment_status, shown.payments.length]).toEqual(["18.45", "18.45", "partially_paid", 1]);
    const [row] = await q<{ payment_status: string; remaining: string }>(
      sql`select payment_status, remaining::text from sales where id = ${sale}`,
    );
    expect(row).toEqual({ payment_status: "partially_paid", remaining: "18.450" });
    expect((await t.api("DELETE", `/api/sales/${sale}/payments/${firstPayment}`)).status).toBe(404);
    // Another document's payment is not found under this one.
    expect((await t.api("GET", `/api/salesman_sales/${sale}/payments`)).status).toBe(404);
    await trialBalanced();
  });

  it("asks the permissions SPEC names: Update Payment to pay, Destroy Payment to delete", async () => {
    const viewer = await t.userWith(["sales/show", "sales/index"], { inventory_ids: [1] });
    const body = { amount: "1", currency_id: 2, rate: "1500", account_id: usdTill };
    expect((await t.api("GET", `/api/sales/${sale}/payments`, { token: viewer.token })).status).toBe(200);
    expect((await t.api("POST", `/api/sales/${sale}/payments`, { token: viewer.token, body })).status).toBe(403);
    const payer = await t.userWith(["sales/show", "sales/update_payment"], { inventory_ids: [1] });
    expect((await t.api("POST", `/api/sales/${sale}/payments`, { token: payer.token, body: { ...body, amount: "0" } })).status).toBe(422);
    expect((await t.api("DELETE", `/api/sales/${sale}/payments/1`, { token: payer.token })).status).toBe(403);
  });
});

describe("a purchase paid after the fact", () => {
  it("its cash part is its own line on the supplier's statement; the rest is paid later, never more", async () => {
    // The IQD till takes the rest of the sale above first: the purchase pays out of it.
    const sale = Number((await q<{ id: number }>(sql`select id from sales order by id desc limit 1`))[0]!.id);
    expect(
      (
        await t.api("POST", `/api/sales/${sale}/payments`, {
          body: { amount: "27675", currency_id: 1, rate: "1500", account_id: mainCash },
        })
      ).status,
    ).toBe(201);
    const p = await created("/api/purchases", {
      consumer_id: supplier,
      date: "2026-11-26 09:00",
      inventory_id: 1,
      currency_id: 1,
      discount_type: "amount",
      payment_type: "On Account",
      account_id: mainCash,
      paid_amount: "5000",
      lines: [{ item_id: amox, unit_id: box, quantity: "1", unit_price: "15000" }],
    });
    const done = await ok(`/api/purchases/${p.id}/complete`);
    const number = done.number as string;
    const lines = (await statement("supplier", supplier)).filter((l) => l.description.includes(number));
    expect(lines.map((l) => [l.source_type, l.description, Number(l.debit), Number(l.credit)])).toEqual([
      ["purchase", `Purchase ${number} from Erbil Pharma`, 0, 15000],
      ["purchase", `Purchase payment ${number} to Erbil Pharma`, 5000, 0],
    ]);
    const over = await t.api("POST", `/api/purchases/${p.id}/payments`, {
      body: { amount: "10001", currency_id: 1, account_id: mainCash },
    });
    expect(over.status).toBe(422);
    const paid = await t.api("POST", `/api/purchases/${p.id}/payments`, {
      body: { amount: "10000", currency_id: 1, account_id: mainCash, date: "2026-11-27 09:00" },
    });
    expect(paid.status).toBe(201);
    expect([paid.body.data.left, paid.body.data.payment_status]).toEqual(["0", "paid"]);
    const [row] = await q<{ payment_status: string }>(sql`select payment_status from purchases where id = ${p.id}`);
    expect(row!.payment_status).toBe("paid");
    const after = (await statement("supplier", supplier)).filter((l) => l.description.includes(number));
    expect(after.at(-1)).toMatchObject({ source_type: "purchase_payment", description: `Purchase payment ${number} to Erbil Pharma` });
    expect(Number(after.at(-1)!.debit)).toBe(10000);
    // A purchase with payments standing is not returned to draft.
    expect((await t.api("POST", `/api/purchases/${p.id}/return_to_draft`)).body.message).toBe(DOC_PAYMENT_MSG.hasPayments);
    await trialBalanced();
  });
});
