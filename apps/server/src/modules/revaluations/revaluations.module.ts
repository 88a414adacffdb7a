import { type ExchangeRevaluationInput, ZExchangeRevaluation } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { businessDay, endOfBusinessDay, sqlBusinessDateTime, withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { registerCrud } from "../../platform/crud.js";
import { ctxOf } from "../../platform/http.js";
import type { ListModel } from "../../platform/list.js";
import { answers, dropdownOf, rowOf } from "../../platform/openapi.js";
import { docDate } from "../ledger/dates.js";
import { assertRatesPlausible } from "../ledger/document-rate.js";
import { postRevaluation } from "../ledger/ledger.js";
import { exchangeRevaluations } from "./revaluations.tables.js";

export const SOURCE_REVALUATION = "exchange_revaluation";

/** The unrealized difference a revaluation posted, gains positive: what its entry credited to exchange differences. */
const DIFFERENCE = sql`(select coalesce(sum(l.sys_credit - l.sys_debit), 0) from journal_entries e join journal_lines l on l.entry_id = e.entry_id
  where e.source_type = ${SOURCE_REVALUATION} and e.source_id = r.id and e.reversal_of is null
    and l.account_id = (select account_id from accounts where system_key = 'exchange_diff'))`;

const revaluationsList: ListModel = {
  model: "exchange_revaluations",
  from: sql`from exchange_revaluations r left join users u on u.user_id = r.created_by`,
  idColumn: "id",
  defaultSort: "date",
  dateColumn: sql`r.date`,
  columns: {
    id: { expr: sql`r.id`, filter: "eq" },
    date: { expr: sqlBusinessDateTime(sql`r.date`) },
    rate: { expr: sql`r.rate` },
    accounts_count: { expr: sql`cardinality(r.account_ids)` },
    difference: { expr: DIFFERENCE, sum: true },
    note: { expr: sql`r.note`, search: true, sortable: false },
    created_by_name: { expr: sql`u.user_name`, search: true },
    created_at: { expr: sql`r.created_at` },
  },
};

/** The revaluation with each account's figures: foreign balance, carrying value, value at the rate, difference. */
async function show(ctx: Ctx, id: number) {
  const [row] = await ctx.tx.select().from(exchangeRevaluations).where(eq(exchangeRevaluations.id, id));
  if (!row) return undefined;
  const lines = await ctx.tx.execute(sql`
    select a.account_id, a.account_name, a.system_key, cu.currency_name,
           coalesce(sum(l.sys_debit - l.sys_credit), 0)::text as difference
      from accounts a join currencies cu on cu.currency_id = a.currency_id
      left join (journal_lines l join journal_entries e on e.entry_id = l.entry_id
                  and e.source_type = ${SOURCE_REVALUATION} and e.source_id = ${id} and e.reversal_of is null)
             on l.account_id = a.account_id
     where a.account_id in (${sql.join(
       row.account_ids.map((a) => sql`${a}`),
       sql`, `,
     )})
     group by a.account_id, a.account_name, a.system_key, cu.currency_name
     order by a.account_id`);
  return { ...withBusinessDate(row), lines: lines.rows };
}

/** Foreign-currency accounts a revaluation can restate, with their balance and carrying value now. */
async function candidates(ctx: Ctx) {
  const res = await ctx.tx.execute(sql`
    select a.account_id, a.account_name, a.system_key, a.code, cu.currency_name,
           coalesce(sum(b.debit - b.credit), 0)::text as balance, coalesce(sum(b.sys_debit - b.sys_credit), 0)::text as sys_balance
      from accounts a join currencies cu on cu.currency_id = a.currency_id
      left join account_month_balances b on b.account_id = a.account_id
     where not a.is_group and a.currency_id <> (select currency_fk from system_config where id = 1)
     group by a.account_id, a.account_name, a.system_key, a.code, cu.currency_name
     order by a.code, a.account_id`);
  return res.rows;
}

async function create(ctx: Ctx, input: ExchangeRevaluationInput) {
  const day = businessDay(docDate(input.date, ctx.now));
  // A restating rate ten times the day's (out-)rate or under a tenth of it is asked about first.
  await assertRatesPlausible(ctx.tx, [{ field: "rate", rate: input.rate, kind: "out" }], endOfBusinessDay(day), input.confirmed);
  const [row] = await ctx.tx
    .insert(exchangeRevaluations)
    .values({
      date: endOfBusinessDay(day),
      rate: input.rate,
      account_ids: [...new Set(input.account_ids)].sort((a, b) => a - b),
      note: input.note ?? null,
      created_by: ctx.user?.user_id ?? null,
    })
    .returning({ id: exchangeRevaluations.id });
  const id = row!.id;
  await postRevaluation(ctx, {
    day,
    rate: input.rate,
    accountIds: input.account_ids,
    source: { type: SOURCE_REVALUATION, id },
    description: `Exchange revaluation at ${input.rate}`,
  });
  return { id };
}

export const revaluationsModule: AppModule = {
  name: "revaluations",
  register(app: FastifyInstance) {
    app.get(
      "/api/exchange_revaluations/accounts",
      {
        config: { permission: ["exchange_revaluations/store", "exchange_revaluations/index"] },
        ...answers(
          dropdownOf(
            z.object({
              account_id: z.number().int(),
              account_name: z.string(),
              system_key: z.string().nullable(),
              code: z.string(),
              currency_name: z.string(),
              balance: z.string(),
              sys_balance: z.string(),
            }),
          ),
        ),
      },
      async (req) => ({ message: await candidates(ctxOf(app, req)) }),
    );
    registerCrud(app, {
      endpoint: "exchange_revaluations",
      section: "exchange_revaluations",
      list: revaluationsList,
      row: rowOf(exchangeRevaluations).extend({
        date: z.string(),
        lines: z.array(
          z.object({
            account_id: z.number().int(),
            account_name: z.string(),
            system_key: z.string().nullable(),
            currency_name: z.string(),
            difference: z.string(),
          }),
        ),
      }),
      show,
      create: { schema: ZExchangeRevaluation, run: create },
    });
  },
};
