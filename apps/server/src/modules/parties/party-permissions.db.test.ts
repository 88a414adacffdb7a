import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/** SPEC §6 balance view and activate/inactivate on customers and suppliers. */
let t: TestApp;
let customer = 0;
let supplier = 0;
const BALANCES = ["balance", "balance_iqd", "balance_usd"];

beforeAll(async () => {
  t = await createTestApp();
  customer = (await t.api("POST", "/api/customers", { body: { consumer_name: "Najaf Clinic" } })).body.data.consumer_id;
  supplier = (await t.api("POST", "/api/suppliers", { body: { consumer_name: "Basra Traders" } })).body.data.consumer_id;
  // A receipt of 125,000 IQD into the main cash: the customer's balance moves off zero.
  const [cash] = (await t.database.db.execute<{ a: number }>(sql`select account_id a from accounts where system_key = 'main_cash'`)).rows;
  const res = await t.api("POST", "/api/customer_transactions", {
    body: { consumer_id: customer, currency_id: 1, amount: "125000", account_id: cash!.a },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
});
afterAll(() => t.close());

describe("balance view", () => {
  it("answers the customers' list and one customer without balances to a user without customers/balance_view", async () => {
    const clerk = await t.userWith(["customers/index", "customers/show"]);
    const list = await t.api("GET", `/api/customers?filter[consumer_id]=${customer}`, { token: clerk.token });
    expect(list.status).toBe(200);
    const row = list.body.data.data[0];
    expect(row.consumer_name).toBe("Najaf Clinic");
    for (const k of BALANCES) expect(row, k).not.toHaveProperty(k);
    expect(JSON.stringify(list.body.data.footer ?? {})).not.toMatch(/balance/);
    const one = await t.api("GET", `/api/customers/${customer}`, { token: clerk.token });
    expect(one.status).toBe(200);
    for (const k of BALANCES) expect(one.body.data, k).not.toHaveProperty(k);
    // Nor can the balance be found out by sorting or filtering on it.
    const all = (await t.api("GET", "/api/customers", { token: clerk.token })).body.data.total;
    const sorted = await t.api("GET", "/api/customers?sortColumn=balance", { token: clerk.token });
    for (const k of BALANCES) expect(sorted.body.data.data[0] ?? {}, k).not.toHaveProperty(k);
    for (const sign of ["positive", "negative"]) {
      const bySign = await t.api("GET", `/api/customers?filter[balance_sign]=${sign}`, { token: clerk.token });
      expect(bySign.status === 422 || bySign.body.data.total === all, sign).toBe(true);
    }
    const amount = await t.api("GET", "/api/customers?filter[amount_between]=100000,200000", { token: clerk.token });
    expect(amount.status === 422 || amount.body.data.total === all).toBe(true);
  });

  it("shows them to a holder of the key, the same as the super user sees", async () => {
    const accountant = await t.userWith([
      "customers/index",
      "customers/show",
      "customers/balance_view",
      "suppliers/show",
      "suppliers/balance_view",
    ]);
    const mine = (await t.api("GET", `/api/customers/${customer}`, { token: accountant.token })).body.data;
    const admin = (await t.api("GET", `/api/customers/${customer}`)).body.data;
    for (const k of BALANCES) expect(mine[k], k).toBe(admin[k]);
    expect(Math.abs(Number(admin.balance))).toBe(125000);
    const list = await t.api("GET", `/api/customers?filter[consumer_id]=${customer}`, { token: accountant.token });
    expect(list.body.data.data[0].balance).toBe(admin.balance);
    expect((await t.api("GET", `/api/suppliers/${supplier}`, { token: accountant.token })).body.data).toHaveProperty("balance");
  });
});

describe("activate and inactivate", () => {
  it("refuses to make a customer inactive without customers/activate, and changes nothing", async () => {
    const clerk = await t.userWith(["customers/show", "customers/update", "customers/store"]);
    const res = await t.api("PATCH", `/api/customers/${customer}`, {
      token: clerk.token,
      body: { consumer_name: "Najaf Clinic", is_active: false },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: MSG.forbidden, errors: { is_active: [MSG.forbidden] } });
    const [row] = (
      await t.database.db.execute<{ is_active: boolean }>(sql`select is_active from consumers where consumer_id = ${customer}`)
    ).rows;
    expect(row!.is_active).toBe(true);
    // The rest of the record he may change, the flag sent as it stands.
    const renamed = await t.api("PATCH", `/api/customers/${customer}`, {
      token: clerk.token,
      body: { consumer_name: "Najaf Clinic 2", is_active: true },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.consumer_name).toBe("Najaf Clinic 2");
    // Nor may he add a supplier or customer inactive from the start.
    const added = await t.api("POST", "/api/customers", { token: clerk.token, body: { consumer_name: "Kut Store", is_active: false } });
    expect(added.status).toBe(403);
  });

  it("lets a holder of the key make a supplier inactive and active again", async () => {
    const manager = await t.userWith(["suppliers/show", "suppliers/update", "suppliers/activate"]);
    const off = await t.api("PATCH", `/api/suppliers/${supplier}`, {
      token: manager.token,
      body: { consumer_name: "Basra Traders", is_active: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.data.is_active).toBe(false);
    const on = await t.api("PATCH", `/api/suppliers/${supplier}`, {
      token: manager.token,
      body: { consumer_name: "Basra Traders", is_active: true },
    });
    expect(on.body.data.is_active).toBe(true);
  });
});
