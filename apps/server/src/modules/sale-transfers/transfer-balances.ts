import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { D } from "../ledger/money.js";

/** A sent sale transfer's line with what is left of it, each quantity in the line's unit. */
export type TransferLineBalance = {
  line_id: number;
  transfer_fk: number;
  number: string | null;
  date: Date | string;
  consumer_fk: number;
  currency_id: number;
  rate: string;
  item_fk: number;
  unit_fk: number;
  unit_base_qty: string;
  unit_price: string;
  quantity: string;
  invoiced: string;
  returned: string;
  left: string;
};

/**
 * The lines of sale transfers (`where` over `t`, the transfer, and `l`, its line) with what was
 * invoiced of each (consignment invoices whose sale is complete), what came back (the returns made
 * from the transfer, in base units, given to the transfer's lines of the item in their order, each
 * no more than it still had), and what is left: sent less invoiced less returned.
 */
export async function transferLineBalances(tx: DbOrTx, where: SQL): Promise<TransferLineBalance[]> {
  const r = await tx.execute<TransferLineBalance>(sql`
    with lines as (
      select l.line_id, l.transfer_fk, t.number, t.date, t.consumer_fk, t.currency_id, t.rate::text, l.item_fk, l.unit_fk,
             l.unit_base_qty, l.unit_price, l.quantity, l.position,
             coalesce((select sum(il.quantity) from sale_transfer_invoice_lines il join sales s on s.id = il.sale_fk
                        where il.transfer_line_fk = l.line_id and s.status = 'complete'), 0) as invoiced
        from sale_transfer_lines l join sale_transfers t on t.id = l.transfer_fk
       where ${where}
    ), open as (
      select x.*, (x.quantity - x.invoiced) * x.unit_base_qty as open_base,
             coalesce((select sum(rl.quantity * rl.unit_base_qty) from sale_transfer_return_lines rl
                         join sale_transfer_returns r on r.id = rl.return_fk
                        where r.sale_transfer_fk = x.transfer_fk and rl.item_fk = x.item_fk), 0) as returned_base
        from lines x
    ), given as (
      select o.*, greatest(o.returned_base - coalesce(sum(o.open_base) over (
               partition by o.transfer_fk, o.item_fk order by o.position, o.line_id rows between unbounded preceding and 1 preceding), 0), 0)
             as still_returned
        from open o
    )
    select line_id, transfer_fk, number, date, consumer_fk, currency_id, rate, item_fk, unit_fk, unit_base_qty::text, unit_price::text,
           quantity::text, invoiced::text,
           round(least(still_returned, open_base) / unit_base_qty, 4)::text as returned,
           round((open_base - least(still_returned, open_base)) / unit_base_qty, 4)::text as "left"
      from given order by date, transfer_fk, position, line_id`);
  const plain = (v: string) => D(v).toFixed();
  return r.rows.map((row) => ({
    ...row,
    line_id: Number(row.line_id),
    transfer_fk: Number(row.transfer_fk),
    quantity: plain(row.quantity),
    invoiced: plain(row.invoiced),
    returned: plain(row.returned),
    left: plain(row.left),
  }));
}
