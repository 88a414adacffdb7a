import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { dbHelpers, type SalesFixture, salesFixture } from "./sales.fixture.js";

/** SPEC §6 Discount: a discount on a sale, on the invoice or on a line, is given only by a holder of the section's `discount`. */
let t: TestApp;
let amox = 0;
let box = 0;
let saleBody: SalesFixture["saleBody"];
const { q } = dbHelpers(() => t);
const count = async () => Number((await q<{ n: string }>(sql`select count(*)::text n from sales`))[0]!.n);

beforeAll(async () => {
  ({ t, amox, box, saleBody } = await salesFixture());
});
afterAll(() => t.close());

describe("the Discount permission on a sale", () => {
  const clerkKeys = ["sales/index", "sales/show", "sales/store", "sales/update"];

  it("refuses an invoice discount from a clerk without sales/discount, and saves nothing", async () => {
    const clerk = await t.userWith(clerkKeys, { inventory_ids: [1] });
    const before = await count();
    const res = await t.api("POST", "/api/sales", { token: clerk.token, body: saleBody({ paid_amount: "0" }) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.forbidden);
    expect(res.body.errors).toEqual({ invoice_discount: [MSG.forbidden] });
    expect(await count()).toBe(before);
  });

  it("refuses a line discount without the sale's own section's discount (salesman_sales/discount is not sales/discount), naming the line", async () => {
    const clerk = await t.userWith([...clerkKeys, "salesman_sales/discount"], { inventory_ids: [1] });
    const res = await t.api("POST", "/api/sales", {
      token: clerk.token,
      body: saleBody({
        paid_amount: "0",
        discount_type: "item",
        lines: [
          { item_fk: amox, unit_fk: box, quantity: "1" },
          { item_fk: amox, unit_fk: box, quantity: "1", discount_type: "amount", discount: "2" },
        ],
      }),
    });
    expect(res.status).toBe(403);
    expect(res.body.errors).toEqual({ "lines.1.discount": [MSG.forbidden] });
  });

  it("saves the same sale without a discount, and with it for a holder of sales/discount, at the discounted figures", async () => {
    const clerk = await t.userWith(clerkKeys, { inventory_ids: [1] });
    const plain = await t.api("POST", "/api/sales", { token: clerk.token, body: saleBody({ paid_amount: "0", invoice_discount: "0" }) });
    expect(plain.status).toBe(201);
    // 3 boxes at 20 USD and 20 soaps at 1 USD with 10% tax on the soap: 82 USD.
    expect(plain.body.data.total).toBe("82.000");

    const trusted = await t.userWith([...clerkKeys, "sales/discount"], { inventory_ids: [1] });
    const discounted = await t.api("POST", "/api/sales", { token: trusted.token, body: saleBody({ paid_amount: "0" }) });
    expect(discounted.status).toBe(201);
    expect(discounted.body.data.total).toBe("73.800");
    const saved = await q<{ total: string }>(sql`select total::text from sales where id = ${discounted.body.data.id}`);
    expect(saved[0]!.total).toBe("73.800");
  });
});

describe("the customer's balance beside a sale", () => {
  it("is answered only to a holder of customers/balance_view; the credit limit and warnings to every writer", async () => {
    const sale = (await t.api("POST", "/api/sales", { body: saleBody({ paid_amount: "0" }) })).body.data;
    const customer = sale.consumer_fk;
    const clerk = await t.userWith(["sales/store", "sales/show", "sales/view_all"], { inventory_ids: [1] });
    const info = await t.api("GET", `/api/sales/customer_info/${customer}`, { token: clerk.token });
    expect(info.status).toBe(200);
    expect(info.body.data.customer_credit.balance).toBeNull();
    expect(Array.isArray(info.body.data.warnings)).toBe(true);
    expect((await t.api("GET", `/api/sales/${sale.id}`, { token: clerk.token })).body.data.customer_credit.balance).toBeNull();

    const accountant = await t.userWith(["sales/store", "sales/show", "sales/view_all", "customers/balance_view"], { inventory_ids: [1] });
    const seen = await t.api("GET", `/api/sales/customer_info/${customer}`, { token: accountant.token });
    const admin = await t.api("GET", `/api/sales/customer_info/${customer}`);
    expect(seen.body.data.customer_credit.balance).toBe(admin.body.data.customer_credit.balance);
    expect(admin.body.data.customer_credit.balance).not.toBeNull();
  });
});
