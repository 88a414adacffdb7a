import type { FastifyInstance } from "fastify";
import type { AppModule } from "../index.js";
import { registerDynamicList } from "./dynamic-list.js";
import { incomeStatement, trialBalance } from "./reports.js";

export const ledgerModule: AppModule = {
  name: "ledger",
  register(app: FastifyInstance) {
    registerDynamicList(app, "/api/financial_reports/trial_balance", "financial_reports/trial_balance", "trial_balance", (ctx, raw) =>
      trialBalance(ctx, raw),
    );
    registerDynamicList(
      app,
      "/api/financial_reports/income_statement",
      "financial_reports/income_statement",
      "income_statement",
      (ctx, raw) => incomeStatement(ctx, raw),
    );
  },
};
