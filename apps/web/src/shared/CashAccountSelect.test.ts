import { describe, expect, it } from "vitest";
import type { CashAccount } from "./api/ledger";
import { offeredAccounts } from "./CashAccountSelect";

const account = (account_id: number, is_drawer: boolean): CashAccount => ({
  account_id,
  account_name: `Account ${account_id}`,
  code: null,
  cash_type: 1,
  currency_id: 1,
  is_drawer,
});

describe("the accounts a payment offers", () => {
  const accounts = [account(1, false), account(7, true), account(8, true), account(9, false)];

  it("leaves the cashiers' drawers out of a back-office sale, expense or income", () => {
    expect(offeredAccounts(accounts, { excludeDrawers: true, value: "" }).map((a) => a.account_id)).toEqual([1, 9]);
  });

  it("keeps the drawer an old document was paid with, so the form shows it", () => {
    expect(offeredAccounts(accounts, { excludeDrawers: true, value: "8" }).map((a) => a.account_id)).toEqual([1, 8, 9]);
  });

  it("offers every account elsewhere (a transfer empties a drawer into the safe)", () => {
    expect(offeredAccounts(accounts, { excludeDrawers: false, value: "" })).toHaveLength(4);
  });
});
