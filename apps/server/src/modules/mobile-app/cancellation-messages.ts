import type { CancellationMessage } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import type { ListModel } from "../../platform/list.js";
import { nextArrangement } from "./arrangement.js";
import { orderCancellationMessages } from "./mobile-app.tables.js";

/** The reasons an online order may be cancelled with, in their arrangement; "Other" is the app's own free-text choice. */
export const cancellationMessagesList: ListModel = {
  model: "order_cancellation_messages",
  from: sql`from order_cancellation_messages m`,
  idColumn: "message_id",
  defaultSort: "arrangement",
  dateColumn: sql`m.created_at`,
  columns: {
    message_id: { expr: sql`m.message_id`, filter: "eq" },
    message: { expr: sql`m.message`, search: true, filter: "like" },
    active: { expr: sql`m.active`, filter: "bool" },
    arrangement: { expr: sql`m.arrangement`, notNull: true },
    created_at: { expr: sql`m.created_at` },
  },
};

export async function showCancellationMessage(ctx: Ctx, id: number) {
  const [row] = await ctx.tx.select().from(orderCancellationMessages).where(eq(orderCancellationMessages.message_id, id));
  return row;
}

/** The active messages in their order: what the cancel dialogs offer before "Other". */
export async function activeCancellationMessages(ctx: Ctx) {
  return ctx.tx
    .select({ message_id: orderCancellationMessages.message_id, message: orderCancellationMessages.message })
    .from(orderCancellationMessages)
    .where(eq(orderCancellationMessages.active, true))
    .orderBy(orderCancellationMessages.arrangement, orderCancellationMessages.message_id);
}

export async function createCancellationMessage(ctx: Ctx, input: CancellationMessage) {
  const [row] = await ctx.tx
    .insert(orderCancellationMessages)
    .values({
      message: input.message,
      active: input.active ?? true,
      arrangement: await nextArrangement(ctx, "order_cancellation_messages"),
      created_by: ctx.user?.user_id ?? null,
      updated_by: ctx.user?.user_id ?? null,
    })
    .returning({ id: orderCancellationMessages.message_id });
  return { id: row!.id };
}

export async function updateCancellationMessage(ctx: Ctx, id: number, input: CancellationMessage) {
  await ctx.tx
    .update(orderCancellationMessages)
    .set({
      message: input.message,
      ...(input.active === undefined ? {} : { active: input.active }),
      updated_at: ctx.now,
      updated_by: ctx.user?.user_id ?? null,
    })
    .where(eq(orderCancellationMessages.message_id, id));
}

export async function deleteCancellationMessage(ctx: Ctx, id: number) {
  await ctx.tx.delete(orderCancellationMessages).where(eq(orderCancellationMessages.message_id, id));
}
