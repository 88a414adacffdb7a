import { isKnownPermission, type Role } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { HttpError, unprocessable } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { roles, users } from "./staff.tables.js";

export const rolesList: ListModel = {
  model: "roles",
  from: sql`from roles r`,
  idColumn: "role_id",
  defaultSort: "role_id",
  dateColumn: sql`r.created_at`,
  columns: {
    role_id: { expr: sql`r.role_id`, filter: "eq" },
    role_name: { expr: sql`r.role_name`, search: true, filter: "like" },
    permissions_count: { expr: sql`jsonb_array_length(r.permissions)` },
    users_count: { expr: sql`(select count(*)::int from users u where u.role_id = r.role_id)` },
    created_at: { expr: sql`r.created_at` },
  },
};

export async function showRole(ctx: Ctx, id: number) {
  const [r] = await ctx.tx.select().from(roles).where(eq(roles.role_id, id));
  return r;
}

function known(keys: string[]) {
  const unique = [...new Set(keys)];
  const bad = unique.filter((k) => !isKnownPermission(k));
  if (bad.length) throw unprocessable({ permissions: [`The permission ${bad[0]!.slice(0, 80)} is not known.`] });
  return unique.sort();
}

export async function createRole(ctx: Ctx, input: Role) {
  const [row] = await ctx.tx
    .insert(roles)
    .values({ role_name: input.role_name, permissions: known(input.permissions) })
    .returning({ id: roles.role_id });
  return { id: row!.id };
}

export async function updateRole(ctx: Ctx, id: number, input: Role) {
  await ctx.tx
    .update(roles)
    .set({ role_name: input.role_name, permissions: known(input.permissions), updated_at: ctx.now })
    .where(eq(roles.role_id, id));
}

export async function deleteRole(ctx: Ctx, id: number) {
  const [used] = await ctx.tx.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.role_id, id));
  if ((used?.n ?? 0) > 0) throw new HttpError(422, "This role is assigned to staff and cannot be deleted.", { role_id: ["is in use"] });
  await ctx.tx.delete(roles).where(eq(roles.role_id, id));
}
