// DATABASE_READ_URL: the reports read the replica it names; everything else reads and writes the
// primary. A second copy of the database stands in for a replica that has not caught up yet.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestDatabase, type TestApp } from "./harness.js";

let replica: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;
beforeAll(async () => {
  replica = await createTestDatabase();
  t = await createTestApp({ DATABASE_READ_URL: replica.url });
});
afterAll(async () => {
  await t.close();
  await replica.drop();
});

describe("a read replica for the reports", () => {
  it("serves the trial balance and statements while postings go to the primary", async () => {
    const till = (await t.api("POST", "/api/cashes", { body: { account_name: "Till", cash_type: 1, currency_id: 1 } })).body.data
      .account_id;
    const type = (await t.api("POST", "/api/income_types", { body: { type_name: "Rent" } })).body.data.type_id;
    const income = await t.api("POST", "/api/incomes", {
      body: { type_id: type, account_id: till, currency_id: 1, amount: "1000", payment_time: "10:00" },
    });
    expect(income.status).toBe(201);
    const posted = await t.database.db.execute<{ d: string }>(sql`select coalesce(sum(sys_debit), 0)::text as d from journal_lines`);
    expect(Number(posted.rows[0]!.d)).toBe(1000);

    // The replica has not seen the income: the report shows what the replica holds.
    const report = await t.api("GET", "/api/financial_reports/trial_balance?per_page=100");
    expect(report.status).toBe(200);
    const rows = report.body.data.data as { debit: string; credit: string }[];
    expect(rows.filter((r) => Number(r.debit) !== 0 || Number(r.credit) !== 0)).toEqual([]);
    // The income itself is read back from the primary.
    expect((await t.api("GET", `/api/incomes/${income.body.data.id}`)).status).toBe(200);
  });
});
