import { POS_MSG, type TokenResponse } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import type { KnownDevice } from "../auth/known-device.js";
import { cashierLogin } from "../auth/login.js";
import { drawerOpenings } from "./pos.tables.js";
import { assertCashier, cashierPlace } from "./pos-session.js";

/** The cash drawer opened without a sale: recorded (who, when, why) and audited. */
export async function recordDrawerOpening(ctx: Ctx, reason: string) {
  const user = assertCashier(ctx.user);
  const place = await cashierPlace(ctx.tx, user);
  const [row] = await ctx.tx
    .insert(drawerOpenings)
    .values({ user_fk: user.user_id, outlet_fk: place.outlet_id, reason, opened_at: ctx.now })
    .returning();
  await audit(ctx, { module: "pos_sales", action: "open_drawer", record_id: row!.id, after: row });
  return { id: row!.id, user_id: user.user_id, user_name: user.user_name, reason, opened_at: row!.opened_at.toISOString() };
}

/**
 * Another cashier of the same outlet takes over the POS with their PIN, without signing the
 * first out: the answer is that cashier's token, so the next sales carry them. Goes through the
 * cashier sign-in (its PIN throttling, with the till's device cookie, and checks) and is audited
 * as a switch, from whom to whom.
 */
export async function switchCashier(
  app: FastifyInstance,
  ctx: Ctx,
  input: { user: number; pin: string },
  device?: KnownDevice,
): Promise<TokenResponse & { user_id: number; user_name: string }> {
  const from = assertCashier(ctx.user);
  if (input.user === from.user_id) throw new HttpError(422, POS_MSG.switchSameUser, { user: [POS_MSG.switchSameUser] });
  const place = await cashierPlace(ctx.tx, from);
  // The till's device cookie vouches for the cashiers who signed in on it: a PIN guessed at the
  // switch from another till behind the shop's one address never holds them back.
  const token = await cashierLogin(app, ctx, { outlet_id: place.outlet_id ?? 0, user_id: input.user, pin: input.pin }, device);
  const found = await app.db.execute<{ user_name: string }>(sql`select user_name from users where user_id = ${input.user}`);
  const to = found.rows[0];
  await audit(ctx, {
    module: "pos_sales",
    action: "switch_cashier",
    record_id: input.user,
    before: { user_id: from.user_id, user_name: from.user_name },
    after: { user_id: input.user, user_name: to?.user_name ?? null, outlet_id: place.outlet_id },
  });
  return { ...token, user_id: input.user, user_name: to?.user_name ?? "" };
}
