import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { listKey } from "../DataTable";
import { EP, invalidateLedger } from "./ledger";

describe("invalidateLedger", () => {
  it("marks every ledger-derived query stale and leaves the others alone", async () => {
    const client = new QueryClient();
    const derived = [
      [...listKey(EP.cashes), { page: 1 }],
      ["show_total_cash_balance"],
      ["cash_balance_show", 3],
      [...listKey(EP.trialBalance), { "filter[date_filter]": "THIS_YEAR" }],
      [EP.incomeStatement, { "filter[currency_id]": 1 }],
      [EP.customerTransactions, "statement", 7, {}],
      [EP.supplierTransactions, "statement", 8, {}],
      [...listKey("reports/customer_statements"), {}],
      [...listKey(EP.customers), {}],
      [EP.openingBalance, 1],
    ];
    const unrelated = [
      [...listKey("users"), {}],
      ["currencies", "list"],
      [...listKey(EP.expenseTypes), {}],
    ];
    for (const key of [...derived, ...unrelated]) client.setQueryData(key, { any: true });

    await invalidateLedger(client);

    for (const key of derived) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    for (const key of unrelated) expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(false);
  });
});
