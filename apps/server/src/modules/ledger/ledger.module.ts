import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { decimals } from "../../platform/openapi.js";
import type { AppModule } from "../index.js";
import { registerDynamicList } from "./dynamic-list.js";
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
});
const ZIncomeStatementRow = z.object({
  ...account,
  parent_name: z.string().nullable(),
  parent_system_key: z.string().nullable(),
  ...decimals("income", "expense", "sys_income", "sys_expense"),
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
    );
    registerDynamicList(
      app,
      "/api/financial_reports/income_statement",
      "financial_reports/income_statement",
      "income_statement",
      (ctx, raw) => incomeStatement(ctx, raw),
      ZIncomeStatementRow,
    );
  },
};
