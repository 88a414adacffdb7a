import { MSG, POS_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import { sqlBusinessDateTime } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError, notFound } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { posReviews } from "./pos.tables.js";

/** Offline sales the server could not book, for a manager (`pos_admin_sales/view_all`). */
export const posReviewsList: ListModel = {
  model: "pos_reviews",
  from: sql`from pos_reviews r join users u on u.user_id = r.user_fk left join users rb on rb.user_id = r.resolved_by`,
  idColumn: "id",
  defaultSort: "created_at",
  dateColumn: sql`r.created_at`,
  columns: {
    id: { expr: sql`r.id`, filter: "eq" },
    created_at: { expr: sqlBusinessDateTime(sql`r.created_at`), sortExpr: sql`r.created_at`, notNull: true },
    user_id: { expr: sql`r.user_fk`, filter: "eq" },
    user_name: { expr: sql`u.user_name`, search: true, filter: "like" },
    reason: { expr: sql`r.reason`, search: true },
    status: { expr: sql`r.status`, filter: "eq" },
    idempotency_key: { expr: sql`r.idempotency_key`, search: true },
    sale_fk: { expr: sql`r.sale_fk` },
    resolution_note: { expr: sql`r.resolution_note` },
    resolved_by_name: { expr: sql`rb.user_name` },
  },
};

/** Keeps an offline sale the server refused, with the refusal's message and field errors. */
export async function storeReview(
  ctx: Ctx,
  input: { key: string; body: unknown; reason: string; errors: unknown; outlet_id: number | null },
): Promise<{ review_id: number; reason: string }> {
  const [row] = await ctx.tx
    .insert(posReviews)
    .values({
      idempotency_key: input.key,
      user_fk: ctx.user!.user_id,
      outlet_fk: input.outlet_id,
      body: input.body,
      reason: input.reason,
      errors: input.errors ?? null,
      created_at: ctx.now,
    })
    .returning({ id: posReviews.id });
  return { review_id: row!.id, reason: input.reason };
}

export async function showReview(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute<Record<string, unknown>>(sql`
    select r.id, r.idempotency_key, r.user_fk, u.user_name, r.body, r.reason, r.errors, r.status, r.sale_fk,
           r.resolution_note, r.resolved_by, rb.user_name as resolved_by_name, r.resolved_at, r.created_at
      from pos_reviews r join users u on u.user_id = r.user_fk left join users rb on rb.user_id = r.resolved_by
     where r.id = ${id}`);
  const row = res.rows[0];
  if (!row) return undefined;
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return { ...row, ...(await namedBody(ctx, row.body)), created_at: iso(row.created_at), resolved_at: iso(row.resolved_at) };
}

const idOf = (v: unknown) => (Number.isSafeInteger(v) && (v as number) > 0 ? (v as number) : null);
const textOf = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null);

/**
 * What the till sent, named for the manager who enters it by hand: each line's item and unit
 * (by their names now; null where the id names nothing), quantity, price and discount as sent, the
 * customer and when the sale was made. The body is the till's own, so every field is read warily.
 */
async function namedBody(ctx: Ctx, body: unknown) {
  const b = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  const sent = Array.isArray(b.lines) ? (b.lines as Record<string, unknown>[]).filter((l) => l && typeof l === "object") : [];
  const itemIds = [...new Set(sent.map((l) => idOf(l.item_fk)).filter((x): x is number => x !== null))];
  const unitIds = [...new Set(sent.map((l) => idOf(l.unit_fk)).filter((x): x is number => x !== null))];
  const customerId = idOf(b.customer_fk);
  const names = await ctx.tx.execute<{ kind: string; id: number; name: string }>(sql`
    select 'item' as kind, item_id as id, item_name as name from items where item_id = any(${intArray(itemIds)})
    union all
    select 'unit', unit_id, unit_name from units where unit_id = any(${intArray(unitIds)})
    union all
    select 'customer', consumer_id, consumer_name from consumers where kind = 'customer' and consumer_id = ${customerId ?? 0}`);
  const nameOf = (kind: string, id: number | null) => names.rows.find((r) => r.kind === kind && Number(r.id) === id)?.name ?? null;
  return {
    made_at:
      typeof b.client_created_at === "string" && !Number.isNaN(Date.parse(b.client_created_at))
        ? new Date(b.client_created_at).toISOString()
        : null,
    customer_name: nameOf("customer", customerId),
    lines: sent.map((l) => ({
      item_fk: idOf(l.item_fk),
      item_name: nameOf("item", idOf(l.item_fk)),
      unit_fk: idOf(l.unit_fk),
      unit_name: nameOf("unit", idOf(l.unit_fk)),
      quantity: textOf(l.quantity),
      unit_price: textOf(l.unit_price),
      discount_type: l.discount_type === "percent" || l.discount_type === "amount" ? l.discount_type : null,
      discount: textOf(l.discount),
    })),
  };
}

/** A manager marks a review booked (the sale was entered by hand, optionally naming it) or dismissed. */
export async function resolveReview(ctx: Ctx, id: number, input: { resolution: "booked" | "dismissed"; note?: string | null | undefined }) {
  const res = await ctx.tx.execute<{ status: string }>(sql`select status from pos_reviews where id = ${id} for update`);
  const row = res.rows[0];
  if (!row) throw notFound();
  if (row.status !== "open") throw new HttpError(422, POS_MSG.reviewResolved, { resolution: [POS_MSG.reviewResolved] });
  if (!ctx.user) throw new HttpError(401, MSG.unauthorized);
  await ctx.tx.execute(sql`
    update pos_reviews set status = ${input.resolution}, resolution_note = ${input.note ?? null},
           resolved_by = ${ctx.user.user_id}, resolved_at = ${ctx.now.toISOString()}::timestamptz
     where id = ${id}`);
}
