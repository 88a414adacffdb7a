import { ZCashAccount, ZCashTransaction } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { withBusinessDate } from "../../platform/business-time.js";
import { parseId, registerCrud } from "../../platform/crud.js";
import { answers, dataOf, dropdownOf, rowOf } from "../../platform/openapi.js";
import { cashTransactions } from "./cash.tables.js";
import {
  CASH_SCOPE,
  cashBalances,
  cashesList,
  createCash,
  deleteCash,
  IS_DRAWER,
  showCash,
  totalCashBalance,
  updateCash,
} from "./cashes.js";
import { createTransfer, deleteTransfer, showTransfer, transfersList, updateTransfer } from "./transfers.js";

/** Documents that pick a cash account may read the account list. */
const PICKERS = [
  "cashes/index",
  "cash_transactions/store",
  "cash_transactions/update",
  "expenses/store",
  "expenses/update",
  "incomes/store",
  "incomes/update",
  "customer_transactions/store",
  "customer_transactions/update",
  "supplier_transactions/store",
  "supplier_transactions/update",
  "opening_balances/show",
  "sales/store",
  "purchases/store",
  "pos_sales/store",
];

const ZCurrencyRef = z.object({ currency_id: z.number().int(), currency_name: z.string() });
const ZCashPick = z.object({
  account_id: z.number().int(),
  account_name: z.string(),
  system_key: z.string().nullable(),
  code: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  cash_type: z.number().int(),
  /** A cashier's drawer: back-office sales, expenses and incomes do not offer it. */
  is_drawer: z.boolean(),
  currency: ZCurrencyRef,
});
const ZCashBalance = ZCashPick.omit({ cash_type: true, is_drawer: true, currency: true }).extend({
  balance: z.string(),
  sys_balance: z.string(),
});

export const cashModule: AppModule = {
  name: "cash",
  register(app: FastifyInstance) {
    const pickList = async () =>
      (
        await app.db.execute<{
          account_id: number;
          account_name: string;
          system_key: string | null;
          code: string;
          currency_id: number;
          currency_name: string;
          cash_type: number;
          is_drawer: boolean;
        }>(sql`
          select a.account_id, a.account_name, a.system_key, a.code, a.currency_id, cu.currency_name, coalesce(c.cash_type, 1) cash_type,
                 ${IS_DRAWER} as is_drawer
            from accounts a join currencies cu on cu.currency_id = a.currency_id left join cash_accounts c on c.account_id = a.account_id
           where ${CASH_SCOPE} and a.is_active order by a.account_id`)
      ).rows.map((r) => ({ ...r, currency: { currency_id: r.currency_id, currency_name: r.currency_name } }));
    app.get("/api/cashes/list", { config: { permission: PICKERS }, ...answers(dropdownOf(ZCashPick)) }, async () => ({
      message: await pickList(),
    }));
    app.get("/api/cashes/accounts_list", { config: { permission: PICKERS }, ...answers(dropdownOf(ZCashPick)) }, async () => ({
      message: await pickList(),
    }));
    app.get(
      "/api/cash_balance_show",
      {
        config: { permission: ["cashes/balance_view", ...PICKERS] },
        // One account's balance when `account_id` names it (null when it is no cash account), else every one.
        ...answers(dataOf(z.union([z.array(ZCashBalance), ZCashBalance.nullable()])), {
          querystring: z.object({ account_id: z.number().int().min(1).optional() }),
        }),
      },
      async (req) => {
        const q = req.query as { account_id?: string };
        if (q.account_id !== undefined) {
          const [row] = await cashBalances(app.db, parseId(q.account_id));
          return { data: row ?? null };
        }
        return { data: await cashBalances(app.db) };
      },
    );
    app.get(
      "/api/show_total_cash_balance",
      {
        // Every account's balance and their totals: SPEC §6 balance view.
        config: { permission: "cashes/balance_view" },
        ...answers(
          dataOf(
            z.object({
              total_iqd: z.string(),
              total_usd: z.string(),
              total_in_system_currency: z.string(),
              accounts: z.array(ZCashBalance),
            }),
          ),
        ),
      },
      async () => ({
        data: await totalCashBalance(app.db),
      }),
    );
    registerCrud(app, {
      endpoint: "cashes",
      section: "cashes",
      list: cashesList,
      row: { list: cashesList, extra: { currency: ZCurrencyRef } },
      show: showCash,
      create: { schema: ZCashAccount, run: createCash },
      update: { schema: ZCashAccount, run: updateCash },
      remove: deleteCash,
      // An account's balance is answered only with balance_view (cashes.ts, `cashesList.guarded`).
      checks: { show: ["cashes/balance_view"] },
    });
    registerCrud(app, {
      endpoint: "cash_transactions",
      section: "cash_transactions",
      list: transfersList,
      row: rowOf(cashTransactions),
      show: async (ctx, id) => withBusinessDate(await showTransfer(ctx, id)),
      create: { schema: ZCashTransaction, run: createTransfer },
      update: { schema: ZCashTransaction, run: updateTransfer },
      remove: deleteTransfer,
    });
  },
};
