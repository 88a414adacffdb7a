import { CURRENCY_IQD, CURRENCY_USD, can, dueIn, overdueMessage } from "@app/contracts";
import { readBack } from "../../db/bulk.js";
import type { Tx } from "../../db/client.js";
import { withBusinessDate } from "../../platform/business-time.js";
import { ratesFrom } from "../ledger/ledger.js";
import { D, round3 } from "../ledger/money.js";
import { overdueFrom, overdueOwed } from "../sales/sales.credit.js";
import { saleLines, salePayments, sales } from "../sales/sales.tables.js";
import { dp, type Env, ID, type Planned, type Shown } from "./pos-book.types.js";

/** The receipts of a booking's sales, made from what it wrote and read, before the write. */

/**
 * The receipts of the booked sales, as `showPosSale` shows each, made from the rows just written
 * and what the booking read (no read back): each row as its table gives it back (`readBack`), the
 * names joined as `saleShownSql`, `saleLinesShownSql` and `salePaymentsShownSql` join them, the
 * customer's credit as it stands after the sale. Only a customer with overdue terms is looked up.
 */
export async function receipts(tx: Tx, planned: Planned[], look: Shown, env: Env) {
  const owed = new Map<number, Awaited<ReturnType<typeof overdueOwed>>>();
  const out = [];
  for (const [k, p] of planned.entries()) {
    const stored = p.stored!;
    const customer = Number(p.row.consumer_fk);
    // The customer's balance after this sale: what its entries moved on his accounts.
    const c = env.customers.get(customer)!;
    const credit = look.credit.get(customer)!;
    for (const r of [...p.saleEntry.rows, ...(p.changeEntry?.rows ?? [])])
      if (r.account_id === c.iqd || r.account_id === c.usd) credit.balance = credit.balance.plus(r.sys_debit).minus(r.sys_credit);
    // His overdue invoices as stored, and those of this booking before this sale (as his later
    // sales' receipts read them back), against his balance after this sale.
    if (!owed.has(customer)) owed.set(customer, look.overdueTerms.get(customer) ? await overdueOwed(tx, customer, p.sale.now) : null);
    const terms = owed.get(customer);
    const o = terms
      ? overdueFrom(
          terms,
          planned
            .slice(0, k)
            .filter((x) => Number(x.row.consumer_fk) === customer)
            .map((x) => ({ date: x.date, owed: D(String(x.row.remaining)) })),
          credit.balance,
          p.sale.now,
        )
      : null;
    const account = p.row.account_fk == null ? null : Number(p.row.account_fk);
    const head = readBack(sales, p.row, { id: ID, date: stored.date, created_at: stored.created_at, updated_at: stored.updated_at });
    const lines = p.lines.map((l, i) => {
      const x = { ...l, ...p.lineUpdates[i] } as Record<string, unknown>;
      return {
        ...readBack(saleLines, x, { line_id: ID, sale_fk: ID, expire_date: x.expire_date ?? null }),
        item_name: p.lineNames[i]!.item_name,
        item_code: look.itemCodes.get(Number(l.item_fk)) ?? null,
        unit_name: p.lineNames[i]!.unit_name,
        promotion_title: p.lineNames[i]!.promotion_title,
        returned_quantity: "0",
        item_unit_id: p.lineNames[i]!.item_unit_id,
      };
    });
    const payments = p.payments.map((x) => ({
      ...readBack(salePayments, x, { payment_id: ID, sale_fk: ID }),
      account_name: look.accountNames.get(x.account_fk)!,
    }));
    const shown = withBusinessDate({
      ...head,
      consumer_name: c.name,
      inventory_name: look.inventories.get(Number(p.row.inventory_fk))!,
      currency_name: look.currencies.get(Number(p.row.currency_id))!,
      account_name: account == null ? null : look.accountNames.get(account)!,
      salesman_name: null,
      created_by_name: look.users.get(p.sale.user.user_id)!,
      lines,
      payments,
      // As the sale's own view answers it: the balance only to a cashier with customers/balance_view.
      customer_credit: {
        limit: credit.limit,
        balance: can(p.sale.user, "customers/balance_view") ? credit.balance.toFixed() : null,
      },
      warnings: o ? [overdueText(o)] : [],
    } as unknown as Record<string, unknown> & { date: string }) as unknown as Record<string, unknown> & {
      date: string;
      total: string;
      lines: { quantity: string; free_quantity: string; returned_quantity: string }[];
    };
    const rate = D(ratesFrom(look.inRates.get(new Date(shown.date).toISOString())!).in_rate);
    const total = D(shown.total);
    out.push({
      ...shown,
      lines: shown.lines.map((l) => ({
        ...l,
        returnable_quantity: D(l.quantity).plus(l.free_quantity).minus(l.returned_quantity).toFixed(),
      })),
      cashier: { user_id: p.sale.user.user_id, user_name: look.users.get(p.sale.user.user_id) ?? "" },
      total_iqd: (env.sys === CURRENCY_IQD ? total : round3(total.mul(rate))).toFixed(),
      // What a customer paying in dollars hands over: up to the cent.
      total_usd: env.sys === CURRENCY_USD ? total.toFixed() : dueIn(total, env.sys, CURRENCY_USD, rate),
      change: {
        currency_id: Number(p.info.change_currency_id ?? env.sys),
        amount: dp(p.info.change_amount as string, 4).toFixed(),
        exact: dp(p.info.change_exact as string, 4).toFixed(),
        amount_iqd: dp(p.info.change_iqd_amount as string, 4).toFixed(),
      },
      offline: false,
      client_created_at: new Date(p.sale.input.client_created_at).toISOString(),
      closing_fk: null,
    });
  }
  return out;
}

const overdueText = (o: NonNullable<ReturnType<typeof overdueFrom>>) => overdueMessage(o.count, o.amount, o.days);
