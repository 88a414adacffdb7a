import { MOBILE_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { fieldError } from "../../platform/errors.js";

/**
 * Saves a new order of a list's rows (cancellation messages, home sections): the rows named take
 * places 1, 2, ... in the order given; a row left out keeps its place after them. Every row of the
 * table is locked first, in id order, so that two saves at once run one after the other (the
 * second's order wins, whole) and never deadlock. An id of no row refuses the whole save: the list
 * shown was older than the table.
 */
export async function saveArrangement(ctx: Ctx, table: "order_cancellation_messages" | "mobile_sections", idColumn: string, ids: number[]) {
  const t = sql.identifier(table);
  const id = sql.identifier(idColumn);
  const rows = await ctx.tx.execute<{ id: number }>(sql`select ${id} as id from ${t} order by ${id} for update`);
  const known = new Set(rows.rows.map((r) => Number(r.id)));
  if (ids.some((x) => !known.has(x))) throw fieldError("ids", MOBILE_MSG.arrangementStale);
  const named = sql.join(
    ids.map((x) => sql`${x}::int`),
    sql`, `,
  );
  // Named rows first in the order given, then the others in their order before.
  await ctx.tx.execute(sql`
    with named as (select x.id, x.ord from unnest(array[${named}]) with ordinality as x(id, ord)),
    ranked as (
      select r.${id} as id,
        row_number() over (order by (n.ord is null), n.ord, r.arrangement, r.${id}) as place
      from ${t} r left join named n on n.id = r.${id}
    )
    update ${t} r set arrangement = ranked.place, updated_at = ${ctx.now}, updated_by = ${ctx.user?.user_id ?? null}
    from ranked where ranked.id = r.${id}`);
}

/** The place after the last row: where a new row goes. */
export async function nextArrangement(ctx: Ctx, table: "order_cancellation_messages" | "mobile_sections"): Promise<number> {
  const res = await ctx.tx.execute<{ n: number }>(sql`select coalesce(max(arrangement), 0)::int + 1 as n from ${sql.identifier(table)}`);
  return Number(res.rows[0]!.n);
}
