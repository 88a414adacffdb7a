import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { ListBody } from "./types";

export type PartyKind = "customer" | "supplier";

/** Everything that differs between the customer and the supplier screens. */
export const PARTY = {
  customer: {
    endpoint: "customers",
    transactions: "customer_transactions",
    /** Receipts from customers use the in-rate (SPEC §3). */
    rateKind: "in",
    base: "/customers",
    ns: "customers",
    statementPermission: "reports/customers_statement",
  },
  supplier: {
    endpoint: "suppliers",
    transactions: "supplier_transactions",
    /** Payments to suppliers use the out-rate. */
    rateKind: "out",
    base: "/suppliers",
    ns: "suppliers",
    statementPermission: "reports/suppliers_statement",
  },
} as const;

export interface PartyRow {
  consumer_id: number;
  consumer_name: string;
  code: string | null;
  mobile: string | null;
  office_phone: string | null;
  address: string | null;
  city_fk: number | null;
  city_name: string | null;
  note: string | null;
  allowed_debit_amount: string | null;
  pricing_profile_fk: number | null;
  pricing_profile_name?: string | null;
  pending_amount: string | null;
  overdue_days: number | null;
  overdue_type: "all" | "custom" | null;
  balance_status: "positive" | "negative" | null;
  is_default?: boolean;
  is_active: boolean;
  balance_iqd?: string | null;
  balance_usd?: string | null;
  created_at?: string;
}

/** One line of a party statement; the running balance is per currency. */
export interface StatementLine {
  line_id?: number;
  /** The party's ledger account of the line's currency. */
  account_id?: number | null;
  date: string;
  /** The posting document: customer_transaction, supplier_transaction, opening_balance, sale ... */
  source_type?: string | null;
  source_id?: number | null;
  is_reversal?: boolean;
  description?: string | null;
  currency_id: number;
  currency_name?: string | null;
  debit: string;
  credit: string;
  balance?: string | null;
}

export interface Statement {
  lines: StatementLine[];
  /** Closing balance per currency. */
  balances: { currency_id: number; currency_name: string; balance: string }[];
}

export const partyStatementQuery = (kind: PartyKind, id: number, query: Record<string, string> = {}) =>
  queryOptions({
    queryKey: [PARTY[kind].transactions, "statement", id, query],
    queryFn: async () => {
      const body = await api<ListBody<StatementLine>>(`${PARTY[kind].transactions}/statement`, {
        query: { consumer_id: id, is_paginated: 0, sortColumn: "date", sortDir: "asc", ...query },
      });
      return body.data;
    },
  });
