import { ALL_PERMISSIONS, expandPermissions, type MeResponse, MSG, SUPER_USER_ID } from "@app/contracts";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { writeAudit } from "../../platform/audit.js";
import type { AuthUser, Ctx } from "../../platform/context.js";
import { fieldError } from "../../platform/errors.js";
import { hashSecret, verifySecret } from "../../platform/passwords.js";
import { inventories } from "../catalogue/inventories.tables.js";
import { systemConfig } from "../settings/settings.tables.js";
import { passwordHistory, users } from "../staff/staff.tables.js";
import { checkNewPassword } from "./password-rules.js";

export async function me(db: Db, auth: AuthUser): Promise<MeResponse> {
  const [u] = await db.select().from(users).where(eq(users.user_id, auth.user_id));
  const [cfg] = await db.select().from(systemConfig).where(eq(systemConfig.id, 1));
  const invs = auth.inventory_ids.length
    ? await db
        .select({ inventory_id: inventories.inventory_id, inventory_name: inventories.inventory_name, is_active: inventories.is_active })
        .from(inventories)
        // A customer's consignment location is no inventory to pick on a form.
        .where(and(inArray(inventories.inventory_id, auth.inventory_ids), isNull(inventories.consignment_consumer_fk)))
        // The system's default inventory first, so a new document starts there, then by name.
        .orderBy(sql`(${inventories.inventory_id} = ${cfg?.default_inventory_fk ?? 0}) desc`, asc(inventories.inventory_name))
    : [];
  const permissions = auth.user_id === SUPER_USER_ID ? ALL_PERMISSIONS : expandPermissions(auth.permissions);
  return {
    user_id: auth.user_id,
    user_name: auth.user_name,
    user_full_name: u?.user_full_name ?? null,
    email: auth.email,
    outlet_fk: auth.outlet_fk,
    is_cashier: auth.is_cashier,
    permissions: [...permissions],
    inventories: invs,
    lang: (u?.lang as MeResponse["lang"]) ?? "en",
    theme: (u?.theme as MeResponse["theme"]) ?? "light",
    pagination_default: u?.pagination_default ?? cfg?.pagination_default ?? 10,
    pagination_options: cfg?.pagination_options ?? "10,50,100,200",
  };
}

/** Sets a new password after checking the old one and the last few; older tokens stop working. */
export async function changePassword(
  db: Db,
  ctx: Ctx,
  input: { old_password: string; new_password: string },
): Promise<{ tokenVersion: number }> {
  const userId = ctx.user!.user_id;
  const [u] = await db.select().from(users).where(eq(users.user_id, userId));
  if (!u || !(await verifySecret(u.password_hash, input.old_password))) throw fieldError("old_password", MSG.passwordMismatch);
  await checkNewPassword(db, { password: input.new_password, userId, userInputs: [u.email, u.user_name, u.user_full_name] });
  const hashed = await hashSecret(input.new_password);
  return db.transaction(async (tx) => {
    await tx.insert(passwordHistory).values({ user_id: userId, password_hash: u.password_hash });
    // Every older token of this user ends now; the caller gets a fresh one in the answer.
    const [row] = await tx
      .update(users)
      .set({ password_hash: hashed, token_version: sql`${users.token_version} + 1`, updated_at: new Date() })
      .where(eq(users.user_id, userId))
      .returning({ tokenVersion: users.token_version });
    await writeAudit(tx, { module: "auth", action: "change_password", record_id: userId, user_id: userId, ip: ctx.ip });
    return { tokenVersion: row!.tokenVersion };
  });
}

export async function updateProfile(db: Db, auth: AuthUser, input: { lang?: string; theme?: string; pagination_default?: number }) {
  const set: Partial<typeof users.$inferInsert> = {};
  if (input.lang) set.lang = input.lang;
  if (input.theme) set.theme = input.theme;
  if (input.pagination_default) set.pagination_default = input.pagination_default;
  if (Object.keys(set).length) await db.update(users).set(set).where(eq(users.user_id, auth.user_id));
}
