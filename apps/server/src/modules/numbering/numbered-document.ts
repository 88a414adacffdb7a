import { eq, getTableName } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Ctx } from "../../platform/context.js";
import { nextNumber } from "./numbering.js";

/** A document table numbered by its own series (named after the table): an `id`, a `number` and its author. */
type NumberedTable = PgTable & { id: PgColumn; number: PgColumn; created_by: PgColumn };

/**
 * Saves a new document: its row with its author, then what `store` writes for it (its lines, its
 * stock), then the next number of the table's series with `prefix` (`QT-000001`). Answers the new id.
 */
export async function createNumbered<T extends NumberedTable>(
  ctx: Ctx,
  table: T,
  row: T["$inferInsert"],
  prefix: string,
  store: (id: number) => Promise<unknown>,
): Promise<{ id: number }> {
  const [created] = await ctx.tx
    .insert(table)
    .values({ ...row, created_by: ctx.user?.user_id ?? null })
    .returning({ id: table.id });
  const id = created!.id as number;
  await store(id);
  await ctx.tx
    .update(table)
    .set({ number: await nextNumber(ctx, getTableName(table), prefix) } as T["$inferInsert"])
    .where(eq(table.id, id));
  return { id };
}
