import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

/** The till knows the financial year of today, to warn when a sale made now would be refused for it. */
let t: TestApp;
let cashier: { token: string; user_id: number };
beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.userWith(["pos_sales/store"], { is_cashier: true, outlet_fk: 1, inventory_ids: [1] });
});
afterAll(() => t.close());

const session = async () => (await t.api("GET", "/api/pos/session", { token: cashier.token })).body.data;
const current = sql`now() >= start_date and now() < end_date`;

describe("the till's financial year", () => {
  it("is the open year of today, then archived once archived, then none when no year covers today", async () => {
    const open = (await session()).financial_year;
    expect(open).toMatchObject({ archived: false });
    const [year] = (await t.database.db.execute<{ id: number; name: string }>(sql`select id, name from financial_years where ${current}`))
      .rows;
    expect(open.name).toBe(year!.name);
    expect((await t.api("POST", `/api/financial_years/${year!.id}/archive`, { body: {} })).status).toBe(200);
    expect((await session()).financial_year).toEqual({ name: year!.name, archived: true });
    await t.database.db.execute(
      sql`update financial_years set start_date = now() - interval '2 day', end_date = now() - interval '1 day' where id = ${year!.id}`,
    );
    expect((await session()).financial_year).toBeNull();
  });
});
