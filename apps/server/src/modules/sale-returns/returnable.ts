import type Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { spread } from "../../platform/allocation.js";
import type { Ctx } from "../../platform/context.js";
import { D } from "../ledger/money.js";
import { saleSource } from "../sales/sales.list.js";
import { liveMovements } from "../stock/stock.reverse.js";
import type { SoldBatch, SoldFigures } from "./sale-return.ledger.js";

/** A sale line as a return reads it: what was sold and what came back already. */
export interface SoldLine extends SoldFigures {
  line_id: number;
  item_fk: number;
  item_name: string;
  unit_fk: number;
  unit_name: string;
  unit_base_qty: string;
  unit_price: string;
  /** What the customer was charged for the line: revenue − discount + tax. */
  total: Decimal;
  batch_no: string | null;
  expire_date: string | null;
  returned: Decimal;
}

export interface SoldSale {
  id: number;
  number: string | null;
  consumer_fk: number;
  inventory_fk: number;
  currency_id: number;
  rate: string;
  status: string;
  payment_type: string;
  account_fk: number | null;
  consumer_name: string;
  currency_name: string;
}

export async function saleOf(ctx: Ctx, id: number): Promise<SoldSale | undefined> {
  const r = await ctx.tx.execute<SoldSale & Record<string, unknown>>(sql`
    select s.id, s.number, s.consumer_fk, s.inventory_fk, s.currency_id, s.rate::text, s.status, s.payment_type, s.account_fk,
           c.consumer_name, cu.currency_name
      from sales s join consumers c on c.consumer_id = s.consumer_fk join currencies cu on cu.currency_id = s.currency_id
     where s.id = ${id}`);
  const s = r.rows[0];
  return (
    s && {
      ...s,
      id: Number(s.id),
      consumer_fk: Number(s.consumer_fk),
      inventory_fk: Number(s.inventory_fk),
      currency_id: Number(s.currency_id),
    }
  );
}

/**
 * Each line of a sale with its figures and what complete returns (other than `exceptReturn`)
 * took back already, as the sale posted them: revenue is the line at its unit sale price (what
 * Sales was credited), discount every reduction of it (profile, promotion, line and invoice
 * discounts) plus its share of the rounded discount, spread over the lines by what they came to
 * with tax, the last line taking the rounding; tax as charged. Free units of a promotion count
 * with the paid ones: they left the stock with the line and may come back with it.
 */
export async function soldLines(ctx: Ctx, saleId: number, exceptReturn = 0): Promise<SoldLine[]> {
  const head = await ctx.tx.execute<{ rounded_discount: string }>(sql`select rounded_discount::text from sales where id = ${saleId}`);
  const res = await ctx.tx.execute<{
    line_id: number;
    item_fk: number;
    item_name: string;
    unit_fk: number;
    unit_name: string;
    unit_base_qty: string;
    units: string;
    unit_price: string;
    discount_amount: string;
    tax_amount: string;
    line_total: string;
    batch_no: string | null;
    expire_date: string | null;
    returned: string;
  }>(sql`
    select l.line_id, l.item_fk, it.item_name, l.unit_fk, u.unit_name, l.unit_base_qty::text, (l.quantity + l.free_quantity)::text as units,
           l.unit_price::text, l.discount_amount::text, l.tax_amount::text, l.line_total::text, l.batch_no,
           to_char(l.expire_date, 'YYYY-MM-DD') as expire_date,
           coalesce((select sum(rl.quantity) from sale_return_lines rl join sale_returns r on r.id = rl.return_fk
                      where rl.sale_line_fk = l.line_id and r.status = 'complete' and r.id <> ${exceptReturn}), 0)::text as returned
      from sale_lines l join items it on it.item_id = l.item_fk join units u on u.unit_id = l.unit_fk
     where l.sale_fk = ${saleId}
     order by l.position, l.line_id`);
  const charged = res.rows.map((l) => D(l.line_total).plus(l.tax_amount));
  const rounded = spread(head.rows[0]?.rounded_discount ?? "0", charged, 3);
  return res.rows.map((l, i) => {
    const discount = D(l.discount_amount).plus(rounded[i]!);
    const revenue = D(l.line_total).plus(l.discount_amount);
    return {
      line_id: Number(l.line_id),
      item_fk: Number(l.item_fk),
      item_name: l.item_name,
      unit_fk: Number(l.unit_fk),
      unit_name: l.unit_name,
      unit_base_qty: l.unit_base_qty,
      unit_price: l.unit_price,
      quantity: l.units,
      revenue,
      discount,
      tax: l.tax_amount,
      total: revenue.minus(discount).plus(l.tax_amount),
      batch_no: l.batch_no,
      expire_date: l.expire_date,
      returned: D(l.returned),
    };
  });
}

/**
 * What of a sale can still come back (the POS reuses it): per line, sold, returned and returnable
 * quantities in the line's unit, and the price of one unit as charged (after discounts, with tax).
 */
export async function returnableLines(ctx: Ctx, saleId: number, exceptReturn = 0) {
  return (await soldLines(ctx, saleId, exceptReturn)).map((l) => ({
    sale_line_id: l.line_id,
    item_fk: l.item_fk,
    item_name: l.item_name,
    unit_fk: l.unit_fk,
    unit_name: l.unit_name,
    unit_price: l.unit_price,
    net_unit_price: D(l.quantity).isZero() ? "0" : l.total.div(l.quantity).toDecimalPlaces(3).toFixed(),
    batch_no: l.batch_no,
    expire_date: l.expire_date,
    sold: D(l.quantity).toFixed(),
    returned: l.returned.toFixed(),
    returnable: D(l.quantity).minus(l.returned).toFixed(),
  }));
}

/**
 * The batches each line of a sale took its goods from (base units, value as they left, in the
 * order taken), and what live returns brought back into each already (`exceptReturn` aside).
 */
export async function soldBatches(ctx: Ctx, saleId: number, exceptReturn = 0) {
  const sold = new Map<number, SoldBatch[]>();
  for (const m of await liveMovements(ctx, saleSource(saleId))) {
    if (m.source_line === null || m.qty.gte(0)) continue;
    const line = Number(m.source_line);
    const list = sold.get(line) ?? [];
    const same = list.find((b) => b.batch_id === m.batch_id);
    if (same) {
      same.qty = D(same.qty).minus(m.qty);
      same.value = D(same.value).minus(m.value);
    } else list.push({ batch_id: m.batch_id, qty: m.qty.neg(), value: m.value.neg() });
    sold.set(line, list);
  }
  const res = await ctx.tx.execute<{ sale_line: number; batch: number; qty: string; value: string }>(sql`
    select rl.sale_line_fk as sale_line, m.batch_fk as batch, sum(m.qty)::text as qty, sum(m.value)::text as value
      from stock_movements m join sale_return_lines rl on rl.line_id = m.source_line
      join sale_returns r on r.id = rl.return_fk and m.source_type = 'sale_return' and m.source_id = r.id
     where r.sale_fk = ${saleId} and r.id <> ${exceptReturn} and m.reversal_of is null
       and not exists (select 1 from stock_movements x where x.reversal_of = m.movement_id)
     group by rl.sale_line_fk, m.batch_fk`);
  const back = new Map<number, Map<number, { qty: Decimal; value: Decimal }>>();
  for (const r of res.rows) {
    const line = back.get(Number(r.sale_line)) ?? new Map();
    line.set(Number(r.batch), { qty: D(r.qty), value: D(r.value) });
    back.set(Number(r.sale_line), line);
  }
  return { sold, back };
}
