import { CLOSABLE_SECTIONS, type ClosableSection, type ClosePeriodInput, type ClosePeriodResult, can, DOC_STATE_MSG } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { addDays, startOfBusinessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { forbidden, HttpError } from "../../platform/errors.js";
import { inventoryScope } from "../catalogue/inventories.js";

/** Where each closable section's documents are: its table, and the kind of row when a table holds several. */
const SECTION_ROWS: Record<ClosableSection, { table: string; only?: SQL }> = {
  purchases: { table: "purchases" },
  purchase_returns: { table: "purchase_returns" },
  sales: { table: "sales", only: sql`kind = 'sale'` },
  salesman_sales: { table: "sales", only: sql`kind = 'salesman'` },
  sale_returns: { table: "sale_returns" },
  asset_disposals: { table: "asset_disposals" },
};

/**
 * Closing a period (SPEC §4 "open and closed"), one action: every document of the chosen
 * sections (all the caller may close when none are named) dated up to the end of `date`, in the
 * caller's inventories, closed at once. A section named without its `close` key is refused (403).
 */
export async function closePeriod(ctx: Ctx, input: ClosePeriodInput): Promise<ClosePeriodResult> {
  const day = input.date.slice(0, 10);
  const before = startOfBusinessDay(addDays(day, 1));
  const asked = input.sections?.length ? [...new Set(input.sections)] : CLOSABLE_SECTIONS.filter((s) => can(ctx.user, `${s}/close`));
  if (input.sections?.some((s) => !can(ctx.user, `${s}/close`))) throw forbidden();
  if (!asked.length) throw new HttpError(422, DOC_STATE_MSG.noSection, { sections: [DOC_STATE_MSG.noSection] });
  const closed: ClosePeriodResult["closed"] = [];
  // In the one order of CLOSABLE_SECTIONS, so two closings at once take the tables' rows alike.
  for (const section of CLOSABLE_SECTIONS.filter((s) => asked.includes(s))) {
    const rows = SECTION_ROWS[section];
    const scope = inventoryScope(ctx, sql`inventory_fk`);
    const res = await ctx.tx.execute(sql`
      update ${sql.identifier(rows.table)} set is_closed = true, updated_by = ${ctx.user?.user_id ?? null}, updated_at = ${ctx.now}
       where not is_closed and date < ${before} ${rows.only ? sql`and ${rows.only}` : sql``} ${scope ? sql`and ${scope}` : sql``}
       returning 1`);
    closed.push({ section, count: res.rows.length });
  }
  return { date: day, closed };
}
