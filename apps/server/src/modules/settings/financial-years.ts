import { type FinancialYear, MSG } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import { sqlBusinessDay, yearBounds } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { fieldError, HttpError } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { financialYears } from "./settings.tables.js";

// Years are stored as [start, end) instants at the business's local midnight (`TIME_ZONE`); the
// API speaks in inclusive business days.
const startText = sqlBusinessDay(sql`f.start_date`);
const endText = sqlBusinessDay(sql`(f.end_date - interval '1 millisecond')`);

export const yearsList: ListModel = {
  model: "financial_years",
  from: sql`from financial_years f`,
  idColumn: "id",
  defaultSort: "start_date",
  dateColumn: sql`f.start_date`,
  columns: {
    id: { expr: sql`f.id`, filter: "eq" },
    name: { expr: sql`f.name`, search: true, filter: "like" },
    start_date: { expr: startText },
    end_date: { expr: endText },
    is_active: { expr: sql`f.is_active`, filter: "bool" },
    archived: { expr: sql`f.archived`, filter: "bool" },
    created_at: { expr: sql`f.created_at` },
  },
};

const select = sql`select f.id, f.name, ${startText} as start_date, ${endText} as end_date, f.is_active, f.archived, f.created_at from financial_years f`;

export async function showYear(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`${select} where f.id = ${id}`);
  return res.rows[0];
}

export async function yearsDropdown(ctx: Ctx) {
  const res = await ctx.tx.execute(sql`${select} order by f.start_date desc`);
  return res.rows;
}

const bounds = (input: FinancialYear) => yearBounds(input.start_date, input.end_date);

async function assertNoOverlap(ctx: Ctx, id: number | undefined, start: Date, end: Date) {
  const res = await ctx.tx.execute<{ name: string }>(sql`
    select name from financial_years
     where start_date < ${end.toISOString()}::timestamptz and end_date > ${start.toISOString()}::timestamptz
       and id <> ${id ?? 0} limit 1`);
  const other = res.rows[0];
  if (other) throw fieldError("start_date", `The financial year overlaps the year ${other.name}.`);
}

const archived = () => new HttpError(422, MSG.archivedYear, { id: [MSG.archivedYear] });

export async function createYear(ctx: Ctx, input: FinancialYear) {
  const { start, end } = bounds(input);
  await assertNoOverlap(ctx, undefined, start, end);
  const active = await ctx.tx.execute(sql`select 1 from financial_years where is_active`);
  const [row] = await ctx.tx
    .insert(financialYears)
    .values({ name: input.name, start_date: start, end_date: end, is_active: active.rows.length === 0 })
    .returning({ id: financialYears.id });
  return { id: row!.id };
}

export async function updateYear(ctx: Ctx, id: number, input: FinancialYear) {
  const [row] = await ctx.tx.select().from(financialYears).where(eq(financialYears.id, id));
  if (row?.archived) throw archived();
  const { start, end } = bounds(input);
  await assertNoOverlap(ctx, id, start, end);
  await ctx.tx.update(financialYears).set({ name: input.name, start_date: start, end_date: end }).where(eq(financialYears.id, id));
}

export async function deleteYear(ctx: Ctx, id: number) {
  const [row] = await ctx.tx.select().from(financialYears).where(eq(financialYears.id, id));
  if (row?.archived) throw archived();
  if (row?.is_active) throw fieldError("id", "The active financial year cannot be deleted.");
  await ctx.tx.delete(financialYears).where(eq(financialYears.id, id));
}

/** One active year: the one people work in. */
export async function activateYear(ctx: Ctx, id: number) {
  await ctx.tx.update(financialYears).set({ is_active: false }).where(eq(financialYears.is_active, true));
  await ctx.tx.update(financialYears).set({ is_active: true }).where(eq(financialYears.id, id));
}

/** An archived year accepts no new or changed documents (platform/periods.ts assertYearOpen). */
export async function archiveYear(ctx: Ctx, id: number, value: boolean) {
  await ctx.tx.update(financialYears).set({ archived: value }).where(eq(financialYears.id, id));
}
