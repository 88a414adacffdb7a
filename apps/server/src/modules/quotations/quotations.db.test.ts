import { MSG, QUOTATION_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { pieceAndBoxItem } from "../catalogue/items.fixture.js";
import { dbHelpers, unitIds } from "../sales/sales.fixture.js";

/**
 * Quotations through the API: priced by the one price function (hand-checked figures, steps
 * kept), no stock and no journal entry, validity, and the refusals in SPEC's words.
 */
let t: TestApp;
let piece = 0;
let box = 0;
let soap = 0;
let customer = 0;
let supplier = 0;

const { created, q } = dbHelpers(() => t);

const quotationBody = (extra: Record<string, unknown> = {}) => ({
  consumer_fk: customer,
  date: "2026-11-20 10:00",
  valid_until: "2099-12-31",
  currency_id: 1,
  discount_type: "item",
  lines: [
    { item_fk: soap, unit_fk: box, quantity: "3", discount_type: "percent", discount: "10" },
    { item_fk: soap, unit_fk: piece, quantity: "4" },
  ],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ piece, box } = await unitIds(t));
  soap = await pieceAndBoxItem(t, { piece, box }, "Olive Soap", { piece: "2000", box: "20000" });
  customer = (await created("/api/customers", { consumer_name: "Dilan Market" })).consumer_id;
  supplier = (await created("/api/suppliers", { consumer_name: "Erbil Pharma" })).consumer_id;
});
afterAll(() => t?.close());

describe("quotations", () => {
  let id = 0;

  it("prices an IQD quotation line by line with its steps, and moves no stock and posts nothing", async () => {
    const doc = await created("/api/quotations", quotationBody());
    id = doc.id;
    // 3 boxes × 20,000 = 60,000 less 10% = 54,000; 4 pieces × 2,000 = 8,000. Gross 68,000, discounts 6,000, total 62,000.
    expect(doc).toMatchObject({
      number: expect.stringMatching(/^QT-\d{6}$/),
      status: "open",
      shown_status: "open",
      consumer_name: "Dilan Market",
      inventory_name: "Main Inventory",
      valid_until: "2099-12-31",
      rate: "1.0000",
      subtotal: "68000.000",
      discount_amount: "6000.000",
      tax_amount: "0.000",
      total: "62000.000",
      sale_fk: null,
    });
    expect(doc.lines[0]).toMatchObject({ unit_name: "Box", unit_price: "20000.000", discount_amount: "6000.000", line_total: "54000.000" });
    expect(doc.lines[0].steps.map((s: { step: string; amount: string }) => [s.step, s.amount])).toEqual([
      ["unit_price", "60000"],
      ["line_discount", "54000"],
    ]);
    expect(doc.lines[1]).toMatchObject({ unit_name: "Piece", unit_price: "2000.000", line_total: "8000.000" });
    // Each line names its item unit, so the form can price it again as it is edited.
    const units = (await t.api("GET", `/api/items/${soap}`)).body.data.item_units as { item_unit_id: number; unit_fk: number }[];
    expect(doc.lines.map((l: { item_unit_id: number }) => l.item_unit_id)).toEqual(
      [box, piece].map((u) => units.find((x) => x.unit_fk === u)!.item_unit_id),
    );
    expect(await q(sql`select 1 from stock_movements where source_id = ${id} and source_type like 'quotation%'`)).toEqual([]);
    expect(await q(sql`select 1 from journal_entries`)).toEqual([]);
  });

  it("prices a USD quotation at the in-rate with an invoice discount shared by line value", async () => {
    const doc = await created(
      "/api/quotations",
      quotationBody({
        currency_id: 2,
        rate: "1250",
        discount_type: "invoice",
        invoice_discount_type: "amount",
        invoice_discount: "4",
        lines: [
          { item_fk: soap, unit_fk: box, quantity: "2", discount_type: "percent", discount: "50" },
          { item_fk: soap, unit_fk: piece, quantity: "5" },
        ],
      }),
    );
    // A box 20,000 / 1,250 = 16 USD, a piece 1.6 USD: 32 + 8 = 40; 4 USD off by value: 3.2 and 0.8; total 36.
    // Per-item discounts are not used when the discount is per invoice.
    expect(doc).toMatchObject({ currency_name: "USD", rate: "1250.0000", subtotal: "40.000", discount_amount: "4.000", total: "36.000" });
    expect(doc.lines.map((l: { line_total: string; discount: string }) => [l.line_total, l.discount])).toEqual([
      ["28.800", "0.000"],
      ["7.200", "0.000"],
    ]);
  });

  it("refuses bad input with field messages and saves nothing", async () => {
    const before = (await q<{ n: number }>(sql`select count(*)::int n from quotations`))[0]!.n;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ valid_until: "2026-11-19" }, "valid_until", QUOTATION_MSG.validUntilBeforeDate],
      [{ consumer_fk: supplier }, "consumer_fk", MSG.chooseFromList],
      [{ consumer_fk: undefined }, "consumer_fk", MSG.chooseFromList],
      [{ lines: [{ item_fk: soap, unit_fk: 999999, quantity: "1" }] }, "lines.0.unit_fk", "The selected unit is invalid."],
      [{ lines: [{ item_fk: soap, unit_fk: box, quantity: "0" }] }, "lines.0.quantity", "must be greater than 0"],
      [{ lines: [] }, "lines", "Add at least one line."],
      [{ valid_until: "2026-02-30" }, "valid_until", "must be a valid date"],
      [{ currency_id: 3 }, "currency_id", "The currency must be IQD (1) or USD (2)."],
    ];
    for (const [patch, field, message] of cases) {
      const res = await t.api("POST", "/api/quotations", { body: quotationBody(patch) });
      expect(res.status, field).toBe(422);
      expect(res.body.errors[field], field).toEqual([message]);
    }
    expect((await q<{ n: number }>(sql`select count(*)::int n from quotations`))[0]!.n).toBe(before);
  });

  it("is edited and re-priced, listed with its state (expired past its validity), exported and deleted", async () => {
    const res = await t.api("PATCH", `/api/quotations/${id}`, {
      body: quotationBody({ valid_until: "2026-11-21", lines: [{ item_fk: soap, unit_fk: box, quantity: "1" }] }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: "20000.000", valid_until: "2026-11-21", shown_status: "expired" });
    expect(res.body.data.lines).toHaveLength(1);
    const list = await t.api("GET", `/api/quotations?filter[id]=${id}`);
    expect(list.body.data.data[0]).toMatchObject({ id, shown_status: "expired", total: "20000.000", consumer_name: "Dilan Market" });
    const xlsx = await t.api("GET", "/api/quotations/export");
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers["content-type"])).toContain("spreadsheetml");
    expect((await t.api("DELETE", `/api/quotations/${id}`)).status).toBe(200);
    expect((await t.api("GET", `/api/quotations/${id}`)).status).toBe(404);
  });

  it("answers 403 without the quotations permission", async () => {
    const { token } = await t.userWith(["quotations/index"]);
    expect((await t.api("GET", "/api/quotations", { token })).status).toBe(200);
    expect((await t.api("POST", "/api/quotations", { token, body: quotationBody() })).status).toBe(403);
  });
});

describe("Convert To Sale", () => {
  it("makes a draft sale through the sales core with the quotation's lines and prices, and marks it converted", async () => {
    const doc = await created("/api/quotations", quotationBody());
    const res = await t.api("POST", `/api/quotations/${doc.id}/convert_to_sale`, { body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "converted", shown_status: "converted", sale_fk: expect.any(Number) });
    const sale = (await t.api("GET", `/api/sales/${res.body.data.sale_fk}`)).body.data;
    // The same 62,000: 3 boxes less 10% and 4 pieces, On Account, nothing moved or posted yet.
    expect(sale).toMatchObject({ status: "draft", consumer_fk: customer, inventory_fk: 1, payment_type: "On Account" });
    expect(Number(sale.total)).toBe(62000);
    expect(sale.lines.map((l: { quantity: string; line_total: string }) => [Number(l.quantity), Number(l.line_total)])).toEqual([
      [3, 54000],
      [4, 8000],
    ]);
    expect(await q(sql`select 1 from journal_entries`)).toEqual([]);
    // Converted once: not again, not changed, not deleted.
    const again = await t.api("POST", `/api/quotations/${doc.id}/convert_to_sale`, { body: {} });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(QUOTATION_MSG.converted);
    expect((await t.api("PATCH", `/api/quotations/${doc.id}`, { body: quotationBody() })).status).toBe(422);
    expect((await t.api("DELETE", `/api/quotations/${doc.id}`)).status).toBe(422);
  });

  it("refuses an expired quotation and a Cash conversion without an account", async () => {
    const doc = await created("/api/quotations", quotationBody({ date: "2026-11-01", valid_until: "2026-11-02" }));
    const expired = await t.api("POST", `/api/quotations/${doc.id}/convert_to_sale`, { body: {} });
    expect(expired.status).toBe(422);
    expect(expired.body.message).toBe(QUOTATION_MSG.expired);
    const cash = await t.api("POST", `/api/quotations/${doc.id}/convert_to_sale`, { body: { payment_type: "Cash" } });
    expect(cash.status).toBe(422);
    expect(cash.body.errors.account_fk).toEqual(["The account field is required when money is paid."]);
  });

  it("converted for Cash into an account: the draft sale is paid in full into that account", async () => {
    const till = (await created("/api/cashes", { account_name: "Counter Till", cash_type: 1, currency_id: 1 })).account_id;
    const doc = await created("/api/quotations", quotationBody());
    const res = await t.api("POST", `/api/quotations/${doc.id}/convert_to_sale`, { body: { payment_type: "Cash", account_fk: till } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sale = (await t.api("GET", `/api/sales/${res.body.data.sale_fk}`)).body.data;
    expect(sale).toMatchObject({ status: "draft", payment_type: "Cash", account_fk: till, payment_status: "paid" });
    expect([Number(sale.total), Number(sale.paid_amount), Number(sale.remaining)]).toEqual([62000, 62000, 0]);
    expect(sale.payments.map((p: { account_fk: number; amount: string }) => [p.account_fk, Number(p.amount)])).toEqual([[till, 62000]]);
  });

  it("converted by 8 clients at once: one draft sale, seven told it is converted", async () => {
    const doc = await created("/api/quotations", quotationBody());
    const before = (await q<{ n: number }>(sql`select count(*)::int n from sales`))[0]!.n;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.api("POST", `/api/quotations/${doc.id}/convert_to_sale`, { body: {} })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 422 && r.body.message === QUOTATION_MSG.converted)).toHaveLength(7);
    expect((await q<{ n: number }>(sql`select count(*)::int n from sales`))[0]!.n).toBe(before + 1);
  });
});
