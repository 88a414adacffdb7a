import { randomUUID } from "node:crypto";
import { creditLimitMessage, MSG, POS_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { dashboardDifferences } from "../dashboard/dashboard.rebuild.js";
import { type PosFixture, posFixture, posHelpers } from "./pos.fixture.js";
import { posSaleByNumberSql } from "./pos-sales.js";

/**
 * POS sales through the API with hand-checked books. In-rate 1,480 IQD per USD. Stock: 10 tins of
 * baby formula bought at 18,000 IQD (sold at 25,000) and 10 packs of tea at 3,000 (sold at 5,000).
 * One of each is a 30,000 IQD bill.
 */
let t: TestApp;
let cashier: PosFixture["cashier"];
let formula = 0;
let tea = 0;
let piece = 0;
let fib = 0;
let limited = 0;

const { q, created, balance, onHand, drawer, booksBalance } = posHelpers(
  () => t,
  () => cashier,
);
const posSales = async () => Number((await q<{ n: string }>(sql`select count(*)::text n from sales where kind = 'pos'`))[0]!.n);

const bill = (extra: Record<string, unknown> = {}) => ({
  client_created_at: new Date().toISOString(),
  lines: [
    { item_fk: formula, unit_fk: piece, quantity: "1" },
    { item_fk: tea, unit_fk: piece, quantity: "1" },
  ],
  payments: [{ method: "cash", currency_id: 1, amount: "30000" }],
  ...extra,
});
const sell = (body: unknown, key: string = randomUUID(), token = cashier.token) =>
  t.api("POST", "/api/pos_sales", { token, body, headers: { "idempotency-key": key } });

beforeAll(async () => {
  ({ t, cashier, formula, tea, piece } = await posFixture({
    tea: "10",
    cashier: "till one",
    permissions: ["pos_sales/store", "pos_sales/show", "pos_sales/index", "pos_sales/update", "pos_sales/return", "closing_drawers/store"],
  }));
  limited = (await created("/api/customers", { consumer_name: "Careful Clinic", allowed_debit_amount: "20000" })).consumer_id;
  fib = (await created("/api/cashes", { account_name: "FIB", cash_type: 2, currency_id: 1 })).account_id;
  expect(
    (await t.api("POST", "/api/pos/settings", { body: { fib_account_fk: fib, smallest_iqd_amount: "250", smallest_usd_amount: "1" } }))
      .status,
  ).toBe(200);
});
afterAll(() => t?.close());

describe("idempotent POS sales", () => {
  it("answers a retry with the first answer and makes one sale; another body under the key is refused", async () => {
    const key = randomUUID();
    const body = bill();
    const first = await sell(body, key);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ kind: "pos", total: "30000.000", status: "complete", cashier: { user_name: "till one" } });
    const again = await sell(body, key);
    expect(again.status).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await posSales()).toBe(1);
    const other = await sell(bill({ note: "another bill" }), key);
    expect(other.status).toBe(422);
    expect(other.body.errors["Idempotency-Key"]).toEqual([POS_MSG.keyReused]);
    expect(await posSales()).toBe(1);
    const missing = await t.api("POST", "/api/pos_sales", { token: cashier.token, body });
    expect(missing.status).toBe(422);
    expect(missing.body.errors["Idempotency-Key"]).toEqual([POS_MSG.keyRequired]);
  });

  it("makes one sale of eight identical requests sent at once", async () => {
    const key = randomUUID();
    const body = bill();
    const before = await posSales();
    const answers = await Promise.all(Array.from({ length: 8 }, () => sell(body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await posSales()).toBe(before + 1);
    expect(Number((await q<{ n: string }>(sql`select count(*)::text n from idempotency_keys where key = ${key}`))[0]!.n)).toBe(1);
    await booksBalance();
  });
});

describe("a bill paid in IQD and USD with change", () => {
  it("takes 10 USD and 20,000 IQD for 30,000 IQD, gives 4,750 IQD back and books each currency in its drawer", async () => {
    const iqdBefore = await balance(await drawer(1));
    const usdBefore = await balance(await drawer(2));
    const overShortBefore = await balance("cash_over_short");
    const salesBefore = await balance("sales");
    const formulaBefore = await onHand(formula);
    const res = await sell(
      bill({
        payments: [
          { method: "cash", currency_id: 1, amount: "20000" },
          { method: "cash", currency_id: 2, amount: "10" },
        ],
        change_currency_id: 1,
      }),
    );
    expect(res.status).toBe(201);
    const s = res.body.data;
    // 10 USD × 1,480 = 14,800; 15,200 of the 20,000 IQD; 4,800 over, handed back in 250s: 4,750.
    expect(s.change).toEqual({ currency_id: 1, amount: "4750", exact: "4800", amount_iqd: "0" });
    expect(s.total_iqd).toBe("30000");
    // 30,000 / 1,480 = 20.2702… USD: a customer paying in dollars hands over 20.28 (20.27 would not cover it).
    expect(s.total_usd).toBe("20.28");
    expect(s.payments.map((p: Record<string, string>) => [p.method, p.currency_id, p.amount])).toEqual([
      ["cash", 2, "10.000"],
      ["cash", 1, "15200.000"],
    ]);
    expect((await balance(await drawer(1))).own - iqdBefore.own).toBe(15250);
    expect((await balance(await drawer(2))).own - usdBefore.own).toBe(10);
    expect((await balance(await drawer(2))).sys - usdBefore.sys).toBe(14800);
    // The 50 IQD the rounding kept is cash over.
    expect((await balance("cash_over_short")).sys - overShortBefore.sys).toBe(-50);
    expect((await balance("sales")).sys - salesBefore.sys).toBe(-30000);
    expect(formulaBefore - (await onHand(formula))).toBe(1);
    await booksBalance();
  });

  it("gives change in USD as whole dollars and the rest in IQD: Cash Over and Short keeps only what no note pays", async () => {
    const iqdBefore = await balance(await drawer(1));
    const usdBefore = await balance(await drawer(2));
    const overShortBefore = await balance("cash_over_short");
    const res = await sell(
      bill({
        payments: [
          { method: "cash", currency_id: 1, amount: "10000" },
          { method: "cash", currency_id: 2, amount: "20" },
        ],
        change_currency_id: 2,
      }),
    );
    expect(res.status).toBe(201);
    const s = res.body.data;
    // 10,000 IQD first, then 13.514 of the 20 USD; 6.486 USD (9,600 IQD) over: 6 USD (8,880) back,
    // 720 IQD left: 500 IQD back in 250s, 220 kept (not the 720 whole dollars alone would keep).
    expect(s.change).toEqual({ currency_id: 2, amount: "6", exact: "6.486", amount_iqd: "500" });
    expect((await balance(await drawer(1))).own - iqdBefore.own).toBe(9500);
    expect((await balance(await drawer(2))).own - usdBefore.own).toBe(14);
    expect((await balance("cash_over_short")).sys - overShortBefore.sys).toBe(-220);
    // The receipt as the server shows it again.
    const again = await t.api("GET", `/api/pos_sales/${s.id}`);
    expect(again.body.data.change).toEqual({ currency_id: 2, amount: "6", exact: "6.486", amount_iqd: "500" });
    // What was handed over, which the receipt shows beside the change: 10,000 IQD and 20 USD at 1,480.
    expect(Number(again.body.data.received_amount)).toBe(39600);
    await booksBalance();
  });

  it("pays by FIB into the POS settings' bank account", async () => {
    const before = await balance(fib);
    const res = await sell(bill({ payments: [{ method: "fib", currency_id: 1, amount: "30000" }] }));
    expect(res.status).toBe(201);
    expect(res.body.data.payments).toMatchObject([{ method: "fib", account_fk: fib, amount: "30000.000" }]);
    expect((await balance(fib)).own - before.own).toBe(30000);
  });
});

describe("credit", () => {
  it("refuses a credit sale past the customer's allowed debit, saving nothing", async () => {
    const before = await posSales();
    const res = await sell(bill({ customer_fk: limited, payments: [{ method: "credit", currency_id: 1, amount: "30000" }] }));
    expect(res.status).toBe(422);
    expect(res.body.errors.consumer_fk).toEqual([creditLimitMessage("20000", "0", "30000")]);
    expect(await posSales()).toBe(before);
  });

  it("puts part on account within the limit, and refuses credit for the walk-in customer", async () => {
    const res = await sell(
      bill({
        customer_fk: limited,
        payments: [
          { method: "credit", currency_id: 1, amount: "15000" },
          { method: "cash", currency_id: 1, amount: "15000" },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ remaining: "15000.000", paid_amount: "15000.000", payment_type: "On Account" });
    const walkIn = await sell(bill({ payments: [{ method: "credit", currency_id: 1, amount: "30000" }] }));
    expect(walkIn.status).toBe(422);
    expect(walkIn.body.errors.customer_fk).toEqual([POS_MSG.creditNeedsCustomer]);
    const short = await sell(bill({ payments: [{ method: "cash", currency_id: 1, amount: "29000" }] }));
    expect(short.status).toBe(422);
    expect(short.body.errors.payments).toEqual([POS_MSG.notCovered]);
  });
});

describe("offline sales the server cannot book", () => {
  it("keeps them for a manager's review with the reason, answering 202, and a retry gets the same answer", async () => {
    const key = randomUUID();
    const body = bill({ offline: true, client_total: "28000" });
    const res = await sell(body, key);
    expect(res.status).toBe(202);
    expect(res.body.data.reason).toBe("The price changed since the sale was made: 28000 then, 30000 now.");
    const again = await sell(body, key);
    expect(again.body).toEqual(res.body);
    const list = await t.api("GET", "/api/pos_reviews");
    expect(list.body.data.data.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([[res.body.data.review_id, "open"]]);
    const gone = await sell(
      bill({
        offline: true,
        lines: [{ item_fk: tea, unit_fk: piece, quantity: "500" }],
        payments: [{ method: "cash", currency_id: 1, amount: "2500000" }],
      }),
    );
    expect(gone.status).toBe(202);
    expect(gone.body.data.reason).toMatch(/Tea/);
    // The manager reads what was sold, named, to enter it by hand.
    const shown = await t.api("GET", `/api/pos_reviews/${gone.body.data.review_id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.lines).toEqual([
      expect.objectContaining({
        item_fk: tea,
        item_name: expect.stringMatching(/Tea/),
        unit_fk: piece,
        unit_name: "Piece",
        quantity: "500",
      }),
    ]);
    expect(shown.body.data.made_at).toEqual(expect.any(String));
    expect(shown.body.data.customer_name).toBeNull();
    const resolved = await t.api("POST", `/api/pos_reviews/${res.body.data.review_id}/resolve`, { body: { resolution: "dismissed" } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.status).toBe("dismissed");
    await booksBalance();
  });
});

describe("the POS sale's edit", () => {
  it("lets whoever may edit a POS sale pick its customer from the customers' list", async () => {
    for (const permission of ["pos_sales/update", "pos_admin_sales/update"]) {
      const editor = await t.userWith([permission]);
      const list = await t.api("GET", "/api/customers/list", { token: editor.token });
      expect(list.status).toBe(200);
      expect(list.body.message.length).toBeGreaterThan(0);
    }
  });
});

describe("the drawer's sales", () => {
  it("closes with a counted difference, keeps later sales for the next drawer and refuses edits after the closing", async () => {
    const session = (await t.api("GET", "/api/pos/session", { token: cashier.token })).body.data;
    const [iqd, usd] = session.drawer.cash.map((c: { balance: string }) => Number(c.balance));
    const receipts = session.drawer.receipts;
    const open = await sell(bill());
    // A manager sees this drawer open, with every receipt not yet in a closing.
    const drawers = await t.api("GET", "/api/closing_drawers/open");
    expect(drawers.status).toBe(200);
    expect(drawers.body.data).toContainEqual(expect.objectContaining({ user_id: cashier.user_id, receipts: receipts + 1 }));
    const edited = await t.api("PATCH", `/api/pos_sales/${open.body.data.id}`, { token: cashier.token, body: { note: "gift wrap" } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.note).toBe("gift wrap");
    const closing = await t.api("POST", "/api/closing_drawers", {
      token: cashier.token,
      body: { counted_iqd: String(iqd + 30000 - 250), counted_usd: String(usd) },
    });
    expect(closing.status).toBe(201);
    expect(closing.body.data.receipts_count).toBe(receipts + 1);
    expect(closing.body.data.cash[0]).toMatchObject({ difference: "-250.0000" });
    expect(Number(closing.body.data.difference_total)).toBe(-250);
    const refused = await t.api("PATCH", `/api/pos_sales/${open.body.data.id}`, { token: cashier.token, body: { note: "late" } });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(POS_MSG.drawerClosed);
    const next = await sell(bill());
    expect(next.body.data.closing_fk).toBeNull();
    expect(open.body.data.closing_fk).toBeNull();
    expect((await t.api("GET", `/api/pos_sales/${open.body.data.id}`, { token: cashier.token })).body.data.closing_fk).toBe(
      closing.body.data.id,
    );
    const drawerNow = (await t.api("GET", "/api/pos/session", { token: cashier.token })).body.data.drawer;
    expect(drawerNow.receipts).toBe(1);
    await booksBalance();
  });

  it("finds a receipt by its number with what can still be returned, and lists only the cashier's own", async () => {
    const sold = await sell(bill());
    const found = await t.api("GET", `/api/pos_sales/by_number/${sold.body.data.number}`, { token: cashier.token });
    expect(found.status).toBe(200);
    expect(found.body.data.lines.map((l: { returnable_quantity: string }) => l.returnable_quantity)).toEqual(["1", "1"]);
    // Found through the receipts' index, not by reading every POS sale (this table is too small for
    // the planner to prefer any index of its own accord).
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return JSON.stringify((await tx.execute(sql`explain (format json) ${posSaleByNumberSql(String(sold.body.data.number))}`)).rows);
    });
    expect(plan).toContain("sales_number_idx");
    const other = await t.userWith(["pos_sales/index", "pos_sales/show"], { is_cashier: true, outlet_fk: 1, inventory_ids: [1] });
    expect((await t.api("GET", "/api/pos_sales", { token: other.token })).body.data.data).toEqual([]);
    expect((await t.api("GET", `/api/pos_sales/${sold.body.data.id}`, { token: other.token })).status).toBe(404);
    const mine = await t.api("GET", "/api/pos_sales", { token: cashier.token });
    expect(mine.body.data.data.length).toBe(await posSales());
  });
});

describe("the Discount permission at the till", () => {
  it("refuses a discount on a line or on the bill from a cashier without pos_sales/discount, and books nothing", async () => {
    const before = await posSales();
    const paid = [{ method: "cash", currency_id: 1, amount: "29000" }];
    const onLine = await sell(
      bill({
        lines: [
          { item_fk: formula, unit_fk: piece, quantity: "1", discount_type: "amount", discount: "1000" },
          { item_fk: tea, unit_fk: piece, quantity: "1" },
        ],
        payments: paid,
      }),
    );
    expect(onLine.status).toBe(422);
    expect(onLine.body.errors.lines).toEqual([MSG.forbidden]);
    const onBill = await sell(bill({ invoice_discount: "1000", invoice_discount_type: "amount", payments: paid }));
    expect(onBill.status).toBe(422);
    expect(onBill.body.errors.invoice_discount).toEqual([MSG.forbidden]);
    expect(await posSales()).toBe(before);
    // The same bill without the discount is booked at its full 30,000.
    const full = await sell(bill());
    expect(full.status).toBe(201);
    expect(full.body.data.total).toBe("30000.000");
  });
});

describe("a sale's customer changed at the till", () => {
  it("take another customer while the drawer is open, and the dashboard's figures follow it", async () => {
    // A cash sale of the drawer still open (the stock of the bill above is sold out by now).
    const [open] = await q<{ id: number }>(
      sql`select s.id from sales s join pos_sale_info pi on pi.sale_fk = s.id
           where pi.kind = 'sale' and pi.closing_fk is null and s.remaining = 0 and s.consumer_fk <> ${limited} order by s.id desc limit 1`,
    );
    expect(open).toBeDefined();
    const edited = await t.api("PATCH", `/api/pos_sales/${open!.id}`, { token: cashier.token, body: { customer_fk: limited } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.customer_fk ?? edited.body.data.consumer_fk).toBe(limited);
    // The rows of the dashboard name the customer: none differs from the documents afterwards.
    expect(await dashboardDifferences(t.database.db)).toBe(0);
  });
});
