import { expect } from "vitest";
import type { TestApp } from "../../../test/harness.js";

/**
 * A till in IQD and a bank in USD, an income type and an expense type, all named after `prefix`,
 * and in each currency an income (today at 09:00) and an expense (on 2 March 2026 at 23:45) of
 * the amounts given, IQD first: the money documents the export tests read back.
 */
export async function moneyDocs(
  t: TestApp,
  prefix: string,
  amounts: { incomes: readonly [string, string]; expenses: readonly [string, string] },
): Promise<void> {
  const iqd = await t.api("POST", "/api/cashes", { body: { account_name: `${prefix} till IQD`, cash_type: 1, currency_id: 1 } });
  const usd = await t.api("POST", "/api/cashes", { body: { account_name: `${prefix} bank USD`, cash_type: 2, currency_id: 2 } });
  const income = await t.api("POST", "/api/income_types", { body: { type_name: `${prefix} rent` } });
  const expense = await t.api("POST", "/api/expense_types", { body: { type_name: `${prefix} power` } });
  const tills = [
    [iqd.body.data.account_id, 1],
    [usd.body.data.account_id, 2],
  ] as const;
  const docs = [
    ["/api/incomes", income.body.data.type_id, amounts.incomes, { payment_time: "09:00" }],
    ["/api/expenses", expense.body.data.type_id, amounts.expenses, { date: "2026-03-02", payment_time: "23:45" }],
  ] as const;
  for (const [url, type_id, amount, when] of docs)
    for (const [i, [account, currency]] of tills.entries()) {
      const res = await t.api("POST", url, { body: { type_id, account_id: account, currency_id: currency, amount: amount[i], ...when } });
      expect(res.status).toBe(201);
    }
}
