import { type Inventory, MSG, SUPER_USER_ID } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { forbidden, HttpError, notFound } from "../../platform/errors.js";
import type { ListModel } from "../../platform/list.js";
import { systemConfig } from "../settings/settings.tables.js";
import { userInventories } from "../staff/staff.tables.js";
import { inventories } from "./inventories.tables.js";

const sees = (ctx: Ctx, id: number) => !ctx.user || ctx.user.user_id === SUPER_USER_ID || ctx.user.inventory_ids.includes(id);

/**
 * A user sees and uses only the inventories assigned to them (user 1 uses all). Documents that
 * move stock call this with each inventory they touch: unknown → 404, not assigned → 403.
 */
export async function assertInventoryAccess(ctx: Ctx, inventoryId: number): Promise<void> {
  const [row] = await ctx.tx.select({ id: inventories.inventory_id }).from(inventories).where(eq(inventories.inventory_id, inventoryId));
  if (!row) throw notFound();
  if (!sees(ctx, inventoryId)) throw forbidden("You do not have access to this inventory.");
}

/** SQL condition limiting `column` (an inventory id) to the caller's inventories. */
export function inventoryScope(ctx: Ctx, column: ReturnType<typeof sql>) {
  const user = ctx.user;
  if (!user || user.user_id === SUPER_USER_ID) return undefined;
  if (!user.inventory_ids.length) return sql`false`;
  return sql`${column} in (${sql.join(
    user.inventory_ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

export const inventoriesList: ListModel = {
  model: "inventories",
  from: sql`from inventories i left join outlets o on o.outlet_id = i.outlet_fk`,
  idColumn: "inventory_id",
  defaultSort: "inventory_id",
  dateColumn: sql`i.created_at`,
  scope: (ctx) => inventoryScope(ctx, sql`i.inventory_id`),
  columns: {
    inventory_id: { expr: sql`i.inventory_id`, filter: "eq" },
    inventory_name: { expr: sql`i.inventory_name`, search: true, filter: "like" },
    outlet_fk: { expr: sql`i.outlet_fk`, filter: "eq" },
    outlet_name: { expr: sql`o.outlet_name`, search: true, filter: "like" },
    is_active: { expr: sql`i.is_active`, filter: "bool" },
    description: { expr: sql`i.description`, search: true },
    is_default: { expr: sql`(i.inventory_id = (select default_inventory_fk from system_config where id = 1))`, sortable: false },
    created_at: { expr: sql`i.created_at` },
  },
};

export async function showInventory(ctx: Ctx, id: number) {
  if (!sees(ctx, id)) return undefined;
  const [row] = await ctx.tx.select().from(inventories).where(eq(inventories.inventory_id, id));
  return row;
}

export async function listInventories(ctx: Ctx) {
  const scope = inventoryScope(ctx, sql`inventory_id`);
  const res = await ctx.tx.execute<{ inventory_id: number; inventory_name: string; is_active: boolean }>(
    // A customer's consignment location is reached through sale transfers only, never picked as a document's inventory.
    sql`select inventory_id, inventory_name, is_active from inventories
         where consignment_consumer_fk is null and ${scope ?? sql`true`} order by inventory_name, inventory_id`,
  );
  return res.rows;
}

const columns = (input: Inventory) => ({
  inventory_name: input.inventory_name,
  outlet_fk: input.outlet_fk ?? null,
  is_active: input.is_active ?? true,
  description: input.description ?? null,
});

export async function createInventory(ctx: Ctx, input: Inventory) {
  const [row] = await ctx.tx.insert(inventories).values(columns(input)).returning({ id: inventories.inventory_id });
  // The maker may use what they made; a token issued later carries it.
  if (ctx.user && ctx.user.user_id !== SUPER_USER_ID) {
    await ctx.tx.insert(userInventories).values({ user_id: ctx.user.user_id, inventory_id: row!.id }).onConflictDoNothing();
    ctx.user.inventory_ids.push(row!.id);
  }
  return { id: row!.id };
}

export async function updateInventory(ctx: Ctx, id: number, input: Inventory) {
  if (input.is_active === false && (await isDefault(ctx, id)))
    throw new HttpError(422, MSG.mustHaveDefaultInventory, { is_active: [MSG.mustHaveDefaultInventory] });
  await ctx.tx
    .update(inventories)
    .set({ ...columns(input), updated_at: ctx.now })
    .where(eq(inventories.inventory_id, id));
}

async function isDefault(ctx: Ctx, id: number) {
  const [cfg] = await ctx.tx.select({ inv: systemConfig.default_inventory_fk }).from(systemConfig).where(eq(systemConfig.id, 1));
  return cfg?.inv === id;
}

export async function deleteInventory(ctx: Ctx, id: number) {
  if (await isDefault(ctx, id)) throw new HttpError(422, MSG.mustHaveDefaultInventory, { id: [MSG.mustHaveDefaultInventory] });
  await ctx.tx.delete(userInventories).where(eq(userInventories.inventory_id, id));
  await ctx.tx.delete(inventories).where(eq(inventories.inventory_id, id));
}

/** The system's default inventory, for documents that name none. */
export async function defaultInventory(ctx: Ctx) {
  const r = await ctx.tx.execute<{ id: number | null }>(sql`select default_inventory_fk as id from system_config where id = 1`);
  const id = r.rows[0]?.id;
  if (!id) throw new HttpError(422, MSG.mustHaveDefaultInventory, { inventory_fk: [MSG.mustHaveDefaultInventory] });
  return Number(id);
}

/** Whether the caller may see a document of this inventory (a show answers 404 otherwise). */
export async function seesInventory(ctx: Ctx, inventoryId: number) {
  const scope = inventoryScope(ctx, sql`${inventoryId}::int`);
  return !scope || (await ctx.tx.execute(sql`select 1 where ${scope}`)).rows.length > 0;
}
