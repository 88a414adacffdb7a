import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";

/** The outlet whose series a user's documents take: their own, else the first outlet. */
async function outletOf(ctx: Ctx): Promise<{ id: number; first: boolean }> {
  const res = await ctx.tx.execute<{ first: number }>(sql`select min(outlet_id) as first from outlets`);
  const first = Number(res.rows[0]?.first ?? 1);
  const id = ctx.user?.outlet_fk ?? first;
  return { id, first: id === first };
}

/**
 * The next voucher number of a document type, e.g. `EXP-000042`, or `EXP-3-000042` in the series
 * of outlet 3 when it is not the first outlet. Numbers run without gaps per type and outlet: the
 * counter row is advanced in the document's transaction and locked until it commits, so a failed
 * save rolls its number back. Taken as the document's LAST lock (after its accounts and stock
 * rows), because every save of the same type and outlet waits for it until the holder commits.
 */
export async function nextNumber(ctx: Ctx, docType: string, prefix: string): Promise<string> {
  const outlet = await outletOf(ctx);
  const res = await ctx.tx.execute<{ n: number }>(sql`
    insert into document_counters (doc_type, outlet_id, last_number) values (${docType}, ${outlet.id}, 1)
    on conflict (doc_type, outlet_id) do update set last_number = document_counters.last_number + 1
    returning last_number as n`);
  return voucherNumber(prefix, outlet.id, outlet.first, Number(res.rows[0]!.n));
}

/** A voucher number as `nextNumber` makes it: `PREFIX-000042`, or `PREFIX-3-000042` in a later outlet's series. */
export function voucherNumber(prefix: string, outletId: number, first: boolean, n: number): string {
  const digits = String(n).padStart(6, "0");
  return first ? `${prefix}-${digits}` : `${prefix}-${outletId}-${digits}`;
}
