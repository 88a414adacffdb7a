import { MSG, PURCHASE_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { pieceAndBoxItem } from "../catalogue/items.fixture.js";
import { multipart } from "../catalogue/multipart.fixture.js";
import { jobsSettled } from "../jobs/job-runner.js";
import { dbHelpers, unitIds } from "../sales/sales.fixture.js";

/**
 * Purchases through the API with hand-checked figures: a USD purchase at an out-rate of 1,500
 * with a 10% discount and a bonus, paid partly from a USD till, an IQD transport charge applied
 * over its lines, the average costs and the journal; a return; protection; import.
 */
let t: TestApp;
let piece = 0;
let box = 0;
let amox = 0;
let soap = 0;
let supplier = 0;
let carrier = 0;
let usdCash = 0;

const { created, ok, q, balance } = dbHelpers(() => t);
const itemCost = async (item: number) => {
  const [r] = await q<{ qty: string; value: string; avg_cost: string }>(
    sql`select qty::text, value::text, avg_cost::text from stock_item_costs where item_fk = ${item}`,
  );
  return { qty: Number(r!.qty), value: Number(r!.value), avg: Number(r!.avg_cost) };
};
const supplierAccount = async (consumer: number, currency: "account_fk" | "account_usd_fk") =>
  Number((await q<{ a: number }>(sql`select ${sql.identifier(currency)} a from consumers where consumer_id = ${consumer}`))[0]!.a);

const makeItem = (name: string, extra: Record<string, unknown> = {}) =>
  pieceAndBoxItem(t, { piece, box }, name, { piece: "2000", box: "20000" }, extra);

const purchaseBody = (extra: Record<string, unknown> = {}) => ({
  consumer_id: supplier,
  reference_no: "INV-7781",
  date: "2026-11-20 10:00",
  inventory_id: 1,
  currency_id: 2,
  rate: "1500",
  discount_type: "percent",
  discount: "10",
  payment_type: "Cash",
  account_id: usdCash,
  paid_amount: "62",
  lines: [
    { item_id: amox, unit_id: box, quantity: "10", bonus: "2", unit_price: "12", batch_no: "A1", expire_date: "2027-06-30" },
    { item_id: soap, unit_id: piece, quantity: "120", unit_price: "0.5" },
  ],
  charges: [{ kind: "transport", consumer_id: carrier, payment_type: "On Account", currency_id: 1, amount: "36000" }],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  ({ piece, box } = await unitIds(t));
  amox = await makeItem("Amoxicillin 500", { has_expire: true, expire_alert: 30 });
  soap = await makeItem("Olive Soap");
  supplier = (await created("/api/suppliers", { consumer_name: "Erbil Pharma" })).consumer_id;
  carrier = (await created("/api/suppliers", { consumer_name: "Zagros Transport" })).consumer_id;
  usdCash = (await created("/api/cashes", { account_name: "Till USD", cash_type: 1, currency_id: 2 })).account_id;
  // 100 USD into the till at 1,500: it carries 150,000 IQD.
  await created("/api/incomes", {
    type_id: (await created("/api/income_types", { type_name: "Owner" })).type_id,
    account_id: usdCash,
    currency_id: 2,
    rate: "1500",
    amount: "100",
    date: "2026-11-19",
    payment_time: "09:00",
  });
});
afterAll(() => t?.close());

describe("a USD purchase with an IQD transport charge", () => {
  let id = 0;

  it("is saved as a draft with its figures, and moves nothing", async () => {
    const p = await created("/api/purchases", purchaseBody());
    id = p.id;
    // 10 boxes × 12 + 120 pieces × 0.5 = 180 USD; 10% off = 18; total 162; 62 paid.
    expect(p).toMatchObject({ status: "draft", subtotal: "180.000", discount_amount: "18.000", total: "162.000", paid_amount: "62.000" });
    expect(p.payment_status).toBe("partially_paid");
    expect(p.number).toMatch(/^PUR-\d{6}$/);
    expect(p.lines).toHaveLength(2);
    expect(p.charges[0]).toMatchObject({ consumer_name: "Zagros Transport", amount: "36000.000" });
    expect(await q(sql`select 1 from stock_movements where source_type = 'purchase' and source_id = ${id}`)).toEqual([]);
    expect(await q(sql`select 1 from journal_entries where source_type = 'purchase' and source_id = ${id}`)).toEqual([]);
  });

  it("completes: the goods come in at their cost and the purchase posts", async () => {
    const p = await ok(`/api/purchases/${id}/complete`);
    expect(p.status).toBe("complete");
    // 162 USD × 1,500 = 243,000 IQD over the lines by value: 108 USD (Amoxicillin) → 162,000 for
    // 120 pieces (10 boxes + 2 bonus) = 1,350 a piece; 54 USD (soap) → 81,000 for 120 = 675.
    expect(await itemCost(amox)).toEqual({ qty: 120, value: 162000, avg: 1350 });
    expect(await itemCost(soap)).toEqual({ qty: 120, value: 81000, avg: 675 });
    expect(await balance("inventory")).toEqual({ own: 243000, sys: 243000 });
    // 100 USD owed (150,000 IQD), 62 USD paid from the till at its carrying value (93,000 IQD).
    expect(await balance(await supplierAccount(supplier, "account_usd_fk"))).toEqual({ own: -100, sys: -150000 });
    expect(await balance(usdCash)).toEqual({ own: 38, sys: 57000 });
    const [batch] = await q<{ batch_no: string; expire_date: string; qty: string }>(sql`
      select sb.batch_no, to_char(sb.expire_date, 'YYYY-MM-DD') expire_date, b.qty::text from stock_balances b
        join stock_batches sb on sb.batch_id = b.batch_fk where b.item_fk = ${amox}`);
    expect(batch).toEqual({ batch_no: "A1", expire_date: "2027-06-30", qty: "120.0000" });
  });

  it("apply cost spreads the charge by value, re-values the stock and posts the charge", async () => {
    const preview = (await t.api("GET", `/api/purchases/${id}/apply_cost`)).body.data;
    expect(preview.charges_value).toBe("36000");
    // 36,000 over 162,000 : 81,000 → 24,000 and 12,000; per box of Amoxicillin 13,500 → 15,500.
    expect(
      preview.lines.map((l: { share: string; unit_cost: string; new_unit_cost: string }) => [l.share, l.unit_cost, l.new_unit_cost]),
    ).toEqual([
      ["24000", "13500", "15500"],
      ["12000", "675", "775"],
    ]);
    const applied = await ok(`/api/purchases/${id}/apply_cost`);
    expect(applied.costs_applied).toBe(true);
    expect(await itemCost(amox)).toEqual({ qty: 120, value: 186000, avg: 1550 });
    expect(await itemCost(soap)).toEqual({ qty: 120, value: 93000, avg: 775 });
    expect(await balance("inventory")).toEqual({ own: 279000, sys: 279000 });
    expect(await balance(await supplierAccount(carrier, "account_fk"))).toEqual({ own: -36000, sys: -36000 });
    // Applying twice is refused.
    const again = await t.api("POST", `/api/purchases/${id}/apply_cost`);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(PURCHASE_MSG.costsApplied);
  });

  it("the journal balances and the supplier's statement shows the purchase", async () => {
    const [tb] = await q<{ d: string; c: string }>(sql`select sum(sys_debit)::text d, sum(sys_credit)::text c from journal_lines`);
    expect(Number(tb!.d)).toBe(Number(tb!.c));
    const st = await t.api("GET", `/api/supplier_transactions/statement?consumer_id=${supplier}`);
    expect(st.status).toBe(200);
    // The purchase's line with its total, and its cash part as a line of its own.
    const lines = st.body.data.data.filter((r: { source_type: string }) => r.source_type === "purchase");
    expect(lines.find((r: { credit: string }) => Number(r.credit) > 0)).toMatchObject({ source_id: id, credit: "162.0000" });
    expect(lines.find((r: { debit: string }) => Number(r.debit) > 0)).toMatchObject({ source_id: id, debit: "62.0000" });
  });

  it("a return from the purchase leaves at the purchase's cost from its batch and reduces the supplier", async () => {
    const p = (await t.api("GET", `/api/purchases/${id}`)).body.data;
    const line = p.lines[0];
    /** A return on account of the first line's boxes at 10.8 USD, at the purchase's rate. */
    const returnBody = (qty: { quantity: string; bonus?: string }, extra: Record<string, unknown> = {}) => ({
      purchase_id: id,
      consumer_id: supplier,
      inventory_id: 1,
      currency_id: 2,
      rate: "1500",
      payment_type: "On Account",
      ...extra,
      lines: [{ purchase_line_id: line.line_id, item_id: amox, unit_id: box, ...qty, unit_price: "10.8" }],
    });
    const tooMany = await t.api("POST", "/api/purchase_returns", { body: returnBody({ quantity: "11" }, { date: "2026-11-21" }) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors["lines.0.quantity"]).toEqual([PURCHASE_MSG.moreThanBought]);
    const r = await created("/api/purchase_returns", returnBody({ quantity: "2", bonus: "1" }, { date: "2026-11-21" }));
    expect(r).toMatchObject({ total: "21.600", status: "complete", purchase_number: p.number });
    expect(r.number).toMatch(/^PRT-\d{6}$/);
    // 3 boxes = 30 pieces out at 1,550 = 46,500; the supplier owes back 21.6 USD = 32,400; 14,100 lost.
    expect(await itemCost(amox)).toEqual({ qty: 90, value: 139500, avg: 1550 });
    expect(await balance("inventory")).toEqual({ own: 232500, sys: 232500 });
    expect(await balance(await supplierAccount(supplier, "account_usd_fk"))).toEqual({ own: -78.4, sys: -117600 });
    expect(await balance("stock_losses")).toEqual({ own: 14100, sys: 14100 });
    const after = (await t.api("GET", `/api/purchases/${id}`)).body.data;
    expect(after.lines[0]).toMatchObject({ returned_quantity: "2.0000", returned_bonus: "1.0000" });
    // What is left to return: 8 boxes and 1 bonus box.
    const bonusTooMany = await t.api("POST", "/api/purchase_returns", { body: returnBody({ quantity: "0", bonus: "2" }) });
    expect(bonusTooMany.status).toBe(422);
    expect(bonusTooMany.body.errors["lines.0.bonus"]).toEqual([PURCHASE_MSG.moreThanBought]);
  });

  it("a purchase whose goods were returned cannot be edited, returned to draft or deleted", async () => {
    const before = await q(sql`select count(*)::int n from stock_movements`);
    for (const res of [
      await t.api("POST", `/api/purchases/${id}/return_to_draft`),
      await t.api("PATCH", `/api/purchases/${id}`, { body: purchaseBody() }),
      await t.api("DELETE", `/api/purchases/${id}`),
    ]) {
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(MSG.protectedDocument);
    }
    expect(await q(sql`select count(*)::int n from stock_movements`)).toEqual(before);
    expect((await t.api("GET", `/api/purchases/${id}`)).body.data.status).toBe("complete");
  });

  it("once the return is deleted the purchase goes back to draft: stock and entries reversed", async () => {
    const r = (await t.api("GET", "/api/purchase_returns")).body.data.data[0];
    expect((await t.api("DELETE", `/api/purchase_returns/${r.id}`)).status).toBe(200);
    await ok(`/api/purchases/${id}/return_to_draft`);
    expect(await itemCost(amox)).toMatchObject({ qty: 0, value: 0 });
    expect(await itemCost(soap)).toMatchObject({ qty: 0, value: 0 });
    expect(await balance("inventory")).toEqual({ own: 0, sys: 0 });
    expect(await balance(await supplierAccount(carrier, "account_fk"))).toEqual({ own: 0, sys: 0 });
    expect(await balance(usdCash)).toEqual({ own: 100, sys: 150000 });
    const p = (await t.api("GET", `/api/purchases/${id}`)).body.data;
    expect(p).toMatchObject({ status: "draft", costs_applied: false });
    expect(p.lines[0].unit_cost).toBe("1350.000000");
  });

  it("a closed purchase refuses changes until it is opened", async () => {
    await ok(`/api/purchases/${id}/close`);
    // Refused to anyone who may not unclose (the super user may).
    const clerk = await t.userWith(["purchases/show", "purchases/complete"], { inventory_ids: [1] });
    const res = await t.api("POST", `/api/purchases/${id}/complete`, { token: clerk.token });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(PURCHASE_MSG.closed);
    await ok(`/api/purchases/${id}/open`);
    expect((await ok(`/api/purchases/${id}/complete`)).status).toBe("complete");
  });
});

describe("purchase checks", () => {
  it("an item with an expiry needs its expiry date; a unit must be the item's; paid no more than the total", async () => {
    const res = await t.api("POST", "/api/purchases", {
      body: purchaseBody({
        paid_amount: "0",
        lines: [
          { item_id: amox, unit_id: box, quantity: "1", unit_price: "12" },
          { item_id: soap, unit_id: 999999, quantity: "1", unit_price: "1" },
        ],
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors["lines.0.expire_date"]).toEqual([PURCHASE_MSG.expiryRequired]);
    expect(res.body.errors["lines.1.unit_id"]).toEqual([PURCHASE_MSG.unitInvalid]);
    const paid = await t.api("POST", "/api/purchases", { body: purchaseBody({ paid_amount: "500" }) });
    expect(paid.status).toBe(422);
    expect(paid.body.errors.paid_amount).toEqual([PURCHASE_MSG.paidTooMuch]);
    const before = await q<{ n: number }>(sql`select count(*)::int n from purchases`);
    const outside = await t.api("POST", "/api/purchases", { body: purchaseBody({ date: "2001-03-01" }) });
    expect(outside.status).toBe(422);
    expect(outside.body.errors.date).toEqual([MSG.noFinancialYear]);
    expect(await q<{ n: number }>(sql`select count(*)::int n from purchases`)).toEqual(before);
    const ref = await t.api("POST", "/api/purchases", { body: purchaseBody({ reference_no: "x".repeat(141) }) });
    expect(ref.status).toBe(422);
    expect(ref.body.errors.reference_no).toEqual([MSG.maxChars140]);
  });

  it("figures beyond what the books hold are refused on their field, before anything is saved or posted", async () => {
    const count = async (table: string) => (await q<{ n: number }>(sql`select count(*)::int n from ${sql.identifier(table)}`))[0]!.n;
    const before = [await count("purchases"), await count("purchase_returns"), await count("inventory_opening_balances")];
    // Each number fits its field (15 digits), their product does not.
    const huge = "99999999999999";
    const line = await t.api("POST", "/api/purchases", {
      body: purchaseBody({
        payment_type: "On Account",
        paid_amount: "0",
        lines: [{ item_id: soap, unit_id: box, quantity: "999999999999999", unit_price: huge }],
      }),
    });
    expect(line.status).toBe(422);
    expect(line.body.errors["lines.0.quantity"]).toEqual([MSG.quantityTooLarge]);
    expect(line.body.errors["lines.0.unit_price"]).toEqual([MSG.amountTooLarge]);
    // 1e12 dollars fit the purchase's own columns; at 1,500 dinars each they would not fit the journal.
    const dollars = await t.api("POST", "/api/purchases", {
      body: purchaseBody({
        payment_type: "On Account",
        paid_amount: "0",
        discount: "0",
        lines: [{ item_id: soap, unit_id: piece, quantity: "1000", unit_price: "1000000000000" }],
      }),
    });
    expect(dollars.status).toBe(422);
    expect(dollars.body.errors.total).toEqual([MSG.amountTooLarge]);
    // A charge that could never be applied.
    const charge = await t.api("POST", "/api/purchases", {
      body: purchaseBody({
        payment_type: "On Account",
        paid_amount: "0",
        charges: [
          { kind: "transport", consumer_id: carrier, payment_type: "On Account", currency_id: 2, rate: "1500", amount: "999999999999999" },
        ],
      }),
    });
    expect(charge.status).toBe(422);
    expect(charge.body.errors["charges.0.amount"]).toEqual([MSG.amountTooLarge]);
    const ret = await t.api("POST", "/api/purchase_returns", {
      body: {
        consumer_id: supplier,
        inventory_id: 1,
        currency_id: 1,
        payment_type: "On Account",
        lines: [{ item_id: soap, unit_id: piece, quantity: huge, unit_price: huge }],
      },
    });
    expect(ret.status).toBe(422);
    expect(ret.body.errors["lines.0.unit_price"]).toEqual([MSG.amountTooLarge]);
    const opening = await t.api("POST", "/api/inventory_opening_balances", {
      body: { inventory_id: 1, lines: [{ item_id: soap, unit_id: piece, quantity: huge, unit_cost: huge }] },
    });
    expect(opening.status).toBe(422);
    expect(opening.body.errors["lines.0.unit_cost"]).toEqual([MSG.amountTooLarge]);
    expect([await count("purchases"), await count("purchase_returns"), await count("inventory_opening_balances")]).toEqual(before);
  });

  it("an IQD purchase paid from a USD till takes the dollars the dinars come to at the out-rate, not as many dollars as dinars", async () => {
    const [r] = await q<{ rate: string }>(sql`select rate::text from currency_rates order by date desc, rate_id desc limit 1`);
    const outRate = Number(r!.rate);
    const before = await balance(usdCash);
    const p = await created(
      "/api/purchases",
      purchaseBody({
        currency_id: 1,
        rate: "1",
        discount: "0",
        paid_amount: "15000",
        lines: [{ item_id: soap, unit_id: piece, quantity: "10", unit_price: "3000" }],
        charges: [
          { kind: "transport", consumer_id: carrier, payment_type: "Cash", account_id: usdCash, currency_id: 1, rate: "1", amount: "3000" },
        ],
      }),
    );
    await ok(`/api/purchases/${p.id}/complete`);
    const afterComplete = await balance(usdCash);
    expect(afterComplete.own - before.own).toBeCloseTo(-15000 / outRate, 3);
    await ok(`/api/purchases/${p.id}/apply_cost`);
    expect((await balance(usdCash)).own - afterComplete.own).toBeCloseTo(-3000 / outRate, 3);
    await ok(`/api/purchases/${p.id}/return_to_draft`);
    expect((await balance(usdCash)).own).toBeCloseTo(before.own, 3);
    await t.api("DELETE", `/api/purchases/${p.id}`);
  });

  it("modify sale price writes the item units' prices, audited, for the purchase's items only", async () => {
    const p = await created(
      "/api/purchases",
      purchaseBody({ payment_type: "On Account", account_id: null, paid_amount: null, charges: [] }),
    );
    const prices = (await t.api("GET", `/api/purchases/${p.id}/sale_prices`)).body.data;
    const amoxLine = prices.lines[0];
    expect(amoxLine).toMatchObject({ item_name: "Amoxicillin 500", unit_name: "Box", last_sale_price: "20000.00", net_price: "9" });
    const boxUnit = amoxLine.units.find((u: { unit_name: string }) => u.unit_name === "Box");
    const pieceUnit = amoxLine.units.find((u: { unit_name: string }) => u.unit_name === "Piece");
    const res = await ok(`/api/purchases/${p.id}/modify_sale_price`, {
      prices: [
        { item_unit_id: boxUnit.item_unit_id, price: "17500" },
        { item_unit_id: pieceUnit.item_unit_id, price: "1750" },
      ],
    });
    expect(res.lines[0].units.find((u: { unit_name: string }) => u.unit_name === "Box").price).toBe("17500.00");
    const [log] = await q<{ before: Record<string, string>; after: Record<string, string> }>(
      sql`select before, after from audit_logs where module = 'purchases' and action = 'modify_sale_price' order by id desc limit 1`,
    );
    expect(log!.before[boxUnit.item_unit_id]).toBe("20000.00");
    expect(log!.after[boxUnit.item_unit_id]).toBe("17500.00");
    const other = await makeItem("Not Bought");
    const otherUnit = Number(
      (await q<{ id: number }>(sql`select item_unit_id id from item_units where item_fk = ${other} limit 1`))[0]!.id,
    );
    const refused = await t.api("POST", `/api/purchases/${p.id}/modify_sale_price`, {
      body: { prices: [{ item_unit_id: otherUnit, price: "1" }] },
    });
    expect(refused.status).toBe(422);
    const reader = await t.userWith(["purchases/index", "purchases/show"]);
    expect((await t.api("POST", `/api/purchases/${p.id}/modify_sale_price`, { token: reader.token, body: { prices: [] } })).status).toBe(
      403,
    );
  });
});

describe("import of lines from xlsx", () => {
  const sheet = async (rows: (string | number)[][]) => {
    const { default: ExcelJS } = await import("exceljs");
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("lines");
    ws.addRow(["item", "unit", "item_description", "unit_bonus", "unit_quantity", "unit_price", "expire_date"]);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const upload = async (id: number, file: Buffer) => {
    const form = multipart({ file: { file, name: "lines.xlsx" } });
    return t.api("POST", `/api/purchases/${id}/import`, { body: form.body, headers: form.headers });
  };

  it("reports every bad row by number and saves nothing; a good file adds its lines", async () => {
    const p = await created(
      "/api/purchases",
      purchaseBody({ payment_type: "On Account", account_id: null, paid_amount: null, charges: [] }),
    );
    const bad = await upload(
      p.id,
      await sheet([
        ["Olive Soap", "Piece", "", "", "5", "1", ""],
        ["No Such Item", "", "", "", "1", "1", ""],
        ["Amoxicillin 500", "Box", "", "1", "2", "12", ""],
        ["Olive Soap", "Crate", "", "", "-1", "x", ""],
      ]),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.rows).toEqual([
      { row: 3, column: "item", reason: PURCHASE_MSG.itemInvalid },
      { row: 4, column: "expire_date", reason: PURCHASE_MSG.expiryRequired },
      { row: 5, column: "unit", reason: PURCHASE_MSG.unitInvalid },
      { row: 5, column: "unit_quantity", reason: "must be a number greater than 0 with at most 4 decimals" },
      { row: 5, column: "unit_price", reason: "must be a number with at most 3 decimals" },
    ]);
    expect((await t.api("GET", `/api/purchases/${p.id}`)).body.data.lines).toHaveLength(2);
    const good = await upload(
      p.id,
      await sheet([
        ["Olive Soap", "Piece", "gift pack", "", "5", "1", ""],
        ["amoxicillin 500", "", "", "1", "2", "12", "30/06/2027"],
      ]),
    );
    expect(good.status).toBe(201);
    expect(good.body.data.imported).toBe(2);
    const lines = (await t.api("GET", `/api/purchases/${p.id}`)).body.data.lines;
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatchObject({ item_fk: amox, unit_fk: box, quantity: "2.0000", bonus: "1.0000", expire_date: "2027-06-30" });
    expect(lines[2]).toMatchObject({ description: "gift pack", quantity: "5.0000" });
    const tpl = await t.api("GET", "/api/purchases/import_template");
    expect(tpl.status).toBe(200);
    expect(tpl.raw.subarray(0, 2).toString()).toBe("PK");
    const empty = multipart({ note: "x" });
    const none = await t.api("POST", `/api/purchases/${p.id}/import`, { body: empty.body, headers: empty.headers });
    expect(none.status).toBe(422);
  });

  it("as a job: a bad sheet's rows on the job and nothing saved, a good one's lines added", async () => {
    const p = await created(
      "/api/purchases",
      purchaseBody({ payment_type: "On Account", account_id: null, paid_amount: null, charges: [] }),
    );
    const start = async (file: Buffer) => {
      const form = multipart({ file: { file, name: "lines.xlsx" } });
      return t.api("POST", `/api/purchases/${p.id}/import/start`, { body: form.body, headers: form.headers });
    };
    const ended = async (id: string) => {
      await jobsSettled(t.app);
      return (await t.api("GET", `/api/jobs/${id}`)).body.data;
    };
    const bad = await start(await sheet([["No Such Item", "", "", "", "1", "1", ""]]));
    expect(bad.status).toBe(202);
    const failed = await ended(bad.body.data.id);
    expect(failed.state).toBe("failed");
    expect(failed.error.rows).toEqual([{ row: 2, column: "item", reason: PURCHASE_MSG.itemInvalid }]);
    expect((await t.api("GET", `/api/purchases/${p.id}`)).body.data.lines).toHaveLength(2);
    const good = await start(await sheet([["Olive Soap", "Piece", "", "", "5", "1", ""]]));
    expect(await ended(good.body.data.id)).toMatchObject({ kind: "purchase_import", state: "done", result: { imported: 1 } });
    expect((await t.api("GET", `/api/purchases/${p.id}`)).body.data.lines).toHaveLength(3);
  });

  it("a sheet typed in Arabic or Kurdish: units by the names the screens show, numbers with Arabic-Indic digits and thousands separators", async () => {
    const p = await created(
      "/api/purchases",
      purchaseBody({
        payment_type: "On Account",
        account_id: null,
        paid_amount: null,
        charges: [],
        currency_id: 1,
        rate: null,
        discount: "0",
      }),
    );
    const res = await upload(
      p.id,
      await sheet([
        ["Amoxicillin 500", "علبة", "", "١", "٢", "١٢٬٥٠٠", "٣٠/٠٦/٢٠٢٨"],
        ["Olive Soap", "دانە", "", "", "1,200", "1,500.5", ""],
        ["Olive Soap", "قطعة", "", "", "3", "٢٥٠٫٧٥", ""],
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const lines = (await t.api("GET", `/api/purchases/${p.id}`)).body.data.lines;
    expect(lines.slice(2)).toMatchObject([
      { item_fk: amox, unit_fk: box, quantity: "2.0000", bonus: "1.0000", unit_price: "12500.000", expire_date: "2028-06-30" },
      { item_fk: soap, unit_fk: piece, quantity: "1200.0000", unit_price: "1500.500" },
      { item_fk: soap, unit_fk: piece, quantity: "3.0000", unit_price: "250.750" },
    ]);
  });
});
