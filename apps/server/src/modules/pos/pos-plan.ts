import {
  CONFIRM_FIELD,
  CURRENCY_IQD,
  CURRENCY_USD,
  can,
  creditLimitMessage,
  drawerShortMessage,
  expiredBatchMessage,
  MSG,
  notEnoughStockMessage,
  POS_MSG,
  SALE_MSG,
  tenderExcess,
  tenderExcessMessage,
} from "@app/contracts";
import type Decimal from "decimal.js";
import { sql } from "drizzle-orm";
import { businessDateTime, businessDay } from "../../platform/business-time.js";
import { HttpError } from "../../platform/errors.js";
import { assertYearOpen } from "../../platform/periods.js";
import { docDate } from "../ledger/dates.js";
import type { JournalLineRow } from "../ledger/journal.js";
import { atCarryingValue, type RuleLine, toJournalLines } from "../ledger/journal.js";
import { D, Dec, round3, round4, ZERO } from "../ledger/money.js";
import { priceQuote } from "../pricing/quote.js";
import { paymentStatus, saleLines as salePostingLines } from "../sales/sale.ledger.js";
import { saleLineRow } from "../sales/sale.prepare.js";
import { type CostRow, fefo, keyOf, type LockedBalance } from "../stock/stock.js";
import { settlePayments } from "./payments.rule.js";
import { type BatchSale, dp, type Env, missing, type Planned, refuse, saleAt } from "./pos-book.types.js";
import { paymentRows } from "./pos-sales.js";

/** One POS sale worked out in memory on the state the sales booked before it in the same booking left. */

/** The item's "no batch" batch (made on first use), where stock allowed below zero goes when it has no batch left. */
async function noBatch(env: Env, itemId: number): Promise<number> {
  await env.tx.execute(sql`
    insert into stock_batches (item_fk, batch_no, expire_date) values (${itemId}, null, null)
    on conflict on constraint stock_batches_item_batch_unique do nothing`);
  const r = await env.tx.execute<{ batch_id: number }>(
    sql`select batch_id from stock_batches where item_fk = ${itemId} and batch_no is null and expire_date is null`,
  );
  const id = Number(r.rows[0]!.batch_id);
  env.batches.set(id, { batch_no: null, expire_date: null });
  return id;
}

/** One sale, as `bookPosSale` → `createSale` → `completeSale` would write it, on the booking's state. */
export async function plan(
  env: Env,
  s: BatchSale,
  customer: number,
  inventory: number,
  outlet: number | null,
  fibIsCash: boolean,
): Promise<Planned> {
  const { input, user } = s;
  const at = saleAt(s);
  const drawer = env.drawers.get(user.user_id) ?? missing("the drawer");
  const settings = env.settings;
  const { in_rate } = await env.rates(at);
  // The checks in the order the till's cashier meets them, each in its own words.
  const onCredit = input.payments.some((p) => p.method === "credit");
  if (onCredit && (!input.customer_fk || customer === env.walkIn)) refuse("customer_fk", POS_MSG.creditNeedsCustomer);
  const byFib = input.payments.some((p) => p.method === "fib");
  if (byFib && !settings.fib_account_fk) refuse("payments", POS_MSG.fibAccountMissing);
  const c = env.customers.get(customer) ?? refuse("consumer_fk", SALE_MSG.customerInvalid);
  if (!env.quote.profiles.has(customer)) refuse("consumer_fk", SALE_MSG.customerInvalid);
  const changeCurrency = input.change_currency_id ?? CURRENCY_IQD;
  // The bill is in the system currency (dinars, or dollars in a shop that keeps its books in them).
  const sys = env.sys;

  const lineDiscounts = input.lines.some((l) => l.discount && D(l.discount).gt(0));
  const byItem = lineDiscounts || !input.invoice_discount;
  // SPEC §6 Discount: only a cashier holding it gives a discount on a line or on the bill.
  if ((lineDiscounts || D(input.invoice_discount ?? 0).gt(0)) && !can(user, "pos_sales/discount"))
    refuse(lineDiscounts ? "lines" : "invoice_discount", MSG.forbidden);
  const date = docDate(businessDateTime(at), s.now, null);
  if (!env.yearOpen) await assertYearOpen(env.tx, date);
  const day = businessDay(date);
  const unitErrors: Record<string, string[]> = {};
  const units = input.lines.map((l, i) => {
    const it = env.items.get(l.item_fk);
    if (!it) unitErrors[`lines.${i}.item_fk`] = [SALE_MSG.itemInvalid];
    const u = it?.units.get(l.unit_fk);
    if (it && !u) unitErrors[`lines.${i}.unit_fk`] = [SALE_MSG.unitInvalid];
    return u!;
  });
  if (Object.keys(unitErrors).length) throw new HttpError(422, Object.values(unitErrors)[0]![0]!, unitErrors);

  // The price function on the costs as the sales before this one left them.
  const data = { ...env.quote, units: new Map(env.quote.units), profile: env.quote.profiles.get(customer) ?? null };
  for (const u of units) {
    const row = data.units.get(u.item_unit_id) ?? missing("a unit's price");
    const cost = env.costs.get(row.item_id);
    data.units.set(u.item_unit_id, { ...row, avg_cost: cost?.qty.gt(0) ? cost.avg.toFixed() : null });
  }
  const quote = priceQuote(
    { ...data, promotions: env.quote.promotions.get(day) ?? missing("the day's promotions") },
    { system: sys, currency: sys, rate: "1", day },
    {
      customer_id: customer,
      currency_id: sys as 1 | 2,
      rate: "1",
      date: day,
      lines: input.lines.map((l, i) => ({
        item_unit_id: units[i]!.item_unit_id,
        quantity: l.quantity,
        unit_price: l.unit_price ?? null,
        discount: byItem && l.discount && D(l.discount).gt(0) ? { type: l.discount_type ?? "amount", value: l.discount } : null,
      })),
      invoice_discount:
        !byItem && input.invoice_discount && D(input.invoice_discount).gt(0)
          ? { type: input.invoice_discount_type ?? "amount", value: input.invoice_discount }
          : null,
    },
    { mayDiscount: can(user, "pos_sales/discount") },
  );

  // The sale as stored (each figure at its column's scale).
  const gross = dp(quote.gross, 3);
  const subtotal = dp(quote.net, 3);
  const tax = dp(quote.tax, 3);
  // Dollars change hands in cents: what a dollar total holds below the cent is a rounding discount.
  const due = dp(quote.total, 3);
  const total = sys === CURRENCY_USD ? due.toDecimalPlaces(2, Dec.ROUND_DOWN) : due;
  const rounded = due.minus(total);
  if (input.offline && input.client_total != null && !D(input.client_total).eq(total))
    refuse("client_total", `The price changed since the sale was made: ${D(input.client_total).toFixed()} then, ${total.toFixed()} now.`);
  // Cash a banknote or more above the bill is a figure typed wrong until the cashier confirms it.
  const excess = input.confirmed
    ? null
    : tenderExcess({ total: total.toFixed(), currency_id: sys, rate: in_rate, payments: input.payments });
  if (excess) {
    const msg = tenderExcessMessage(excess);
    throw new HttpError(422, msg, { payments: [msg], [CONFIRM_FIELD]: [msg] });
  }
  const smallest = { [CURRENCY_IQD]: settings.smallest_iqd_amount, [CURRENCY_USD]: settings.smallest_usd_amount };
  const settled = settlePayments({
    total,
    systemCurrency: sys,
    rate: in_rate,
    payments: input.payments,
    changeCurrency,
    smallest,
  });
  const rateOf = (cur: number) => (cur === sys ? "1" : in_rate);
  const {
    rows: payments,
    paid,
    tendered,
  } = paymentRows(settled, input, {
    sys,
    in_rate,
    fib: settings.fib_account_fk,
    drawer,
  });
  // FIB is paid into a cash or bank account (a group or another kind of account is refused so).
  if (byFib && !fibIsCash) refuse("account_fk", "The selected account is invalid.");
  const paidStored = dp(paid, 3);
  const remaining = dp(total.minus(paid), 3);
  // What is left owing goes on the customer's account within his allowed debit amount, checked on
  // his balance as the sales before this one leave it.
  const owed = env.owed.get(customer) ?? missing("the customer's credit");
  if (!remaining.isZero()) {
    if (customer === env.walkIn) refuse("paid_amount", SALE_MSG.walkInPaysAll);
    const after = owed.balance.plus(remaining);
    if (remaining.gt(0) && owed.limit !== null && after.gt(owed.limit)) {
      const msg = creditLimitMessage(D(owed.limit).toFixed(), owed.balance.toFixed(), after.toFixed());
      refuse("consumer_fk", msg);
    }
  }

  const row: Record<string, unknown> = {
    kind: "pos",
    outlet_fk: user.outlet_fk ?? null,
    consumer_fk: customer,
    salesman_fk: null,
    date,
    inventory_fk: inventory,
    currency_id: sys,
    rate: "1",
    discount_type: byItem ? "item" : "invoice",
    invoice_discount_type: input.invoice_discount_type ?? "amount",
    invoice_discount: byItem ? "0" : D(input.invoice_discount ?? 0).toFixed(),
    discount_amount: D(quote.discount).toFixed(),
    rounded_discount: rounded.toFixed(),
    tax_amount: D(quote.tax).toFixed(),
    gross: D(quote.gross).toFixed(),
    subtotal: D(quote.net).toFixed(),
    total: sys === CURRENCY_USD ? total.toFixed() : D(quote.total).toFixed(),
    paid_amount: paid.toFixed(),
    received_amount: round3(tendered).toFixed(),
    remaining: total.minus(paid).toFixed(),
    payment_type: total.minus(paid).gt(0) ? "On Account" : "Cash",
    account_fk: payments[0]?.account_fk ?? null,
    payment_status: paymentStatus(total, paid),
    customer_mobile: c.mobile,
    customer_address: c.address,
    note: input.note ?? null,
    status: "complete",
    created_by: user.user_id,
    commission_base: "0",
    commission: "0",
    updated_by: user.user_id,
    updated_at: s.now,
  };
  const lines = input.lines.map((l, i) =>
    saleLineRow(
      {
        ...l,
        unit_price: l.unit_price ?? null,
        discount_type: l.discount_type ?? null,
        discount: l.discount ?? null,
        batch_no: null,
        description: null,
      },
      quote.lines[i]!,
      units[i]!.quantity,
      byItem,
      i,
    ),
  );

  // The goods out: first expiry first, never an expired batch, never below zero; at the moving average.
  const touched = new Map<string, LockedBalance>();
  const stockRow = (k: string) => {
    let b = touched.get(k);
    if (!b) {
      const orig = env.left.get(k)!;
      b = { ...orig, qty: orig.qty };
      touched.set(k, b);
    }
    return b;
  };
  const moves: Planned["moves"] = [];
  const deltas: Planned["stockDeltas"] = new Map();
  for (const [i, l] of lines.entries()) {
    const item = env.stockItems.get(l.item_fk) ?? refuse("item_id", "The selected item is invalid.");
    const qty = dp(l.quantity, 4).plus(dp(l.free_quantity, 4));
    const factor = item.factors.get(l.unit_fk) ?? refuse("unit_id", "The selected unit is invalid.");
    if (!qty.isFinite() || qty.lte(0)) refuse("quantity", "The quantity must be a number greater than 0.");
    const base = qty.mul(factor);
    const pool = [...env.left.keys()]
      .filter((k) => k.startsWith(`${l.item_fk}:${inventory}:`))
      .map(stockRow)
      .sort(fefo);
    const usable = pool.filter((b) => b.qty.gt(0) && !(b.expire_date !== null && b.expire_date < day));
    let need = base;
    const onHand = pool.reduce((sum, b) => sum.plus(b.qty.gt(0) ? b.qty : 0), ZERO);
    const take = (b: LockedBalance, q: Decimal) => {
      moves.push({
        line: i,
        item_id: l.item_fk,
        inventory_id: inventory,
        batch_id: b.batch_id,
        qty: q.neg(),
        unit_id: l.unit_fk,
        unit_qty: q.div(factor).neg(),
        unit_cost: D(-1),
        value: ZERO,
      });
      b.qty = b.qty.minus(q);
      const k = keyOf(l.item_fk, inventory, b.batch_id);
      const d = deltas.get(k) ?? { item_id: l.item_fk, inventory_id: inventory, batch_id: b.batch_id, qty: ZERO };
      deltas.set(k, { ...d, qty: d.qty.minus(q) });
    };
    for (const b of usable) {
      if (need.lte(0)) break;
      const q = need.lt(b.qty) ? need : b.qty;
      take(b, q);
      need = need.minus(q);
    }
    if (need.gt(0) && env.allowNegative) {
      // Allowed below zero: the rest leaves the last batch picked, else the last there, else the item's "no batch" row.
      const batch = usable.at(-1)?.batch_id ?? pool.at(-1)?.batch_id ?? (await noBatch(env, l.item_fk));
      const key = keyOf(l.item_fk, inventory, batch);
      if (!env.left.has(key)) {
        await env.tx.execute(sql`
          insert into stock_balances (item_fk, inventory_fk, batch_fk, qty) values (${l.item_fk}, ${inventory}, ${batch}, 0)
          on conflict (item_fk, inventory_fk, batch_fk) do nothing`);
        env.left.set(key, { item_id: l.item_fk, inventory_id: inventory, batch_id: batch, qty: ZERO, expire_date: null });
      }
      take(stockRow(key), need);
      need = ZERO;
    }
    if (need.gt(0)) {
      const expired = pool.find((b) => b.qty.gt(0) && b.expire_date !== null && b.expire_date < day);
      if (expired) refuse("quantity", expiredBatchMessage(item.item_name, expired.expire_date!));
      refuse("quantity", notEnoughStockMessage(item.item_name, env.inventoryNames.get(inventory) ?? "", onHand.toFixed()));
    }
  }
  const costs = new Map<number, CostRow>();
  for (const m of moves) {
    const cur = costs.get(m.item_id) ?? env.costs.get(m.item_id) ?? missing("an item's cost");
    const qty = cur.qty.plus(m.qty);
    const value = qty.isZero() ? cur.value : round4(m.qty.neg().mul(cur.avg));
    m.unit_cost = value.div(m.qty.neg());
    m.value = value.neg();
    const rest = cur.value.minus(value);
    costs.set(m.item_id, { qty, value: rest, avg: qty.gt(0) ? rest.div(qty) : cur.avg });
  }
  const lineUpdates = lines.map((l, i) => {
    const mine = moves.filter((m) => m.line === i);
    const value = mine.reduce((sum, m) => sum.plus(D(m.value.toFixed()).neg()), ZERO);
    const baseQty = dp(l.quantity, 4).plus(dp(l.free_quantity, 4)).mul(dp(l.unit_base_qty, 4));
    const found = new Map(mine.map((m) => [env.batches.get(m.batch_id)?.batch_no ?? "", env.batches.get(m.batch_id)?.expire_date ?? null]));
    const one = mine.length && found.size === 1 ? [...found.entries()][0]! : null;
    return {
      unit_cost: mine.length && baseQty.gt(0) ? value.div(baseQty).toDecimalPlaces(6).toFixed() : "0",
      ...(one?.[0] ? { batch_no: one[0], expire_date: one[1] } : {}),
    };
  });
  const cost = round4(moves.reduce((sum, m) => sum.minus(D(m.value.toFixed())), ZERO));
  row.cost_total = cost.toFixed();

  // The sale's entry and the change's, through the posting rules and the journal's conversion.
  const paymentAccounts = payments.map((p) => ({
    account: { account_id: p.account_fk, currency_id: env.accountCurrency.get(p.account_fk)! },
    currency_id: p.currency_id,
    rate: dp(p.rate, 4),
    amount: dp(p.amount, 3),
  }));
  const k = env.keys;
  const ruleLines = salePostingLines({
    system_currency: sys,
    currency_id: sys,
    rate: "1",
    receivable: { account_id: (sys === CURRENCY_USD ? c.usd : c.iqd) ?? missing("the customer's account"), currency_id: sys },
    payments: paymentAccounts,
    paid: paidStored,
    gross,
    discount: gross.minus(subtotal).plus(rounded),
    tax,
    total,
    cost,
    accounts: {
      sales: k.sales!.account_id,
      discounts: k.discounts!.account_id,
      tax: k.sales_tax!.account_id,
      cogs: k.cogs!.account_id,
      inventory: k.inventory!.account_id,
    },
    commission: null,
  });
  const exchange = { account_id: k.exchange_diff!.account_id, currency_id: k.exchange_diff!.currency_id };
  const currencyOf = (id: number) => env.accountCurrency.get(id) ?? missing("an account");
  // Each entry's lines at the carrying value of the accounts in the other currency, the change's
  // on the balances the sale's entry leaves (as \`post\` converts them, entry after entry).
  const carried = new Map([...env.carrying].map(([id, c]) => [id, { ...c }]));
  const carry = (rows: JournalLineRow[]) => {
    const touched = new Map(rows.filter((r) => carried.has(r.account_id)).map((r) => [r.account_id, carried.get(r.account_id)!]));
    const out = touched.size ? atCarryingValue(rows, touched, sys, exchange) : rows;
    for (const r of out) {
      const c = carried.get(r.account_id);
      if (c)
        carried.set(r.account_id, {
          balance: c.balance.plus(r.debit).minus(r.credit),
          sys_balance: c.sys_balance.plus(r.sys_debit).minus(r.sys_credit),
        });
    }
    return out;
  };
  const saleRows = carry(toJournalLines(ruleLines, currencyOf, sys, exchange));
  const change: RuleLine[] = [];
  for (const o of settled.overflow) change.push({ account_id: drawer.get(o.currency_id)!, debit: o.amount, rate: rateOf(o.currency_id) });
  if (settled.change.given.gt(0))
    change.push({ account_id: drawer.get(changeCurrency)!, credit: settled.change.given, rate: rateOf(changeCurrency) });
  // Beside whole dollars, the rest in dinars from the IQD drawer.
  if (settled.change.given_iqd.gt(0))
    change.push({ account_id: drawer.get(CURRENCY_IQD)!, credit: settled.change.given_iqd, rate: rateOf(CURRENCY_IQD) });
  if (settled.change.gain.gt(0)) change.push({ account_id: k.cash_over_short!.account_id, credit: settled.change.gain });
  const changeRows = change.length ? carry(toJournalLines(change, currencyOf, sys, exchange)) : null;

  // Money may leave a cash account only as far as it holds: the drawer gives the change from what
  // it held and what this sale put in it (told in the cashier's terms); no cash account the change
  // leaves may end below zero (the ledger's words).
  const cashAfter = new Map<number, Decimal>();
  const move = (rows: JournalLineRow[]) => {
    for (const r of rows) {
      const now = cashAfter.get(r.account_id) ?? env.cash.get(r.account_id);
      if (now !== undefined) cashAfter.set(r.account_id, now.plus(r.debit).minus(r.credit));
    }
  };
  move(saleRows);
  const given = settled.change.given;
  if (given.gt(0)) {
    const account = drawer.get(changeCurrency)!;
    const takenNow = settled.overflow.filter((o) => o.currency_id === changeCurrency).reduce((sum, o) => sum.plus(o.amount), ZERO);
    const holds = (cashAfter.get(account) ?? env.cash.get(account) ?? ZERO).plus(takenNow);
    if (given.gt(holds))
      refuse("change_currency_id", drawerShortMessage((holds.gt(0) ? holds : ZERO).toFixed(), given.toFixed(), changeCurrency));
  }
  move(changeRows ?? []);
  for (const r of changeRows ?? [])
    if (D(r.credit).gt(r.debit) && cashAfter.get(r.account_id)?.isNeg())
      refuse("account_id", env.accountCurrency.get(r.account_id) === CURRENCY_IQD ? MSG.noEnoughBalanceIqd : MSG.noEnoughBalanceUsd);
  for (const [id, b] of cashAfter) env.cash.set(id, b);
  for (const r of [...saleRows, ...(changeRows ?? [])])
    if (r.account_id === c.iqd || r.account_id === c.usd) owed.balance = owed.balance.plus(r.sys_debit).minus(r.sys_credit);

  // Taken: the booking's state moves on.
  for (const [id, c] of carried) env.carrying.set(id, c);
  for (const [key, b] of touched) env.left.set(key, { ...b, qty: dp(b.qty, 4) });
  for (const [item, v] of costs) env.costs.set(item, { qty: dp(v.qty, 4), value: dp(v.value, 4), avg: dp(v.avg, 6) });

  return {
    sale: s,
    row,
    lines,
    payments,
    moves,
    lineUpdates,
    lineNames: quote.lines.map(({ item_name, unit_name, item_unit_id, promotion_title }) => ({
      item_name,
      unit_name,
      item_unit_id,
      promotion_title,
    })),
    date,
    at,
    saleEntry: { description: "", rows: saleRows },
    changeEntry: changeRows ? { rows: changeRows } : null,
    info: {
      kind: "sale",
      user_fk: user.user_id,
      outlet_fk: outlet,
      idempotency_key: s.key,
      offline: input.offline ?? false,
      client_created_at: new Date(input.client_created_at),
      change_currency_id: settled.change.currency_id,
      change_amount: settled.change.given.toFixed(),
      change_exact: settled.change.exact.toFixed(),
      change_iqd_amount: settled.change.given_iqd.toFixed(),
      total_sys: total.toFixed(),
      discount_sys: gross.minus(subtotal).plus(rounded).toFixed(),
    },
    stockDeltas: deltas,
  };
}
