import { CONFIRM_FIELD, type PastRate, type RateUpdate, rateJump, rateJumpMessage, type ZCurrencyRate } from "@app/contracts";
import { and, asc, desc, eq, lte, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client.js";
import { parseBusinessTime, sqlBusinessDateTime, withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { fieldError, HttpError, notFound } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { assertYearOpen } from "../../platform/periods.js";
import { currencyRates } from "./settings.tables.js";

export interface RateRow {
  rate_id: number;
  /** IQD per 1 USD for purchases, supplier transactions, expenses and purchase returns. */
  rate: string;
  /** IQD per 1 USD for sales, POS, sale transfers, incomes and customer transactions. */
  in_rate: string;
  date: Date;
}

const rateColumns = { rate_id: currencyRates.rate_id, rate: currencyRates.rate, in_rate: currencyRates.in_rate, date: currencyRates.date };

/** The rate in force at `date`: the latest one at or before it (undefined when none is that old). */
export async function rateAt(tx: DbOrTx, date: Date): Promise<RateRow | undefined> {
  const [row] = await tx
    .select(rateColumns)
    .from(currencyRates)
    .where(lte(currencyRates.date, date))
    .orderBy(desc(currencyRates.date), desc(currencyRates.rate_id))
    .limit(1);
  return row;
}

/**
 * The rate a new one at `date` is compared with, leaving row `except` out (the one being
 * corrected): the rate in force then, or for a date before every rate the first one after it.
 */
async function rateBefore(tx: DbOrTx, date: Date, except: number | null): Promise<RateRow | undefined> {
  const others = except === null ? undefined : ne(currencyRates.rate_id, except);
  const [row] = await tx
    .select(rateColumns)
    .from(currencyRates)
    .where(and(lte(currencyRates.date, date), others))
    .orderBy(desc(currencyRates.date), desc(currencyRates.rate_id))
    .limit(1);
  if (row) return row;
  const [after] = await tx
    .select(rateColumns)
    .from(currencyRates)
    .where(others)
    .orderBy(asc(currencyRates.date), asc(currencyRates.rate_id))
    .limit(1);
  return after;
}

/**
 * A rate more than ten times the rate in force before it, or under a tenth of it (1,310 then
 * "1,480" typed after it: 13,101,480), is refused with the figures unless the request confirms it
 * (`rateJump`): 422 with the text on the rate's field and on `confirmed`.
 */
async function assertPlausible(
  tx: DbOrTx,
  input: { rate: string; in_rate?: string | undefined; confirmed?: boolean | undefined },
  at: Date,
  except: number | null,
) {
  if (input.confirmed) return;
  const before = await rateBefore(tx, at, except);
  if (!before) return;
  const errors: Record<string, string[]> = {};
  const figures = [
    ["rate", input.rate, before.rate],
    ["in_rate", input.in_rate ?? input.rate, before.in_rate],
  ] as const;
  for (const [field, next, previous] of figures) {
    const jump = rateJump(previous, next);
    if (jump) errors[field] = [rateJumpMessage(next, previous, jump)];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(422, first, { ...errors, [CONFIRM_FIELD]: [first] });
}

export const ratesList: ListModel = {
  model: "currency_rates",
  from: sql`from currency_rates r left join users u on u.user_id = r.created_by`,
  idColumn: "rate_id",
  defaultSort: "date",
  dateColumn: sql`r.date`,
  amountColumn: sql`r.rate`,
  columns: {
    rate_id: { expr: sql`r.rate_id`, filter: "eq" },
    rate: { expr: sql`r.rate` },
    in_rate: { expr: sql`r.in_rate` },
    date: { expr: sqlBusinessDateTime(sql`r.date`), sortExpr: sql`r.date`, notNull: true },
    created_by: { expr: sql`r.created_by`, filter: "eq" },
    created_by_name: { expr: sql`u.user_name`, search: true },
    created_at: { expr: sql`r.created_at` },
  },
};

export async function showRate(ctx: Ctx, id: number) {
  const [row] = await ctx.tx.select(rateColumns).from(currencyRates).where(eq(currencyRates.rate_id, id));
  return withBusinessDate(row);
}

export async function createRate(ctx: Ctx, input: z.output<typeof ZCurrencyRate>) {
  await assertPlausible(ctx.tx, input, ctx.now, null);
  const [row] = await ctx.tx
    .insert(currencyRates)
    .values({ rate: input.rate, in_rate: input.in_rate ?? input.rate, date: ctx.now, created_by: ctx.user?.user_id ?? null })
    .returning({ id: currencyRates.rate_id });
  return { id: row!.id };
}

/** `YYYY-MM-DD hh:mm:ss` as wall-clock time in the business's time zone, checked field by field. */
export function parseDateTime(text: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return undefined;
  return parseBusinessTime(text);
}

/** A rate that was in force from a past moment on; refused inside an archived financial year. */
export async function storePastRate(ctx: Ctx, input: PastRate): Promise<RateRow> {
  const date = parseDateTime(input.date);
  if (!date) throw fieldError("date", "The date is not a valid date.");
  if (date.getTime() > ctx.now.getTime()) throw fieldError("date", "The date must be a date before or equal to now.");
  await assertYearOpen(ctx.tx, date, { uncovered: "allow" });
  await assertPlausible(ctx.tx, input, date, null);
  const [row] = await ctx.tx
    .insert(currencyRates)
    .values({ rate: input.rate, in_rate: input.in_rate ?? input.rate, date, created_by: ctx.user?.user_id ?? null })
    .returning(rateColumns);
  return withBusinessDate(row!);
}

/**
 * A mistyped rate corrected: its figures and, when given, the moment it took effect. Documents
 * already booked keep the rate they were booked with (each stores its own); the corrected rate
 * serves the documents made from now on and dated after it. Refused inside an archived year, at
 * either date.
 */
export async function updateRate(ctx: Ctx, id: number, input: RateUpdate) {
  const [row] = await ctx.tx.select(rateColumns).from(currencyRates).where(eq(currencyRates.rate_id, id)).for("update");
  if (!row) throw notFound();
  await assertYearOpen(ctx.tx, row.date, { uncovered: "allow" });
  let date = row.date;
  if (input.date !== undefined) {
    const at = parseDateTime(input.date);
    if (!at) throw fieldError("date", "The date is not a valid date.");
    if (at.getTime() > ctx.now.getTime()) throw fieldError("date", "The date must be a date before or equal to now.");
    await assertYearOpen(ctx.tx, at, { uncovered: "allow" });
    date = at;
  }
  await assertPlausible(ctx.tx, input, date, id);
  await ctx.tx
    .update(currencyRates)
    .set({ rate: input.rate, in_rate: input.in_rate ?? input.rate, date })
    .where(eq(currencyRates.rate_id, id));
}

/** A rate removed: the rate before it is in force again for documents made from now on; booked documents keep theirs. */
export async function deleteRate(ctx: Ctx, id: number) {
  const [row] = await ctx.tx.select(rateColumns).from(currencyRates).where(eq(currencyRates.rate_id, id));
  if (row) await assertYearOpen(ctx.tx, row.date, { uncovered: "allow" });
  const [other] = await ctx.tx
    .select({ id: currencyRates.rate_id })
    .from(currencyRates)
    .where(and(sql`${currencyRates.rate_id} <> ${id}`))
    .limit(1);
  if (!other) throw new HttpError(422, "The last currency rate cannot be deleted.", { id: ["The last currency rate cannot be deleted."] });
  await ctx.tx.delete(currencyRates).where(eq(currencyRates.rate_id, id));
}
