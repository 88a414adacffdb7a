import { DOC_PAYMENT_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";

/**
 * A sale or a purchase paid after the fact is not taken back (edited once complete, returned to
 * draft, deleted) while its payments stand: their entries settle what it left owed.
 */
export async function assertNoLaterPayments(ctx: Ctx, docType: "sale" | "purchase", id: number): Promise<void> {
  const fk = docType === "sale" ? sql`sale_fk` : sql`purchase_fk`;
  const r = await ctx.tx.execute(sql`select 1 from document_payments where ${fk} = ${id} limit 1`);
  if (r.rows.length) throw new HttpError(422, DOC_PAYMENT_MSG.hasPayments, { payments: [DOC_PAYMENT_MSG.hasPayments] });
}
