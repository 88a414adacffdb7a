import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { type QueryClient, queryOptions, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "./client";
import type { DataBody, MessageBody } from "./types";

/** Endpoints of the accounting screens (SPEC §7). */
export const EP = {
  cashes: "cashes",
  cashTransactions: "cash_transactions",
  expenseTypes: "expense_types",
  expenses: "expenses",
  incomeTypes: "income_types",
  incomes: "incomes",
  customers: "customers",
  suppliers: "suppliers",
  customerTransactions: "customer_transactions",
  supplierTransactions: "supplier_transactions",
  trialBalance: "financial_reports/trial_balance",
  incomeStatement: "financial_reports/income_statement",
  balanceSheet: "financial_reports/balance_sheet",
  openingBalance: "opening_balance",
  customerStatements: "reports/customer_statements",
  supplierStatements: "reports/supplier_statements",
} as const;

/**
 * THE map of queries whose figures come from the ledger (CONVENTIONS "Web"). Every mutation that
 * posts money invalidates all of them, so balances, statements and reports never show a stale
 * figure after a document is saved, changed or deleted.
 */
export const LEDGER_DERIVED_KEYS: readonly (readonly string[])[] = [
  [EP.cashes],
  ["cash_balance_show"],
  ["show_total_cash_balance"],
  [EP.customers],
  [EP.suppliers],
  [EP.customerTransactions],
  [EP.supplierTransactions],
  [EP.trialBalance],
  [EP.incomeStatement],
  [EP.balanceSheet],
  [EP.customerStatements],
  [EP.supplierStatements],
  [EP.openingBalance],
];

export function invalidateLedger(queryClient: QueryClient) {
  return Promise.all(LEDGER_DERIVED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })));
}

/** Call after any save or delete of a document that posts to the ledger. */
export function useInvalidateLedger() {
  const queryClient = useQueryClient();
  return useCallback(() => void invalidateLedger(queryClient), [queryClient]);
}

export interface CashAccount {
  account_id: number;
  account_name: string;
  /** Set on the seeded main cash (`main_cash`). */
  system_key?: string | null;
  code: string | null;
  cash_type: number;
  /** A cashier's drawer: only the POS and the drawer's closing move its money. */
  is_drawer?: boolean;
  currency_id: number;
  currency_name?: string | null;
  currency?: { currency_id: number; currency_name: string } | null;
  balance?: string | null;
  bank_name?: string | null;
  account_no?: string | null;
  note?: string | null;
  is_default?: boolean;
}

export interface NamedType {
  type_id: number;
  type_name: string;
}

/** Dropdown lists answer in `message` (DESIGN §7). */
export const cashAccountsListQuery = queryOptions({
  queryKey: [EP.cashes, "accounts_list"],
  queryFn: async () => (await api<MessageBody<CashAccount[]>>("cashes/accounts_list")).message,
});

export const typesListQuery = (endpoint: typeof EP.expenseTypes | typeof EP.incomeTypes) =>
  queryOptions({
    queryKey: [endpoint, "list"],
    queryFn: async () => (await api<MessageBody<NamedType[]>>(`${endpoint}/list`)).message,
  });

/** One balance per currency, from the ledger. */
export interface CurrencyBalance {
  currency_id: number;
  currency_name: string;
  balance: string;
}

interface TotalCashBalance {
  total_iqd: string;
  total_usd: string;
  total_in_system_currency: string;
}

export const totalCashBalanceQuery = queryOptions({
  queryKey: ["show_total_cash_balance"],
  queryFn: async (): Promise<CurrencyBalance[]> => {
    const d = (await api<DataBody<TotalCashBalance>>("show_total_cash_balance")).data;
    return [
      { currency_id: CURRENCY_IQD, currency_name: "IQD", balance: d.total_iqd },
      { currency_id: CURRENCY_USD, currency_name: "USD", balance: d.total_usd },
    ];
  },
});

export { docDay } from "../format";

export const accountCurrencyName = (a: Pick<CashAccount, "currency_name" | "currency">) =>
  a.currency?.currency_name ?? a.currency_name ?? "";
