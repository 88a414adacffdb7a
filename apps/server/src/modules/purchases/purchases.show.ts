import { sql } from "drizzle-orm";
import { withBusinessDate } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { inventoryScope } from "../catalogue/inventories.js";

/** A purchase with its lines (item, unit, returned so far), charges and names, as the screens show it. */
export async function showPurchase(ctx: Ctx, id: number) {
  const res = await ctx.tx.execute(sql`
    select p.*, c.consumer_name, i.inventory_name, cu.currency_name, a.account_name, a.system_key as account_system_key,
           cb.user_name as created_by_name
      from purchases p join consumers c on c.consumer_id = p.consumer_fk join inventories i on i.inventory_id = p.inventory_fk
      join currencies cu on cu.currency_id = p.currency_id left join accounts a on a.account_id = p.account_fk
      left join users cb on cb.user_id = p.created_by
     where p.id = ${id}`);
  const p = res.rows[0] as (Record<string, unknown> & { date: Date; inventory_fk: number }) | undefined;
  if (!p) return undefined;
  const scope = inventoryScope(ctx, sql`${p.inventory_fk}::int`);
  if (scope && !(await ctx.tx.execute(sql`select 1 where ${scope}`)).rows.length) return undefined;
  const lines = await ctx.tx.execute(sql`
    select l.*, it.item_name, it.item_code, it.has_expire, u.unit_name,
           coalesce((select sum(rl.quantity) from purchase_return_lines rl join purchase_returns r on r.id = rl.return_fk
                      where rl.purchase_line_fk = l.line_id and r.status = 'complete'), 0) as returned_quantity,
           coalesce((select sum(rl.bonus) from purchase_return_lines rl join purchase_returns r on r.id = rl.return_fk
                      where rl.purchase_line_fk = l.line_id and r.status = 'complete'), 0) as returned_bonus
      from purchase_lines l join items it on it.item_id = l.item_fk join units u on u.unit_id = l.unit_fk
     where l.purchase_fk = ${id} order by l.position, l.line_id`);
  const charges = await ctx.tx.execute(sql`
    select ch.*, c.consumer_name, a.account_name, a.system_key as account_system_key, cu.currency_name
      from purchase_charges ch left join consumers c on c.consumer_id = ch.consumer_fk join currencies cu on cu.currency_id = ch.currency_id
      left join accounts a on a.account_id = ch.account_fk
     where ch.purchase_fk = ${id} order by ch.charge_id`);
  return withBusinessDate({ ...p, lines: lines.rows, charges: charges.rows } as Record<string, unknown> & { date: Date });
}
