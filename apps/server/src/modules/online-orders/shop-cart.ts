import { SHOP_MSG } from "@app/contracts";
import type Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { businessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { unprocessable } from "../../platform/errors.js";
import { systemCurrency } from "../ledger/ledger.js";
import { D, ZERO } from "../ledger/money.js";
import { quotePrices } from "../pricing/quote.js";
import { notEnoughMessage } from "./reservations.js";

/** Where online orders take their goods from, and the settings that shape what the app shows. */
export async function shopSettings(tx: DbOrTx) {
  const r = await tx.execute<{ inventory: number | null; min_qty: string; minutes: number }>(sql`
    select default_inventory_fk as inventory, out_of_stock_min_qty::text as min_qty, online_order_accepted_minutes as minutes
      from system_config where id = 1`);
  const row = r.rows[0];
  return {
    inventory: row?.inventory == null ? null : Number(row.inventory),
    minQty: D(row?.min_qty ?? "0"),
    minutes: Number(row?.minutes ?? 30),
  };
}

/** An amount as orders store it: three decimals. */
export const money = (v: string) => D(v).toFixed(3);

/** An item is shown online when it and its category (if any) are. */
export const shownOnline = sql`i.is_active_online and (i.category_fk is null or exists (
  select 1 from categories c where c.category_id = i.category_fk and c.is_active_online))`;

/**
 * What of each item may be ordered now, in base units: on hand less what open orders hold, in
 * batches not expired, in the online inventory; none when that is not above the setting
 * "out-of-stock minimum quantity", so the app shows the item out of stock.
 */
export async function availableOf(tx: DbOrTx, itemIds: number[], inventory: number | null, minQty: Decimal, now: Date) {
  const out = new Map<number, Decimal>(itemIds.map((id) => [id, ZERO]));
  if (!itemIds.length || inventory == null) return out;
  const r = await tx.execute<{ item_fk: number; qty: string }>(sql`
    select b.item_fk, sum(greatest(b.qty - b.reserved, 0))::text as qty
      from stock_balances b join stock_batches sb on sb.batch_id = b.batch_fk
     where b.item_fk = any(${`{${itemIds.join(",")}}`}::int[]) and b.inventory_fk = ${inventory}
       and (sb.expire_date is null or sb.expire_date >= ${businessDay(now)}::date)
     group by b.item_fk`);
  for (const row of r.rows) {
    const q = D(row.qty);
    out.set(Number(row.item_fk), q.gt(minQty) ? q : ZERO);
  }
  return out;
}

export interface CartLine {
  item_id: number;
  unit_id?: number | null | undefined;
  quantity: string;
}

/** A cart priced by the one price function for the customer, with what each line may have now. */
export async function priceCart(ctx: Ctx, consumerId: number | null, lines: CartLine[]) {
  const settings = await shopSettings(ctx.tx);
  const values = sql.join(
    lines.map((l, i) => sql`(${i}::int, ${l.item_id}::int, ${l.unit_id ?? null}::int)`),
    sql`, `,
  );
  // The unit named, else the item's default unit, else its base unit.
  const found = await ctx.tx.execute<{ n: number; item_unit_id: number; unit_fk: number; unit_qty: string; shown: boolean }>(sql`
    select x.n, iu.item_unit_id, iu.unit_fk, iu.quantity::text as unit_qty, ${shownOnline} as shown
      from (values ${values}) as x(n, item_id, unit_id)
      join items i on i.item_id = x.item_id
      join lateral (
        select * from item_units u where u.item_fk = x.item_id and (x.unit_id is null or u.unit_fk = x.unit_id)
         order by u.is_default desc, u.is_base desc, u.item_unit_id limit 1) iu on true`);
  const units = new Map(found.rows.map((r) => [Number(r.n), r]));
  const errors: Record<string, string[]> = {};
  lines.forEach((l, i) => {
    const u = units.get(i);
    if (!u?.shown)
      errors[`lines.${i}.${u || l.unit_id == null ? "item_id" : "unit_id"}`] = [
        u || l.unit_id == null ? SHOP_MSG.itemInvalid : SHOP_MSG.unitInvalid,
      ];
  });
  if (Object.keys(errors).length) throw unprocessable(errors);
  const system = await systemCurrency(ctx.tx);
  const priced = await quotePrices(
    ctx,
    {
      customer_id: consumerId,
      currency_id: system,
      lines: lines.map((l, i) => ({ item_unit_id: units.get(i)!.item_unit_id, quantity: l.quantity })),
    } as Parameters<typeof quotePrices>[1],
    { confirmed: true },
  );
  const itemIds = [...new Set(lines.map((l) => l.item_id))];
  const available = await availableOf(ctx.tx, itemIds, settings.inventory, settings.minQty, ctx.now);
  // Lines of the same item share what is left of it.
  const left = new Map(available);
  const shown = priced.lines.map((p, i) => {
    const u = units.get(i)!;
    const base = D(lines[i]!.quantity).mul(u.unit_qty);
    const has = left.get(lines[i]!.item_id) ?? ZERO;
    const ok = has.gte(base);
    if (ok) left.set(lines[i]!.item_id, has.minus(base));
    return {
      item_id: p.item_id,
      item_name: p.item_name,
      unit_id: Number(u.unit_fk),
      unit_name: p.unit_name,
      unit_base_qty: u.unit_qty,
      quantity: D(lines[i]!.quantity).toFixed(),
      unit_price: money(p.sale_price),
      net_price: money(p.unit_price),
      line_total: money(p.total),
      available: ok,
      message: ok ? null : notEnoughMessage(has.div(u.unit_qty).floor()),
    };
  });
  return {
    settings,
    currency_id: priced.currency_id,
    rate: priced.rate,
    lines: shown,
    gross: money(priced.gross),
    discount_amount: D(priced.gross).minus(priced.net).toFixed(3),
    total: money(priced.total),
    orderable: shown.every((l) => l.available),
  };
}

/** The quote as the app reads it. */
export const quoteAnswer = (q: Awaited<ReturnType<typeof priceCart>>) => ({
  currency_id: q.currency_id,
  lines: q.lines.map(({ unit_base_qty: _, ...l }) => l),
  gross: q.gross,
  discount_amount: q.discount_amount,
  total: q.total,
  orderable: q.orderable,
});
