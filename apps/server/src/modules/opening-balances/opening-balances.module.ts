import { type OpeningBalanceInput, SALE_MSG, ZOpeningBalance } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import { withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { bodyOf, parseId } from "../../platform/crud.js";
import { HttpError, notFound, parse } from "../../platform/errors.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { answers, dataOf, rowOf, savedOf, zDateTime } from "../../platform/openapi.js";
import { cashAccount } from "../cash/cashes.js";
import { docDate } from "../ledger/dates.js";
import { assertRatesPlausible } from "../ledger/document-rate.js";
import { accountByKey, lockForPosting, post, ratesAt, reverse } from "../ledger/ledger.js";
import { D } from "../ledger/money.js";
import { consumerAccounts, isWalkIn } from "../parties/consumers.js";
import { openingLines } from "./opening.ledger.js";
import { openingBalances } from "./opening-balances.tables.js";

const SOURCE = { type: "opening_balance", id: 1 };

/** Only the single opening balance (id 1) exists. */
function checkId(raw: unknown) {
  if (parseId(raw) !== 1) throw notFound();
}

async function show(ctx: Ctx) {
  const [row] = await ctx.tx.select().from(openingBalances).where(eq(openingBalances.id, 1));
  const fy = await ctx.tx.execute<{ start_date: Date }>(
    sql`select start_date from financial_years where is_active order by start_date desc limit 1`,
  );
  return withBusinessDate(
    row ?? {
      id: 1,
      date: fy.rows[0]?.start_date ?? null,
      payload: { cashes: [], customers: [], suppliers: [] },
      updated_by: null,
      updated_at: null,
    },
  );
}

/** Saving replaces the previous opening entry: it is reversed and the new one posted. */
async function save(ctx: Ctx, input: OpeningBalanceInput) {
  const current = await show(ctx);
  const date = input.date ? docDate(input.date, ctx.now) : current.date ? docDate(String(current.date), ctx.now) : ctx.now;
  await assertRatesPlausible(
    ctx.tx,
    [
      { field: "rate", rate: input.rate, kind: "out" },
      { field: "in_rate", rate: input.in_rate, kind: "in" },
    ],
    date,
    input.confirmed,
  );
  const rates = await ratesAt(ctx.tx, date);
  const rate = input.rate ?? rates.rate;
  const in_rate = input.in_rate ?? rates.in_rate;
  const equity = await accountByKey(ctx.tx, "opening_equity");
  const cashes = [];
  for (const c of input.cashes) cashes.push({ account: await cashAccount(ctx.tx, c.account_id), amount: c.amount });
  const party = async (kind: "customer" | "supplier", list: OpeningBalanceInput["customers"]) => {
    const out = [];
    for (const [i, p] of list.entries()) {
      const accounts = await consumerAccounts(ctx.tx, kind, p.consumer_id);
      // The walk-in customer (anybody) carries no balance, an opening one neither.
      if (kind === "customer" && !D(p.amount).isZero() && (await isWalkIn(ctx.tx, p.consumer_id))) {
        const field = `customers.${i}.consumer_id`;
        throw new HttpError(422, SALE_MSG.walkInNoBalance, { [field]: [SALE_MSG.walkInNoBalance] });
      }
      out.push({ account: { account_id: accounts[p.currency_id]!, currency_id: p.currency_id }, amount: p.amount });
    }
    return out;
  };
  const lines = openingLines({
    equity: { account_id: equity.account_id, currency_id: equity.currency_id },
    rate,
    in_rate,
    cashes,
    customers: await party("customer", input.customers),
    suppliers: await party("supplier", input.suppliers),
  });
  await lockForPosting(ctx, { lines, reversing: SOURCE });
  await reverse(ctx, SOURCE);
  if (lines.length) await post(ctx, { date, source: SOURCE, description: "Opening balance", lines });
  const payload = { rate, in_rate, cashes: input.cashes, customers: input.customers, suppliers: input.suppliers };
  await ctx.tx
    .insert(openingBalances)
    .values({ id: 1, date, payload, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now })
    .onConflictDoUpdate({ target: openingBalances.id, set: { date, payload, updated_by: ctx.user?.user_id ?? null, updated_at: ctx.now } });
}

const party = z.object({ consumer_id: z.number().int(), currency_id: z.number().int(), amount: z.string() });
/** Before the first save: date, updated_by and updated_at are null. */
const ZOpening = rowOf(openingBalances).extend({
  date: z.string().nullable(),
  updated_by: z.number().int().nullable(),
  updated_at: zDateTime.nullable(),
  payload: z.object({
    rate: z.string().nullish(),
    in_rate: z.string().nullish(),
    cashes: z.array(z.object({ account_id: z.number().int(), amount: z.string() })),
    customers: z.array(party),
    suppliers: z.array(party),
  }),
});

export const openingBalancesModule: AppModule = {
  name: "opening_balances",
  register(app: FastifyInstance) {
    app.get(
      "/api/opening_balance_show/:id",
      { config: { permission: "opening_balances/show" }, ...answers(dataOf(ZOpening)) },
      async (req) => {
        checkId((req.params as { id: string }).id);
        return { data: await show(ctxOf(app, req)) };
      },
    );
    app.post(
      "/api/opening_balance_update/:id",
      { config: { permission: "opening_balances/update" }, ...answers(savedOf(ZOpening), { body: ZOpeningBalance }) },
      async (req) => {
        checkId((req.params as { id: string }).id);
        const input = parse(ZOpeningBalance, bodyOf(req));
        const data = await inTx(app, req, async (ctx) => {
          const before = await show(ctx);
          await save(ctx, input);
          const after = await show(ctx);
          await audit(ctx, { module: "opening_balances", action: "update", record_id: 1, before, after });
          return after;
        });
        return { message: "Updated Successfully", data };
      },
    );
  },
};
