import { type CreateUser, isKnownPermission, MSG, STAFF_MSG, SUPER_USER_ID, type ZUpdateUser } from "@app/contracts";
import { eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Ctx } from "../../platform/context.js";
import { forbidden, unprocessable } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { hashSecret } from "../../platform/passwords.js";
import { checkNewPassword } from "../auth/password-rules.js";
import { inventories } from "../catalogue/inventories.tables.js";
import { outlets } from "../outlets/outlets.tables.js";
import { drawerAccounts } from "../pos/pos-session.js";
import { systemConfig } from "../settings/settings.tables.js";
import { passwordHistory, roles, userInventories, users } from "./staff.tables.js";

type UpdateUser = z.output<typeof ZUpdateUser>;

export const usersList: ListModel = {
  model: "users",
  from: sql`from users u left join roles r on r.role_id = u.role_id left join outlets o on o.outlet_id = u.outlet_fk`,
  idColumn: "user_id",
  defaultSort: "user_id",
  dateColumn: sql`u.created_at`,
  amountColumn: sql`u.base_salary`,
  columns: {
    user_id: { expr: sql`u.user_id`, filter: "eq" },
    user_name: { expr: sql`u.user_name`, search: true, filter: "like" },
    user_code: { expr: sql`u.user_code`, search: true, filter: "eq" },
    user_full_name: { expr: sql`u.user_full_name`, search: true, filter: "like" },
    email: { expr: sql`u.email`, search: true, filter: "like" },
    user_image_path: { expr: sql`u.user_image_path`, sortable: false },
    role_id: { expr: sql`u.role_id`, filter: "eq" },
    role_name: { expr: sql`r.role_name`, filter: "like" },
    outlet_fk: { expr: sql`u.outlet_fk`, filter: "eq" },
    outlet_name: { expr: sql`o.outlet_name`, filter: "like" },
    status: { expr: sql`u.status`, filter: "eq" },
    is_cashier: { expr: sql`u.is_cashier`, filter: "bool" },
    is_salesman: { expr: sql`u.is_salesman`, filter: "bool" },
    gender: { expr: sql`u.gender`, filter: "eq" },
    base_salary: { expr: sql`u.base_salary`, sum: true },
    user_joining_date: { expr: sql`to_char(u.user_joining_date, 'DD/MM/YYYY')`, sortable: false },
    created_at: { expr: sql`u.created_at` },
  },
};

const dmy = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : null);

export async function showUser(ctx: Ctx, id: number) {
  const [u] = await ctx.tx.select().from(users).where(eq(users.user_id, id));
  if (!u) return undefined;
  const inv = await ctx.tx.select({ id: userInventories.inventory_id }).from(userInventories).where(eq(userInventories.user_id, id));
  const { password_hash: _omit, token_version: _tv, ...rest } = u;
  return {
    ...rest,
    user_role: u.role_id,
    user_dob: dmy(u.user_dob),
    user_joining_date: dmy(u.user_joining_date),
    inventory_ids: inv.map((x) => x.id),
  };
}

function checkPermissions(ctx: Ctx, keys: string[] | undefined) {
  if (!keys) return;
  const bad = keys.filter((k) => !isKnownPermission(k));
  if (bad.length) throw unprocessable({ permissions: [`The permission ${bad[0]!.slice(0, 80)} is not known.`] });
  // Nobody hands out what they do not hold themselves.
  const actor = ctx.user;
  if (actor && actor.user_id !== SUPER_USER_ID) {
    const over = keys.filter((k) => !actor.permissions.has(k) && !k.startsWith("_"));
    if (over.length) throw forbidden(`You cannot grant ${over[0]} which you do not hold.`);
  }
}

/** A non-super user may assign only a role whose keys they hold themselves. Answers the role's keys. */
async function checkRole(ctx: Ctx, roleId: number | null | undefined): Promise<string[]> {
  if (!roleId) return [];
  const [role] = await ctx.tx.select({ permissions: roles.permissions }).from(roles).where(eq(roles.role_id, roleId));
  if (!role) throw unprocessable({ user_role: ["The selected user role is invalid."] });
  checkPermissions(ctx, role.permissions);
  return role.permissions;
}

/**
 * The parts of a member only some managers may change, each with its own action: who edits a
 * member's name (users/update) does not thereby move them to another outlet, give them a role,
 * switch them off or hand them permissions. A part sent unchanged (the form sends them all) asks
 * for nothing.
 */
function checkGuardedChanges(
  ctx: Ctx,
  given: UpdateUser,
  before: { role_id: number | null; status: string; outlet_fk: number | null; permissions: string[] | null },
  had: number[],
) {
  const actor = ctx.user;
  if (!actor || actor.user_id === SUPER_USER_ID) return;
  const sameSet = (a: readonly (string | number)[], b: readonly (string | number)[]) =>
    new Set(a).size === new Set(b).size && a.every((x) => b.includes(x));
  const changed: [boolean, string][] = [
    [given.user_role !== undefined && (given.user_role ?? null) !== before.role_id, "users/set_roles"],
    [given.status !== undefined && given.status !== before.status, "users/set_user_status"],
    [given.outlet_fk !== undefined && (given.outlet_fk ?? null) !== before.outlet_fk, "users/change_outlets"],
    [given.inventory_ids !== undefined && !sameSet(given.inventory_ids, had), "users/change_outlets"],
    [given.permissions !== undefined && !sameSet(given.permissions, before.permissions ?? []), "users/assign_permissions"],
  ];
  for (const [yes, key] of changed) if (yes && !actor.permissions.has(key)) throw forbidden();
}

/** A role that sells at the till makes its holder a cashier unless the form says otherwise. */
const sellsAtTill = (keys: string[]) => keys.includes("pos_sales/store");

/**
 * The inventories and outlet a user is given. Each must exist (a customer's consignment location
 * is no one's to be given), and, as with permissions, nobody hands out an inventory they do not
 * use themselves; those the user had already stay theirs to keep.
 */
async function checkPlaces(
  ctx: Ctx,
  input: { inventory_ids?: number[] | undefined; outlet_fk?: number | null | undefined },
  had: number[],
) {
  if (input.outlet_fk != null) {
    const [o] = await ctx.tx.select({ id: outlets.outlet_id }).from(outlets).where(eq(outlets.outlet_id, input.outlet_fk));
    if (!o) throw unprocessable({ outlet_fk: [STAFF_MSG.outletInvalid] });
  }
  const ids = [...new Set(input.inventory_ids ?? [])];
  if (!ids.length) return;
  const found = await ctx.tx
    .select({ id: inventories.inventory_id, consignment: inventories.consignment_consumer_fk })
    .from(inventories)
    .where(inArray(inventories.inventory_id, ids));
  const usable = new Set(found.filter((r) => r.consignment == null).map((r) => r.id));
  const bad = ids.find((id) => !usable.has(id));
  if (bad !== undefined) throw unprocessable({ inventory_ids: [STAFF_MSG.inventoryInvalid] });
  const actor = ctx.user;
  if (actor && actor.user_id !== SUPER_USER_ID && ids.some((id) => !had.includes(id) && !actor.inventory_ids.includes(id)))
    throw forbidden(STAFF_MSG.inventoryNotYours);
}

/** The system configuration's default inventory and the main (first) outlet: where a new cashier sells. */
async function tillDefaults(ctx: Ctx) {
  const [cfg] = await ctx.tx.select({ inventory: systemConfig.default_inventory_fk }).from(systemConfig).where(eq(systemConfig.id, 1));
  const [main] = await ctx.tx.select({ id: sql<number>`min(${outlets.outlet_id})` }).from(outlets);
  if (!cfg?.inventory) throw unprocessable({ inventory_ids: [MSG.mustHaveDefaultInventory] });
  return { inventory: cfg.inventory, outlet: main?.id == null ? null : Number(main.id) };
}

/**
 * A cashier signs in at an outlet and sells from an inventory: becoming one without either named
 * gives the main outlet and the default inventory; an empty list of inventories chosen on purpose
 * is refused, as the till could not open.
 */
async function cashierPlaces<
  T extends { is_cashier?: boolean | undefined; inventory_ids?: number[] | undefined; outlet_fk?: number | null | undefined },
>(ctx: Ctx, input: T, before: { is_cashier: boolean; outlet_fk: number | null; inventory_ids: number[] } | undefined): Promise<T> {
  const cashier = input.is_cashier ?? before?.is_cashier ?? false;
  if (!cashier) return input;
  const out = { ...input };
  const inventoriesAfter = input.inventory_ids ?? before?.inventory_ids ?? [];
  if (input.inventory_ids !== undefined && !input.inventory_ids.length)
    throw unprocessable({ inventory_ids: [STAFF_MSG.cashierNeedsInventory] });
  const outletAfter = input.outlet_fk !== undefined ? input.outlet_fk : (before?.outlet_fk ?? null);
  if (inventoriesAfter.length && outletAfter != null) return out;
  const defaults = await tillDefaults(ctx);
  if (!inventoriesAfter.length) out.inventory_ids = [defaults.inventory];
  if (outletAfter == null) out.outlet_fk = defaults.outlet;
  return out;
}

/** A salesman's commission terms: they belong to a salesman, and go when he is no longer one. */
const NO_COMMISSION_TERMS = {
  commission_type: null,
  sale_man_commission_percentage: null,
  sale_man_commission_percentage_1: null,
  sale_man_commission_percentage_2: null,
  sale_man_commission_percentage_3: null,
  sale_man_quota_1: null,
  sale_man_quota_2: null,
  sale_man_quota_3: null,
} as const;

/** Form fields → columns: SPEC's `user_role` is the `role_id` column. */
function columns(input: Omit<UpdateUser, "new_password" | "new_password_confirmation" | "inventory_ids">) {
  const { permissions, sale_man_mail, user_role, ...rest } = input;
  return {
    ...rest,
    ...(rest.is_salesman === false ? NO_COMMISSION_TERMS : {}),
    ...(user_role !== undefined ? { role_id: user_role } : {}),
    sale_man_mail: sale_man_mail || null,
    ...(permissions ? { permissions } : {}),
  };
}

async function setInventories(ctx: Ctx, userId: number, ids: number[] | undefined) {
  if (!ids) return;
  await ctx.tx.delete(userInventories).where(eq(userInventories.user_id, userId));
  if (ids.length) await ctx.tx.insert(userInventories).values([...new Set(ids)].map((inventory_id) => ({ user_id: userId, inventory_id })));
}

export async function createUser(ctx: Ctx, given: CreateUser): Promise<{ id: number }> {
  checkPermissions(ctx, given.permissions);
  // Permissions of one's own are handed out by those who may assign them; a role comes with the new member.
  if (given.permissions?.length && ctx.user && ctx.user.user_id !== SUPER_USER_ID && !ctx.user.permissions.has("users/assign_permissions"))
    throw forbidden();
  const roleKeys = await checkRole(ctx, given.user_role);
  await checkPlaces(ctx, given, []);
  const input = await cashierPlaces(ctx, { ...given, is_cashier: given.is_cashier ?? sellsAtTill(roleKeys) }, undefined);
  const { new_password, new_password_confirmation: _c, inventory_ids, ...fields } = input;
  await checkNewPassword(ctx.tx, { password: new_password, userInputs: [fields.email, fields.user_name, fields.user_full_name] });
  const [row] = await ctx.tx
    .insert(users)
    .values({ ...columns(fields), password_hash: await hashSecret(new_password), created_by: ctx.user?.user_id ?? null })
    .returning({ id: users.user_id });
  await setInventories(ctx, row!.id, inventory_ids);
  // The till books its cash into the cashier's drawer: ready before the first sale.
  if (input.is_cashier) await drawerAccounts(ctx, row!.id);
  return { id: row!.id };
}

export async function updateUser(ctx: Ctx, id: number, given: UpdateUser): Promise<void> {
  checkPermissions(ctx, given.permissions);
  await checkRole(ctx, given.user_role);
  // Whoever may edit the super user could take over the whole system through its password or e-mail.
  if (id === SUPER_USER_ID && ctx.user?.user_id !== SUPER_USER_ID) throw forbidden("Only the super user can change the super user.");
  if (id === SUPER_USER_ID && given.status && given.status !== "active") throw forbidden("The super user cannot be deactivated.");
  const [before] = await ctx.tx.select().from(users).where(eq(users.user_id, id));
  const had = (await ctx.tx.select({ id: userInventories.inventory_id }).from(userInventories).where(eq(userInventories.user_id, id))).map(
    (r) => r.id,
  );
  if (before) checkGuardedChanges(ctx, given, before, had);
  await checkPlaces(ctx, given, had);
  const input = before
    ? await cashierPlaces(ctx, given, { is_cashier: before.is_cashier, outlet_fk: before.outlet_fk, inventory_ids: had })
    : given;
  const { new_password, new_password_confirmation: _c, inventory_ids, ...fields } = input;
  const set: Partial<typeof users.$inferInsert> = { ...columns(fields), updated_at: ctx.now };
  let revoke = fields.status !== undefined && fields.status !== "active" && before?.status === "active";
  if (new_password) {
    await checkNewPassword(ctx.tx, {
      password: new_password,
      userId: id,
      userInputs: [fields.email ?? before?.email, fields.user_name ?? before?.user_name, fields.user_full_name ?? before?.user_full_name],
    });
    set.password_hash = await hashSecret(new_password);
    await ctx.tx.insert(passwordHistory).values({ user_id: id, password_hash: before!.password_hash });
    revoke = true;
  }
  await ctx.tx
    .update(users)
    .set(revoke ? { ...set, token_version: sql`${users.token_version} + 1` } : set)
    .where(eq(users.user_id, id));
  await setInventories(ctx, id, inventory_ids);
  if (before && !before.is_cashier && input.is_cashier) await drawerAccounts(ctx, id);
}

export async function deleteUser(ctx: Ctx, id: number): Promise<void> {
  if (id === SUPER_USER_ID) throw forbidden("The super user cannot be deleted.");
  if (ctx.user?.user_id === id) throw forbidden("You cannot delete yourself.");
  await ctx.tx.delete(users).where(eq(users.user_id, id));
}
