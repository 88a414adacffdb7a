import { CURRENCY_IQD, CURRENCY_USD, MSG, POS_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { inOneGo, intArray, queryMany, textArray } from "../../db/bulk.js";
import type { Tx } from "../../db/client.js";
import { audit, auditIp } from "../../platform/audit.js";
import { businessDateTime, businessDay } from "../../platform/business-time.js";
import { HttpError } from "../../platform/errors.js";
import { retryTx } from "../../platform/http.js";
import { JsonText } from "../../platform/json-text.js";
import { itemsWithUnitsFrom, itemsWithUnitsSql } from "../catalogue/item-units.js";
import { recordSalesSql } from "../dashboard/dashboard.record.js";
import { docDate } from "../ledger/dates.js";
import { accountByKey, ratesAt, ratesFrom, ratesSql } from "../ledger/ledger.js";
import { D, ZERO } from "../ledger/money.js";
import { voucherNumber } from "../numbering/numbering.js";
import { consumerAccounts } from "../parties/consumers.js";
import { quoteDataFrom, quoteDataSql } from "../pricing/quote.js";
import { creditFrom, customerCreditSql } from "../sales/sales.credit.js";
import { balancesFrom, costsFrom, itemsFrom, itemsOfSql, keyOf, lockBalancesSql, lockCostsSql } from "../stock/stock.js";
import { type BatchAnswer, type BatchSale, type Env, type Planned, type Shown, saleAt } from "./pos-book.types.js";
import { plan } from "./pos-plan.js";
import { receipts } from "./pos-receipts.js";
import { drawerAccounts, type PosSettings, posSettingsFrom, posSettingsSql } from "./pos-session.js";
import type { WrittenIds } from "./pos-write.js";
import { idsFrom, withIds, writeSql } from "./pos-write.js";
import { storeReview } from "./reviews.js";

/**
 * POS sales booked several to a transaction (docs/architecture/pos.md, "One booking path for every POS sale").
 *
 * Tills send one sale each; the sales that arrive while a booking runs wait and are booked
 * together in the next one: every key claimed in one statement, everything read once, the locks
 * taken once in the sales core's order (drawers, counter, accounts, stock rows, costs), each sale
 * worked out in memory in arrival order exactly as the one-by-one path would (the same price
 * function, first-expiry-first-out at the moving average, the same posting rules), then every row
 * written in a handful of multi-row statements and committed once. A sale this path does not take
 * (offline, on credit, change in dollars, a drawer's first sale, anything refused) answers `null`
 * and goes the one-by-one path (`bookPosSale`), which gives every refusal its usual words.
 */

/**
 * Books the sales together; each answer is the sale's 201 (what `POST /api/pos_sales` answers),
 * or null for a sale this path did not take. The whole booking runs again on a deadlock, like
 * every transaction of the product.
 */
export async function bookPosBatch(app: FastifyInstance, batch: BatchSale[]): Promise<(BatchAnswer | null)[]> {
  const out: (BatchAnswer | null)[] = batch.map(() => null);
  // A key sent twice in one batch: the second is booked after this booking, where it meets the
  // first's key (its answer, or nothing when the first was refused).
  const seen = new Set<string>();
  const taken: number[] = [];
  const again: number[] = [];
  batch.forEach((s, i) => {
    if (seen.has(s.key)) again.push(i);
    else {
      seen.add(s.key);
      taken.push(i);
    }
  });
  if (!taken.length) return out;
  const answers = await retryTx(
    app,
    (tx) =>
      bookTogether(
        tx,
        taken.map((i) => batch[i]!),
      ),
    (fn) => inOneGo(app.db, fn),
  );
  taken.forEach((i, k) => {
    out[i] = answers[k] ?? null;
  });
  if (again.length) {
    const later = await bookPosBatch(
      app,
      again.map((i) => batch[i]!),
    );
    again.forEach((i, k) => {
      out[i] = later[k] ?? null;
    });
  }
  return out;
}

async function bookTogether(tx: Tx, batch: BatchSale[]): Promise<(BatchAnswer | null)[]> {
  const answers: (BatchAnswer | null)[] = batch.map(() => null);
  const times = batch.map((s) => saleAt(s).getTime());
  const [first, last] = [new Date(Math.min(...times)), new Date(Math.max(...times))];
  const dates = batch.map((s) => docDate(businessDateTime(saleAt(s)), s.now, null));
  const [minDate, maxDate] = [new Date(Math.min(...dates.map((d) => d.getTime()))), new Date(Math.max(...dates.map((d) => d.getTime())))];
  const itemIds = batch.flatMap((s) => s.input.lines.map((l) => l.item_fk));
  const walkInSql = sql`(select consumer_id from consumers where kind = 'customer' and is_default order by consumer_id limit 1)`;
  const customerIds = sql`${walkInSql} union all select unnest(${intArray(new Set(batch.flatMap((s) => (s.input.customer_fk ? [s.input.customer_fk] : []))))})`;
  const shownAt = [...new Set(dates.map((d) => new Date(businessDateTime(d)).toISOString()))];
  // The times the sales store (their dates and moments), each once, to be printed by PostgreSQL.
  const clock = [...new Set([...dates, ...batch.map((s) => s.now)].map((d) => d.toISOString()))];

  // Everything read in one round trip: the system's terms, the keys claimed as the one-by-one
  // path claims them (a key already there is answered by it), the drawers shared (a closing waits
  // for this booking), the settings, the rates, the year, the customers, the items and what the
  // price function reads.
  const [
    sysRows,
    claimedRows,
    storedRows,
    drawerRows,
    settingsRows,
    firstRates,
    lastRates,
    yearRows,
    customerRows,
    unitRows,
    itemRows,
    keyRows,
    nameRows,
    ...restRows
  ] = await queryMany(tx, [
    sql`
      select c.currency_fk, c.allow_negative_stock as allow, c.default_inventory_fk as default_inventory,
             (select min(outlet_id) from outlets) as first_outlet, ${walkInSql} as walk_in
        from system_config c where c.id = 1`,
    sql`
      insert into idempotency_keys (scope, key, user_id, body_hash, status_code, response)
      select 'pos_sales', x.key, x.user_id, x.hash, 0, 'null'::jsonb
        from rows from (jsonb_to_recordset(${JSON.stringify(batch.map((s) => ({ key: s.key, user_id: s.user.user_id, hash: s.hash })))}::jsonb)
                        as (key text, user_id int, hash text)) with ordinality as x(key, user_id, hash, n)
       order by x.n
      on conflict (scope, key) do nothing returning key`,
    // The keys already there (their sales booked, or kept for review, before): answered as stored.
    sql`
      select key, body_hash, status_code, response from idempotency_keys
       where scope = 'pos_sales' and key = any(${textArray(batch.map((s) => s.key))}::text[])`,
    sql`
      select user_fk, currency_id, account_fk from pos_drawers where user_fk = any(${intArray(new Set(batch.map((s) => s.user.user_id)))})
       order by user_fk, currency_id for share`,
    posSettingsSql(),
    ratesSql(first),
    ratesSql(last),
    // One open financial year holds every sale's date.
    sql`
      select exists(select 1 from financial_years where not archived and ${minDate.toISOString()}::timestamptz >= start_date
                      and ${maxDate.toISOString()}::timestamptz < end_date) as open,
             exists(select 1 from financial_years where archived and start_date <= ${maxDate.toISOString()}::timestamptz
                      and end_date > ${minDate.toISOString()}::timestamptz) as archived`,
    sql`
      select consumer_id, consumer_name, mobile, address, account_fk, account_usd_fk, allowed_debit_amount::text as limit, overdue_type
        from consumers where kind = 'customer' and consumer_id in (${customerIds})`,
    itemsWithUnitsSql(itemIds),
    itemsOfSql(itemIds),
    sql`
      select system_key, account_id, currency_id from accounts
       where system_key in ('sales', 'discounts', 'sales_tax', 'cogs', 'inventory', 'exchange_diff', 'cash_over_short')`,
    // The names the receipts show: the cashiers, their inventories, the currencies, the items' codes.
    sql`
      select 'u' as k, user_id as id, user_name as name from users where user_id = any(${intArray(new Set(batch.map((s) => s.user.user_id)))})
      union all select 'i', inventory_id, inventory_name from inventories
       where inventory_id = any(${intArray(new Set(batch.flatMap((s) => s.user.inventory_ids)))})
      union all select 'c', currency_id, currency_name from currencies
      union all select 't', item_id, item_code from items where item_id = any(${intArray(new Set(itemIds))})`,
    // The in-rate each receipt converts at: of its date as shown (`showPosSale` reads it back so).
    ...shownAt.map((iso) => ratesSql(new Date(iso))),
    ...quoteDataSql({ itemIds, customers: customerIds, days: dates.map((d) => businessDay(d)) }),
  ]);
  const shownRates = restRows.slice(0, shownAt.length);
  const quoteRows = restRows.slice(shownAt.length);
  const mine = new Set(claimedRows!.map((r) => String(r.key)));
  const stored = new Map(storedRows!.map((r) => [String(r.key), r]));
  batch.forEach((s, i) => {
    if (mine.has(s.key)) return;
    const row = stored.get(s.key);
    if (!row) answers[i] = { status: 409, body: { message: MSG.validationFailed } };
    else if (row.body_hash !== s.hash)
      answers[i] = { status: 422, body: { message: POS_MSG.keyReused, errors: { "Idempotency-Key": [POS_MSG.keyReused] } } };
    else answers[i] = { status: Number(row.status_code), body: row.response, replayed: true };
  });
  let live = batch.filter((s) => mine.has(s.key)).map((s) => ({ s }));
  if (!live.length) return answers;
  const system = sysRows![0] as
    | { currency_fk: number; allow: boolean; default_inventory: number | null; first_outlet: number | null; walk_in: number | null }
    | undefined;
  const year = yearRows![0] as { open: boolean; archived: boolean } | undefined;
  if (!system) throw new Error("POS booking: no system configuration");

  const drawers = new Map<number, Map<number, number>>();
  for (const r of drawerRows!) {
    const m = drawers.get(Number(r.user_fk)) ?? new Map<number, number>();
    m.set(Number(r.currency_id), Number(r.account_fk));
    drawers.set(Number(r.user_fk), m);
  }
  const walkIn = Number(system.walk_in ?? 0);
  const customerOf = (s: BatchSale) => s.input.customer_fk ?? walkIn;
  const r1 = ratesFrom(firstRates as { rate: string; in_rate: string }[]);
  const r2 = ratesFrom(lastRates as { rate: string; in_rate: string }[]);
  const env: Env = {
    firstOutlet: system.first_outlet == null ? null : Number(system.first_outlet),
    defaultInventory: system.default_inventory == null ? null : Number(system.default_inventory),
    walkIn,
    settings: posSettingsFrom(settingsRows![0] as Partial<PosSettings> | undefined),
    // The rate of a moment: read once when every sale of the booking falls under the same one.
    rates: r1.rate === r2.rate && r1.in_rate === r2.in_rate ? async () => r1 : (at) => ratesAt(tx, at),
    drawers,
    customers: new Map(),
    items: itemsWithUnitsFrom(unitRows as Parameters<typeof itemsWithUnitsFrom>[0]),
    quote: quoteDataFrom(
      quoteRows,
      dates.map((d) => businessDay(d)),
    ),
    stockItems: itemsFrom(itemRows as Parameters<typeof itemsFrom>[0]),
    keys: {},
    accountCurrency: new Map(),
    left: new Map(),
    batches: new Map(),
    costs: new Map(),
    cash: new Map(),
    tx,
    sys: Number(system.currency_fk),
    allowNegative: !!system.allow,
    yearOpen: !!year?.open && !year.archived,
    inventoryNames: new Map(),
    carrying: new Map(),
    owed: new Map(),
    overdueTerms: new Map(),
  };
  for (const c of customerRows!)
    env.customers.set(Number(c.consumer_id), {
      name: String(c.consumer_name),
      mobile: (c.mobile as string | null) ?? null,
      address: (c.address as string | null) ?? null,
      iqd: c.account_fk == null ? null : Number(c.account_fk),
      usd: c.account_usd_fk == null ? null : Number(c.account_usd_fk),
    });
  for (const k of keyRows!) env.keys[String(k.system_key)] = { account_id: Number(k.account_id), currency_id: Number(k.currency_id) };
  const names = (k: string) => new Map(nameRows!.filter((r) => r.k === k).map((r) => [Number(r.id), r.name as string]));
  const look: Shown = {
    users: names("u"),
    inventories: names("i"),
    currencies: names("c"),
    itemCodes: new Map(nameRows!.filter((r) => r.k === "t").map((r) => [Number(r.id), (r.name as string | null) ?? null])),
    accountNames: new Map(),
    credit: new Map(),
    overdueTerms: new Map(customerRows!.map((c) => [Number(c.consumer_id), !!c.overdue_type])),
    inRates: new Map(shownAt.map((iso, k) => [iso, shownRates[k] as { rate: string; in_rate: string }[]])),
  };
  env.overdueTerms = look.overdueTerms;
  env.inventoryNames = look.inventories;
  for (const key of ["sales", "discounts", "sales_tax", "cogs", "inventory", "exchange_diff", "cash_over_short"])
    if (!env.keys[key]) await accountByKey(tx, key);

  // A sale refused keeps nothing (its key goes); an offline one is kept for a manager's review.
  const unclaimed: BatchSale[] = [];
  const refused = async (s: BatchSale, err: HttpError) => {
    if (s.input.offline) {
      answers[batch.indexOf(s)] = await keepForReview(tx, s, err);
      return;
    }
    unclaimed.push(s);
    answers[batch.indexOf(s)] = {
      status: err.statusCode,
      body: err.errors ? { message: err.message, errors: err.errors } : { message: err.message },
    };
  };
  // A cashier without an inventory cannot sell; a drawer's first sale makes the drawer, a
  // customer's first sale his accounts (as every document of the product makes them).
  const placed: { s: BatchSale }[] = [];
  for (const x of live) {
    const { s } = x;
    if (!s.user.inventory_ids.length) {
      await refused(s, new HttpError(422, POS_MSG.noInventory, { inventory_fk: [POS_MSG.noInventory] }));
      continue;
    }
    if (drawers.get(s.user.user_id)?.size !== 2)
      drawers.set(s.user.user_id, await drawerAccounts({ tx, user: s.user, now: s.now, ip: s.ip }, s.user.user_id, "share"));
    const c = env.customers.get(customerOf(s));
    if (c && (!c.iqd || !c.usd)) {
      const made = await consumerAccounts(tx, "customer", customerOf(s));
      c.iqd = made[CURRENCY_IQD] ?? null;
      c.usd = made[CURRENCY_USD] ?? null;
    }
    placed.push(x);
  }
  live = placed;
  if (!live.length) {
    if (unclaimed.length) await dropKeys(tx, unclaimed);
    return answers;
  }

  // The locks in one round trip, in the sales core's order: the counter of each outlet (the
  // one-by-one path numbers a POS sale before it locks the accounts), every account the sales may
  // touch in one ascending lock, the stock rows of every (item, inventory), the items' costs.
  const outletOf = (s: BatchSale) => s.user.outlet_fk ?? env.firstOutlet ?? 1;
  const outlets = [...new Set(live.map(({ s }) => outletOf(s)))].sort((a, b) => a - b);
  const accountIds = new Set<number>(Object.values(env.keys).map((k) => k.account_id));
  const tills = new Set<number>();
  for (const { s } of live) {
    for (const a of drawers.get(s.user.user_id)!.values()) {
      accountIds.add(a);
      tills.add(a);
    }
    const c = env.customers.get(customerOf(s));
    if (c?.iqd) accountIds.add(c.iqd);
    if (c?.usd) accountIds.add(c.usd);
  }
  const fib = env.settings.fib_account_fk;
  if (fib) {
    accountIds.add(fib);
    tills.add(fib);
  }
  const placeOf = (s: BatchSale) =>
    env.defaultInventory && s.user.inventory_ids.includes(env.defaultInventory) ? env.defaultInventory : s.user.inventory_ids[0]!;
  const pairs = [
    ...new Map(
      live.flatMap(({ s }) =>
        s.input.lines.map((l) => [`${l.item_fk}:${placeOf(s)}`, { item_id: l.item_fk, inventory_id: placeOf(s) }] as const),
      ),
    ).values(),
  ].sort((a, b) => a.item_id - b.item_id || a.inventory_id - b.inventory_id);
  const stockItemIds = [...new Set(live.flatMap(({ s }) => s.input.lines.map((l) => l.item_fk)))].filter((id) => env.stockItems.has(id));
  const locks = await queryMany(tx, [
    ...outlets.flatMap((o) => [
      sql`insert into document_counters (doc_type, outlet_id, last_number) values ('pos_sales', ${o}, 0) on conflict (doc_type, outlet_id) do nothing`,
      sql`select last_number as n from document_counters where doc_type = 'pos_sales' and outlet_id = ${o} for update`,
    ]),
    sql`
    select a.account_id, a.currency_id, a.is_group, a.account_name,
           coalesce(a.parent_id = (select c.account_id from accounts c where c.system_key = 'cash_and_banks'), false) as is_cash
      from accounts a where a.account_id = any(${intArray(accountIds)}) order by a.account_id for no key update of a`,
    lockBalancesSql(pairs),
    sql`
    select batch_id, item_fk, batch_no, to_char(expire_date, 'YYYY-MM-DD') as expire_date from stock_batches
     where item_fk = any(${intArray(new Set(stockItemIds))})`,
    ...(stockItemIds.length ? lockCostsSql(stockItemIds) : []),
    // The customers' credit as the receipts show it, their accounts locked above.
    customerCreditSql(sql`c.consumer_id = any(${intArray(new Set(live.map(({ s }) => customerOf(s))))})`),
    // What each till holds now (the change leaves a drawer and must find the money there).
    sql`
    select account_id, sum(debit - credit)::text as b, sum(sys_debit - sys_credit)::text as sb from account_month_balances
     where account_id = any(${intArray(tills)}) group by account_id`,
    // The sales' times as PostgreSQL prints them (a sale's `created_at` is the transaction's
    // `now()`): the receipts are made before the write, which goes with the commit.
    sql`
    select now()::text as now,
           array(select t::text from unnest(${textArray(clock)}::timestamptz[]) with ordinality as u(t, k) order by k) as times`,
  ]);
  const counters = new Map<number, number>();
  outlets.forEach((o, k) => {
    counters.set(o, Number(locks[2 * k + 1]![0]!.n));
  });
  const [locked, balanceRows, batchRows, ...rest] = locks.slice(2 * outlets.length);
  const costRows = stockItemIds.length ? rest[1]! : [];
  const printed = rest.at(-1)![0] as { now: string; times: string[] };
  const cashRows = rest.at(-2)!;
  for (const r of rest.at(-3)!) {
    const c = creditFrom(r);
    look.credit.set(Number(r.consumer_id), { limit: c.limit, balance: D(c.balance) });
    env.owed.set(Number(r.consumer_id), { limit: c.limit, balance: D(c.balance) });
  }
  const cashAccounts: number[] = [];
  for (const a of locked!) {
    env.accountCurrency.set(Number(a.account_id), Number(a.currency_id));
    look.accountNames.set(Number(a.account_id), String(a.account_name));
    if (a.is_cash && !a.is_group) cashAccounts.push(Number(a.account_id));
  }
  const fibIsCash = fib != null && cashAccounts.includes(fib);
  for (const b of balancesFrom(balanceRows as Parameters<typeof balancesFrom>[0]))
    env.left.set(keyOf(b.item_id, b.inventory_id, b.batch_id), b);
  for (const b of batchRows!)
    env.batches.set(Number(b.batch_id), {
      batch_no: (b.batch_no as string | null) ?? null,
      expire_date: (b.expire_date as string | null) ?? null,
    });
  env.costs = costsFrom(costRows as Parameters<typeof costsFrom>[0]);
  for (const id of cashAccounts) if (tills.has(id)) env.cash.set(id, ZERO);
  for (const r of cashRows) if (env.cash.has(Number(r.account_id))) env.cash.set(Number(r.account_id), D(String(r.b)));
  // Money leaves an account of the other currency at its carrying value (as every posting does).
  for (const id of tills)
    if (env.accountCurrency.get(id) !== env.sys) {
      const r = cashRows.find((x) => Number(x.account_id) === id);
      env.carrying.set(id, { balance: D(String(r?.b ?? 0)), sys_balance: D(String(r?.sb ?? 0)) });
    }

  // Each sale worked out in arrival order on the state the ones before it left.
  const planned: Planned[] = [];
  const numbers = new Map(counters);
  for (const { s } of live) {
    try {
      const p = await plan(env, s, customerOf(s), placeOf(s), s.user.outlet_fk ?? env.firstOutlet, fibIsCash);
      const n = numbers.get(outletOf(s))! + 1;
      numbers.set(outletOf(s), n);
      const number = voucherNumber("POS", outletOf(s), outletOf(s) === (env.firstOutlet ?? 1), n);
      p.row.number = number;
      p.saleEntry.description = `Sale ${number} to ${env.customers.get(customerOf(s))!.name}`.replace(/\s+/g, " ").trim();
      planned.push(p);
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
      await refused(s, err);
    }
  }
  if (!planned.length) {
    if (unclaimed.length) await dropKeys(tx, unclaimed);
    return answers;
  }

  // The receipts before the write, their ids left to it (`withIds`).
  const timeText = new Map(clock.map((iso, k) => [iso, printed.times[k]!]));
  for (const p of planned)
    p.stored = { date: timeText.get(p.date.toISOString())!, created_at: printed.now, updated_at: timeText.get(p.sale.now.toISOString())! };
  const shown = await receipts(tx, planned, look, env);
  // Each answer made into JSON once: stored as the key's answer, its data as the audit row's
  // `after` (taken from it in SQL), and sent as it is, with the ids the tables gave.
  const texts = shown.map((data) => JSON.stringify({ message: MSG.added, data }));
  // Every row, the keys' answers, the audit rows and the commit: the booking's last round trip.
  const results = await queryMany(
    tx,
    [
      ...(unclaimed.length ? [dropKeysSql(unclaimed)] : []),
      writeSql(
        planned,
        numbers,
        env.costs,
        planned.map((p, k) => ({
          key: p.sale.key,
          response: texts[k]!,
          user_id: p.sale.user.user_id,
          ip: auditIp(p.sale.ip),
          number: String(p.row.number),
        })),
        env.allowNegative,
      ),
      // The dashboard's rows of the sales just written (dashboard.record.ts), before the commit.
      ...recordSalesSql(env.sys, sql`s.kind = 'pos' and s.number = any(${textArray(planned.map((p) => String(p.row.number)))}::text[])`, 1),
    ],
    { commit: true },
  );
  const ids = idsFrom(results[unclaimed.length ? 1 : 0]![0] as unknown as WrittenIds);
  planned.forEach((p, k) => {
    answers[batch.indexOf(p.sale)] = { status: 201, body: new JsonText(withIds(texts[k]!, ids.get(String(p.row.number))!)) };
  });
  return answers;
}

/**
 * An offline sale refused as it stands is never lost: kept for a manager's review with the
 * reason, its key answering 202 with the review from now on.
 */
async function keepForReview(tx: Tx, s: BatchSale, err: HttpError): Promise<BatchAnswer> {
  const ctx = { tx, user: s.user, now: s.now, ip: s.ip };
  const data = await storeReview(ctx, {
    key: s.key,
    body: s.body,
    reason: err.message,
    errors: err.errors ?? null,
    outlet_id: s.user.outlet_fk ?? null,
  });
  await audit(ctx, { module: "pos_sales", action: "review", record_id: data.review_id, after: { key: s.key, reason: err.message } });
  const body = { message: POS_MSG.reviewed, data };
  await tx.execute(sql`
    update idempotency_keys set status_code = 202, response = ${JSON.stringify(body)}::jsonb
     where scope = 'pos_sales' and key = ${s.key}`);
  return { status: 202, body };
}

export const dropKeysSql = (sold: BatchSale[]) => sql`
    delete from idempotency_keys where scope = 'pos_sales'
       and key = any(${textArray(sold.map((s) => s.key))}::text[])`;

export async function dropKeys(tx: Tx, sold: BatchSale[]) {
  await tx.execute(dropKeysSql(sold));
}
