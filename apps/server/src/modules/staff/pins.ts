import type { Pin } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import type { ListModel } from "../../platform/list.js";
import { hashSecret } from "../../platform/passwords.js";
import { checkNewPin } from "../auth/password-rules.js";
import { userPins } from "./staff.tables.js";

export const pinsList: ListModel = {
  model: "user_pins",
  from: sql`from user_pins p left join users u on u.user_id = p.user_id`,
  idColumn: "id",
  defaultSort: "id",
  dateColumn: sql`p.created_at`,
  columns: {
    id: { expr: sql`p.id`, filter: "eq" },
    name: { expr: sql`p.name`, search: true, filter: "like" },
    pin: { expr: sql`'****'`, sortable: false },
    user_id: { expr: sql`p.user_id`, filter: "eq" },
    user_name: { expr: sql`u.user_name`, search: true },
    created_at: { expr: sql`p.created_at` },
  },
};

export async function showPin(ctx: Ctx, id: number) {
  const [p] = await ctx.tx
    .select({ id: userPins.id, name: userPins.name, user_id: userPins.user_id, created_at: userPins.created_at })
    .from(userPins)
    .where(eq(userPins.id, id));
  return p ? { ...p, pin: "****" } : undefined;
}

export async function createPin(ctx: Ctx, input: Pin) {
  await checkNewPin(input.pin);
  const [row] = await ctx.tx
    .insert(userPins)
    .values({ name: input.name, pin_hash: await hashSecret(input.pin), user_id: input.user_id ?? null })
    .returning({ id: userPins.id });
  return { id: row!.id };
}

export async function updatePin(ctx: Ctx, id: number, input: Pin) {
  await checkNewPin(input.pin);
  await ctx.tx
    .update(userPins)
    .set({ name: input.name, pin_hash: await hashSecret(input.pin), user_id: input.user_id ?? null, updated_at: ctx.now })
    .where(eq(userPins.id, id));
}

export async function deletePin(ctx: Ctx, id: number) {
  await ctx.tx.delete(userPins).where(eq(userPins.id, id));
}
