import type { FastifyInstance } from "fastify";
import type { AppModule } from "../../platform/app-module.js";
import { EXPENSE, INCOME, registerMoneyDocs } from "./money-docs.js";

export const expensesModule: AppModule = {
  name: "expenses",
  register(app: FastifyInstance) {
    registerMoneyDocs(app, EXPENSE);
    registerMoneyDocs(app, INCOME);
  },
};
