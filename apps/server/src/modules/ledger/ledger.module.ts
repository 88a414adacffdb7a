import { LOG_GROUP, LOGGED_SECTIONS, logKey, MSG } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { registerList } from "../../platform/crud.js";
import { decimals } from "../../platform/openapi.js";
import { COMPARE_PERIOD_PARAMS, CURRENCY_PARAMS, PERIOD_PARAMS, reportQuery, TREE_PARAMS, zIdParam } from "../../platform/report-query.js";
import { balanceSheet } from "./balance-sheet.js";
import { registerDynamicList } from "./dynamic-list.js";
import { generalLedger, journalList } from "./ledger-views.js";
import { incomeStatement, trialBalance } from "./reports.js";

const account = {
  account_id: z.number().int(),
  code: z.string(),
  account_name: z.string(),
  system_key: z.string().nullable(),
  type: z.string(),
};
const ZTrialBalanceRow = z.object({
  ...account,
  account_name_indented: z.string(),
  parent_id: z.number().int().nullable(),
  level: z.number().int(),
  is_group: z.boolean(),
  path: z.array(z.string()),
  account_currency: z.string().nullable(),
  ...decimals(
    "debit_in_account_currency",
    "credit_in_account_currency",
    "opening_debit",
    "opening_credit",
    "debit",
    "credit",
    "balance_debit",
    "balance_credit",
  ),
  // With filter[compare_date_between]: the compared period's figures and the closing balance's change; null without.
  ...decimals(
    "compare_debit_in_account_currency",
    "compare_credit_in_account_currency",
    "compare_opening_debit",
    "compare_opening_credit",
    "compare_debit",
    "compare_credit",
    "compare_balance_debit",
    "compare_balance_credit",
    "difference",
  ),
});
const ZIncomeStatementRow = z.object({
  ...account,
  parent_name: z.string().nullable(),
  parent_system_key: z.string().nullable(),
  ...decimals("income", "expense", "sys_income", "sys_expense", "compare_income", "compare_expense"),
});

const ZBalanceSheetRow = z.object({
  ...account,
  account_name_indented: z.string(),
  parent_id: z.number().int().nullable(),
  level: z.number().int(),
  is_group: z.boolean(),
  path: z.array(z.string()),
  ...decimals("amount", "sys_amount", "sys_compare_amount"),
  compare_amount: z.string().nullable().describe("At compare_date, when one is asked for"),
  change: z.string().nullable().describe("amount less compare_amount, when compare_date is asked for"),
});

const ZGeneralLedgerRow = z.object({
  line_id: z.number().int(),
  entry_id: z.number().int().nullable(),
  date: z.string(),
  is_opening: z.boolean(),
  source_type: z.string(),
  source_id: z.number().int().nullable(),
  source_no: z.string().nullable(),
  description: z.string().nullable(),
  is_reversal: z.boolean(),
  account_code: z.string().nullable(),
  account_name: z.string().nullable(),
  account_system_key: z.string().nullable(),
  ...decimals("debit", "credit", "balance", "sys_debit", "sys_credit", "sys_balance", "footer_debit", "footer_credit"),
});

// Each report's own query parameters, as reports.ts, balance-sheet.ts and ledger-views.ts read them.
const day = (message: string, description: string) => z.iso.date({ error: message }).optional().describe(description);
export const TRIAL_BALANCE_QUERY = reportQuery({ ...PERIOD_PARAMS, ...CURRENCY_PARAMS, ...TREE_PARAMS, ...COMPARE_PERIOD_PARAMS });
export const INCOME_STATEMENT_QUERY = reportQuery({ ...PERIOD_PARAMS, ...CURRENCY_PARAMS, ...COMPARE_PERIOD_PARAMS });
export const BALANCE_SHEET_QUERY = reportQuery({
  date: {
    type: day("The date must be a date in the format YYYY-MM-DD.", "The day the balances are taken at (its end); today when left out"),
    alias: "filter[date]",
  },
  compare_date: {
    type: day("The compare date must be a date in the format YYYY-MM-DD.", "The day compared with"),
    alias: "filter[compare_date]",
  },
  ...CURRENCY_PARAMS,
  ...TREE_PARAMS,
});
export const GENERAL_LEDGER_QUERY = reportQuery({
  account_id: { type: zIdParam(MSG.selectItemForTransactions).describe("The account"), alias: "filter[account_id]" },
  ...PERIOD_PARAMS,
});

export const ledgerModule: AppModule = {
  name: "ledger",
  register(app: FastifyInstance) {
    registerDynamicList(
      app,
      "/api/financial_reports/trial_balance",
      "financial_reports/trial_balance",
      "trial_balance",
      (ctx, raw) => trialBalance(ctx, raw),
      ZTrialBalanceRow,
      TRIAL_BALANCE_QUERY,
    );
    registerDynamicList(
      app,
      "/api/financial_reports/income_statement",
      "financial_reports/income_statement",
      "income_statement",
      (ctx, raw) => incomeStatement(ctx, raw),
      ZIncomeStatementRow,
      INCOME_STATEMENT_QUERY,
    );
    // Assets, liabilities and equity at the end of `date` (and of `compare_date`), with the earnings under equity.
    registerDynamicList(
      app,
      "/api/financial_reports/balance_sheet",
      "financial_reports/balance_sheet",
      "balance_sheet",
      (ctx, raw) => balanceSheet(ctx, raw),
      ZBalanceSheetRow,
      BALANCE_SHEET_QUERY,
    );
    // Whoever holds a module log key holds `_model_loges` (the web's expanded keys); the server checks the keys held.
    const logReaders = [LOG_GROUP, ...LOGGED_SECTIONS.map(logKey)];
    // An account's lines: opened from the trial balance and from the party and cash statements.
    registerDynamicList(
      app,
      "/api/financial_reports/general_ledger",
      ["financial_reports/trial_balance", ...logReaders],
      "general_ledger",
      (ctx, raw) => generalLedger(ctx, raw),
      ZGeneralLedgerRow,
      GENERAL_LEDGER_QUERY,
    );
    // The journal is the system's record of every posting: for those who may read the logs.
    registerList(app, "/api/journal_entries", journalList(), logReaders);
  },
};
