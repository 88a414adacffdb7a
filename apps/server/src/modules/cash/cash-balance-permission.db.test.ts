import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/** SPEC §6 balance view on cash and bank accounts. */
let t: TestApp;
let till = 0;

beforeAll(async () => {
  t = await createTestApp();
  till = (await t.api("POST", "/api/cashes", { body: { account_name: "Till B", cash_type: 1, currency_id: 1 } })).body.data.account_id;
});
afterAll(() => t.close());

describe("cash balances", () => {
  it("lists and shows the accounts without their balances, and refuses the totals, to a user without cashes/balance_view", async () => {
    const clerk = await t.userWith(["cashes/index", "cashes/show"]);
    const list = await t.api("GET", `/api/cashes?filter[account_id]=${till}`, { token: clerk.token });
    expect(list.status).toBe(200);
    expect(list.body.data.data[0].account_name).toBe("Till B");
    expect(list.body.data.data[0]).not.toHaveProperty("balance");
    const one = await t.api("GET", `/api/cashes/${till}`, { token: clerk.token });
    expect(one.status).toBe(200);
    expect(one.body.data).not.toHaveProperty("balance");
    expect((await t.api("GET", "/api/show_total_cash_balance", { token: clerk.token })).status).toBe(403);
  });

  it("answers them to a holder of the key as the super user reads them", async () => {
    const accountant = await t.userWith(["cashes/index", "cashes/show", "cashes/balance_view"]);
    const one = await t.api("GET", `/api/cashes/${till}`, { token: accountant.token });
    expect(one.body.data.balance).toBe((await t.api("GET", `/api/cashes/${till}`)).body.data.balance);
    const totals = await t.api("GET", "/api/show_total_cash_balance", { token: accountant.token });
    expect(totals.status).toBe(200);
    expect(totals.body.data.accounts.length).toBeGreaterThan(0);
  });
});
