import { MSG, ZConsumer, ZConsumerTransaction } from "@app/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { withBusinessDate } from "../../platform/business-time.js";
import { registerCrud, registerList } from "../../platform/crud.js";
import { requestLanguage } from "../../platform/export.js";
import { answers, decimals, dropdownOf, rowOf } from "../../platform/openapi.js";
import { PERIOD_PARAMS, reportQuery, zIdParam } from "../../platform/report-query.js";
import { registerDynamicList } from "../ledger/dynamic-list.js";
import {
  createTransaction,
  deleteTransaction,
  showTransaction,
  statementList,
  transactionsList,
  updateTransaction,
} from "./consumer-transactions.js";
import { consumersList, createConsumer, deleteConsumer, type PartyKind, showConsumer, updateConsumer } from "./consumers.js";
import { consumers, consumerTransactions } from "./parties.tables.js";

const ZPartyPick = rowOf(consumers).pick({
  consumer_id: true,
  consumer_name: true,
  code: true,
  mobile: true,
  account_fk: true,
  is_default: true,
});
const ZStatementRow = z.object({
  line_id: z.number().int(),
  entry_id: z.number().int(),
  date: z.string(),
  source_type: z.string(),
  source_id: z.number().int().nullable(),
  description: z.string().nullable(),
  is_reversal: z.boolean(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  ...decimals("debit", "credit", "balance"),
});

/** The statement's own query: the party (as statementList reads it) and the list protocol's period. */
const STATEMENT_QUERY = reportQuery({
  consumer_id: { type: zIdParam(MSG.selectItemForTransactions).describe("The customer or supplier"), alias: "filter[consumer_id]" },
  ...PERIOD_PARAMS,
});

function registerKind(app: FastifyInstance, kind: PartyKind) {
  const section = kind === "customer" ? "customers" : "suppliers";
  const tx = `${kind}_transactions`;
  const report = kind === "customer" ? "reports/customers_statement" : "reports/suppliers_statement";
  const pickers = [
    `${section}/index`,
    `${tx}/index`,
    `${tx}/store`,
    `${tx}/update`,
    report,
    "opening_balances/show",
    "sales/store",
    "salesman_sales/store",
    "pos_sales/store",
    "pos_sales/update",
    "pos_admin_sales/update",
    "purchases/store",
    "purchases/order",
    "quotations/store",
    "quotations/update",
    "sale_transfers/store",
    "sale_transfers/update",
    "sale_returns/store",
    "sale_returns/update",
    // A customer given an account in the mobile app is picked from the customers.
    ...(kind === "customer" ? ["online_customers/store"] : []),
  ];

  const pick = (extra = sql`true`) =>
    app.db
      .select({
        consumer_id: consumers.consumer_id,
        consumer_name: consumers.consumer_name,
        code: consumers.code,
        mobile: consumers.mobile,
        account_fk: consumers.account_fk,
        is_default: consumers.is_default,
      })
      .from(consumers)
      .where(and(eq(consumers.kind, kind), extra))
      .orderBy(asc(consumers.consumer_name));
  const ZPickQuery = z.object({ show_all: z.enum(["0", "1"]).optional().describe("1: the inactive ones too") });
  app.get(
    `/api/${section}/list`,
    { config: { permission: pickers }, ...answers(dropdownOf(ZPartyPick), { querystring: ZPickQuery }) },
    async (req) => {
      const all = (req.query as { show_all?: string }).show_all === "1";
      return { message: await pick(all ? sql`true` : eq(consumers.is_active, true)) };
    },
  );
  if (kind === "customer") {
    app.get("/api/customers/list_without_default", { config: { permission: pickers }, ...answers(dropdownOf(ZPartyPick)) }, async () => ({
      message: await pick(sql`${consumers.is_active} and not ${consumers.is_default}`),
    }));
  } else {
    app.get(
      "/api/suppliers/suppliers_accounts_list",
      {
        config: { permission: pickers },
        ...answers(
          dropdownOf(
            z.object({
              account_id: z.number().int(),
              account_name: z.string(),
              code: z.string(),
              currency_id: z.number().int(),
              currency_name: z.string(),
              consumer_id: z.number().int(),
              currency: z.object({ currency_id: z.number().int(), currency_name: z.string() }),
            }),
          ),
        ),
      },
      async () => ({
        message: (
          await app.db.execute<{
            account_id: number;
            account_name: string;
            code: string;
            currency_id: number;
            currency_name: string;
            consumer_id: number;
          }>(sql`
          select a.account_id, a.account_name, a.code, a.currency_id, cu.currency_name, c.consumer_id
            from consumers c join accounts a on a.account_id in (c.account_fk, c.account_usd_fk) join currencies cu on cu.currency_id = a.currency_id
           where c.kind = 'supplier' and c.is_active order by c.consumer_name, a.currency_id`)
        ).rows.map((r) => ({ ...r, currency: { currency_id: r.currency_id, currency_name: r.currency_name } })),
      }),
    );
  }
  registerCrud(app, {
    endpoint: section,
    section,
    list: consumersList(kind),
    row: consumersList(kind),
    show: (ctx, id) => showConsumer(ctx, kind, id),
    create: { schema: ZConsumer, run: (ctx, input) => createConsumer(ctx, kind, input) },
    update: { schema: ZConsumer, run: (ctx, id, input) => updateConsumer(ctx, kind, id, input) },
    remove: (ctx, id) => deleteConsumer(ctx, kind, id),
    checks: { show: [`${section}/balance_view`], store: [`${section}/activate`], update: [`${section}/activate`] },
  });

  registerDynamicList(
    app,
    `/api/${tx}/statement`,
    [`${tx}/index`, report],
    `${kind}_statement`,
    (ctx, raw, req) => statementList(ctx, kind, raw, requestLanguage(req.headers["accept-language"])),
    ZStatementRow,
    STATEMENT_QUERY,
  );
  registerCrud(app, {
    endpoint: tx,
    section: tx,
    list: transactionsList(kind),
    row: rowOf(consumerTransactions),
    show: async (ctx, id) => withBusinessDate(await showTransaction(ctx, kind, id)),
    create: { schema: ZConsumerTransaction, run: (ctx, input) => createTransaction(ctx, kind, input) },
    update: { schema: ZConsumerTransaction, run: (ctx, id, input) => updateTransaction(ctx, kind, id, input) },
    remove: (ctx, id) => deleteTransaction(ctx, kind, id),
  });
  // Balances of every party, per currency and in the system currency; the footer sums equal the control account.
  // The report is of balances: its own key shows them.
  registerList(app, `/api/reports/${kind}_statements`, { ...consumersList(kind), guarded: undefined, model: `${kind}_statements` }, report);
}

export const partiesModule: AppModule = {
  name: "parties",
  register(app: FastifyInstance) {
    registerKind(app, "customer");
    registerKind(app, "supplier");
  },
};
