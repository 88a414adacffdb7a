import { CURRENCY_IQD, CURRENCY_USD, can, dueIn, MSG, overdueMessage, type PosSaleInput, tenderExcess } from "@app/contracts";
import type Decimal from "decimal.js";
import { type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { inOneGo, insertRows, intArray, queryMany, readBack, textArray } from "../../db/bulk.js";
import type { Tx } from "../../db/client.js";
import { auditIp } from "../../platform/audit.js";
import { businessDateTime, businessDay, withBusinessDate } from "../../platform/business-time.js";
import type { AuthUser } from "../../platform/context.js";
import { retryTx } from "../../platform/http.js";
import { JsonText } from "../../platform/json-text.js";
import { docDate } from "../ledger/dates.js";
import { type JournalLineRow, type RuleLine, toJournalLines } from "../ledger/journal.js";
import { monthOf, ratesAt, ratesFrom, ratesSql } from "../ledger/ledger.js";
import { accountBalances, accountMonthBalances, journalEntries, journalLines } from "../ledger/ledger.tables.js";
import { D, Dec, round3, round4, ZERO } from "../ledger/money.js";
import { voucherNumber } from "../numbering/numbering.js";
import { priceQuote, quoteDataFrom, quoteDataSql } from "../pricing/quote.js";
import { itemsWithUnitsFrom, itemsWithUnitsSql } from "../purchases/purchases.js";
import { paymentStatus, saleLines as salePostingLines } from "../sales/sale.ledger.js";
import { creditFrom, customerCreditSql, customerOverdue, saleLineRow } from "../sales/sales.js";
import { saleLines, salePayments, sales } from "../sales/sales.tables.js";
import {
  balancesFrom,
  type CostRow,
  costsFrom,
  fefo,
  itemsFrom,
  itemsOfSql,
  keyOf,
  type LockedBalance,
  lockBalancesSql,
  lockCostsSql,
} from "../stock/stock.js";
import { stockMovements } from "../stock/stock.tables.js";
import { settlePayments } from "./payments.rule.js";
import { posSaleInfo } from "./pos.tables.js";
import { paymentRows } from "./pos-sales.js";
import { type PosSettings, posSettingsFrom, posSettingsSql } from "./pos-session.js";

/**
 * POS sales booked several to a transaction (ARCHITECTURE.md, "POS sales booked together").
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

export interface BatchSale {
  user: AuthUser;
  ip: string | null;
  now: Date;
  input: PosSaleInput;
  key: string;
  hash: string;
}

export interface BatchAnswer {
  status: number;
  body: unknown;
}

/** Whether a sale may be booked with others, from what it says alone. */
export function batchable(input: PosSaleInput): boolean {
  return !input.offline && input.lines.length > 0;
}

/** Not taken here: the sale goes the one-by-one path. */
class Decline extends Error {}
const decline = (why: string): never => {
  throw new Decline(why);
};

const dp = (v: Decimal.Value, places: number) => D(v).toDecimalPlaces(places, Dec.ROUND_HALF_UP);

interface Env {
  firstOutlet: number | null;
  defaultInventory: number | null;
  walkIn: number;
  settings: PosSettings;
  rates: (at: Date) => Promise<{ rate: string; in_rate: string }>;
  drawers: Map<number, Map<number, number>>;
  customers: Map<number, { name: string; mobile: string | null; address: string | null; iqd: number | null; usd: number | null }>;
  items: ReturnType<typeof itemsWithUnitsFrom>;
  quote: ReturnType<typeof quoteDataFrom>;
  stockItems: ReturnType<typeof itemsFrom>;
  keys: Record<string, { account_id: number; currency_id: number }>;
  accountCurrency: Map<number, number>;
  /** Stock rows as they stand after the sales worked out so far (locked). */
  left: Map<string, LockedBalance>;
  batches: Map<number, { batch_no: string | null; expire_date: string | null }>;
  costs: Map<number, CostRow>;
  /** Cash accounts' balances in their currency as they stand (the change leaves its currency's drawer). */
  cash: Map<number, Decimal>;
  /** Each customer's allowed debit amount and balance (system currency) as the sales worked out so far leave it. */
  owed: Map<number, { limit: string | null; balance: Decimal }>;
  /** The customers with overdue terms. */
  overdueTerms: Map<number, boolean>;
}

/** What the receipts show beside the rows written: names, the customers' credit, the in-rates of the dates shown. */
interface Shown {
  users: Map<number, string>;
  inventories: Map<number, string>;
  currencies: Map<number, string>;
  itemCodes: Map<number, string | null>;
  accountNames: Map<number, string>;
  /** Each customer's allowed debit amount and balance (system currency) as the booking goes on. */
  credit: Map<number, { limit: string | null; balance: Decimal }>;
  overdueTerms: Map<number, boolean>;
  /** The rates read for each date shown (`ratesSql`). */
  inRates: Map<string, { rate: string; in_rate: string }[]>;
}

interface Planned {
  sale: BatchSale;
  row: Record<string, unknown>;
  lines: Record<string, unknown>[];
  payments: { account_fk: number; method: string; currency_id: number; rate: string; amount: string }[];
  moves: {
    line: number;
    item_id: number;
    inventory_id: number;
    batch_id: number;
    qty: Decimal;
    unit_id: number | null;
    unit_qty: Decimal;
    unit_cost: Decimal;
    value: Decimal;
  }[];
  lineUpdates: { unit_cost: string; batch_no?: string; expire_date?: string | null }[];
  /** The sale's times as its table prints them. */
  stored?: { date: string; created_at: string; updated_at: string };
  /** Each line's item, unit and promotion as the receipt names them. */
  lineNames: { item_name: string; unit_name: string; item_unit_id: number; promotion_title: string | null }[];
  date: Date;
  saleEntry: { description: string; rows: JournalLineRow[] };
  changeEntry: { rows: JournalLineRow[] } | null;
  info: Record<string, unknown>;
  stockDeltas: Map<string, { item_id: number; inventory_id: number; batch_id: number; qty: Decimal }>;
}

/**
 * Books the sales together; each answer is the sale's 201 (what `POST /api/pos_sales` answers),
 * or null for a sale this path did not take. The whole booking runs again on a deadlock, like
 * every transaction of the product.
 */
export async function bookPosBatch(app: FastifyInstance, batch: BatchSale[]): Promise<(BatchAnswer | null)[]> {
  const out: (BatchAnswer | null)[] = batch.map(() => null);
  // A key sent twice in one batch: the second goes the one-by-one path, which waits for this
  // booking's commit and answers the same.
  const seen = new Set<string>();
  const taken: number[] = [];
  batch.forEach((s, i) => {
    if (!seen.has(s.key) && batchable(s.input)) {
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
  return out;
}

async function bookTogether(tx: Tx, batch: BatchSale[]): Promise<(BatchAnswer | null)[]> {
  const answers: (BatchAnswer | null)[] = batch.map(() => null);
  const times = batch.map((s) => s.now.getTime());
  const [first, last] = [new Date(Math.min(...times)), new Date(Math.max(...times))];
  const dates = batch.map((s) => docDate(businessDateTime(s.now), s.now, null));
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
  let live = batch.filter((s) => mine.has(s.key)).map((s) => ({ s }));
  if (!live.length) return answers;
  const system = sysRows![0] as
    | { currency_fk: number; allow: boolean; default_inventory: number | null; first_outlet: number | null; walk_in: number | null }
    | undefined;
  const year = yearRows![0] as { open: boolean; archived: boolean } | undefined;
  // Below-zero stock, a dollar system, a date outside an open year: one by one.
  if (!system || Number(system.currency_fk) !== CURRENCY_IQD || system.allow || !year?.open || year.archived)
    return release(tx, live, answers);

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
  if (Object.keys(env.keys).length !== 7) return release(tx, live, answers);

  // A sale needing what this path does not make (a drawer's first sale, a customer's accounts) goes one by one.
  const unclaimed: BatchSale[] = [];
  live = live.filter(({ s }) => {
    const c = env.customers.get(customerOf(s));
    const ok = drawers.get(s.user.user_id)?.size === 2 && !!c?.iqd && !!c?.usd && s.user.inventory_ids.length > 0;
    if (!ok) unclaimed.push(s);
    return ok;
  });
  if (!live.length) {
    await dropKeys(tx, unclaimed);
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
    const c = env.customers.get(customerOf(s))!;
    accountIds.add(c.iqd!);
    accountIds.add(c.usd!);
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
    select account_id, sum(debit - credit)::text as b from account_month_balances
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
    if (a.is_group) return release(tx, live, answers);
    env.accountCurrency.set(Number(a.account_id), Number(a.currency_id));
    look.accountNames.set(Number(a.account_id), String(a.account_name));
    if (a.is_cash) cashAccounts.push(Number(a.account_id));
  }
  if (env.accountCurrency.size !== accountIds.size) return release(tx, live, answers);
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
      if (!(err instanceof Decline) && !isRefusal(err)) throw err;
      unclaimed.push(s);
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
      ),
    ],
    { commit: true },
  );
  const ids = idsFrom(results.at(-1)![0] as unknown as WrittenIds);
  planned.forEach((p, k) => {
    answers[batch.indexOf(p.sale)] = { status: 201, body: new JsonText(withIds(texts[k]!, ids.get(String(p.row.number))!)) };
  });
  return answers;
}

interface Answered {
  key: string;
  /** The answer's JSON text. */
  response: string;
  user_id: number | null;
  ip: string | null;
  /** Without the write: the audit row's record. */
  record_id?: string;
  /** With the write: the sale's number, whose ids go into its answer and audit row (`withIds`). */
  number?: string;
}

/** A receipt made before the write: the sale's id, its lines' and payments' as the tables give them. */
const ID = "@";

/**
 * The booked sales' keys get their answers, and each sale its audit row, whose `after` is the
 * answer's data (a receipt holds no secret field for `redact` to hide): `with` queries to put in
 * a statement. With the write (`written`, the `with` queries that inserted the sales, lines and
 * payments), each answer takes the ids the tables gave: the sale's, its lines' and its payments'
 * in order. The keys are named in an array as well: PostgreSQL guesses 100 rows for
 * `jsonb_to_recordset`, and against a table of a few thousand keys that guess makes a hash join
 * that reads every key ever stored; with the array the few keys are looked up in the primary key.
 */
function answeredWith(answers: Answered[], written?: { sales: SQL; lines: SQL; payments: SQL }): SQL {
  const rows = answers.map(
    (a) =>
      `{"key":${JSON.stringify(a.key)},"response":${a.response},"user_id":${JSON.stringify(a.user_id)},"record_id":${JSON.stringify(a.record_id ?? null)},"ip":${JSON.stringify(a.ip)},"number":${JSON.stringify(a.number ?? null)}}`,
  );
  const given = sql`
    rows from (jsonb_to_recordset(${`[${rows.join(",")}]`}::jsonb)
               as (key text, response jsonb, user_id int, record_id text, ip inet, number text))
    with ordinality as r(key, response, user_id, record_id, ip, number, n)`;
  const idsIn = (path: string, table: SQL, id: string) => sql`
    coalesce((select jsonb_agg(e.v || jsonb_build_object(${sql.raw(`'${id}'`)}, w.${sql.raw(id)}, 'sale_fk', s.id) order by e.k)
                from jsonb_array_elements(r.response #> ${sql.raw(`'{data,${path}}'`)}) with ordinality as e(v, k)
                join (select ${sql.raw(id)}, row_number() over (order by ${sql.raw(id)}) as k from ${table} where sale_fk = s.id) w
                  on w.k = e.k), '[]'::jsonb)`;
  const x = written
    ? sql`
      select r.key,
             jsonb_set(jsonb_set(jsonb_set(r.response, '{data,id}', to_jsonb(s.id)),
                                 '{data,lines}', ${idsIn("lines", written.lines, "line_id")}),
                       '{data,payments}', ${idsIn("payments", written.payments, "payment_id")}) as response,
             r.user_id, s.id::text as record_id, r.ip, r.n
        from ${given} join ${written.sales} s on s.number = r.number`
    : sql`select r.key, r.response, r.user_id, r.record_id, r.ip, r.n from ${given}`;
  return sql`
    x as materialized (${x}),
    answered as (
      update idempotency_keys k set status_code = 201, response = x.response from x
       where k.scope = 'pos_sales' and k.key = any(${textArray(answers.map((a) => a.key))}::text[]) and k.key = x.key),
    audited as (
      insert into audit_logs (user_id, module, action, record_id, before, after, ip)
      select x.user_id, 'pos_sales', 'create', x.record_id, null, x.response -> 'data', x.ip from x order by x.n)`;
}

/** The keys' answers and the audit rows as a statement of their own (`answeredWith`). */
export const answeredSql = (answers: Answered[]): SQL => sql`with ${answeredWith(answers)} select 1`;

/** The ids a write gave, by sale number. */
interface WrittenIds {
  ids: number[];
  numbers: string[];
  line_sales: number[];
  line_ids: number[];
  paid_sales: number[] | null;
  payment_ids: number[] | null;
}
function idsFrom(row: WrittenIds): Map<string, { id: number; lines: number[]; payments: number[] }> {
  const of = (sales: number[] | null, ids: number[] | null, id: number) =>
    (ids ?? []).filter((_, k) => Number(sales![k]) === id).map(Number);
  return new Map(
    row.numbers.map((n, k) => {
      const id = Number(row.ids[k]);
      return [n, { id, lines: of(row.line_sales, row.line_ids, id), payments: of(row.paid_sales, row.payment_ids, id) }];
    }),
  );
}

/**
 * A receipt's JSON text made before the write (every id `ID`) with the ids the tables gave: the
 * sale's, and its lines' and payments' in order. Only the receipt's own fields can read
 * `"line_id":"@"` and the like in its JSON text (a quote inside any text is escaped there).
 */
function withIds(text: string, ids: { id: number; lines: number[]; payments: number[] }): string {
  const each = (t: string, field: string, values: number[]) => {
    const parts = t.split(`"${field}":${JSON.stringify(ID)}`);
    if (parts.length !== values.length + 1) throw new Error(`a receipt's ${field} and the rows written differ`);
    return parts.reduce((out, part, k) => (k ? `${out}"${field}":${values[k - 1]}${part}` : part), "");
  };
  const lines = ids.lines.length;
  const payments = ids.payments.length;
  let t = each(text, "id", [ids.id]);
  t = each(t, "line_id", ids.lines);
  t = each(t, "payment_id", ids.payments);
  return each(t, "sale_fk", Array(lines + payments).fill(ids.id));
}

/** A refusal the one-by-one path would give: 4xx from the sales core's own checks. */
const isRefusal = (err: unknown) =>
  !!err && typeof err === "object" && "statusCode" in err && Number((err as { statusCode: number }).statusCode) < 500;

const dropKeysSql = (sold: BatchSale[]) => sql`
    delete from idempotency_keys where scope = 'pos_sales'
       and key = any(${textArray(sold.map((s) => s.key))}::text[])`;

async function dropKeys(tx: Tx, sold: BatchSale[]) {
  await tx.execute(dropKeysSql(sold));
}

/** Nothing booked here: the claimed keys go back and every sale takes the one-by-one path. */
async function release(tx: Tx, live: { s: BatchSale }[], answers: (BatchAnswer | null)[]) {
  await dropKeys(
    tx,
    live.map(({ s }) => s),
  );
  return answers;
}

/** One sale, as `bookPosSale` → `createSale` → `completeSale` would write it, on the booking's state. */
async function plan(
  env: Env,
  s: BatchSale,
  customer: number,
  inventory: number,
  outlet: number | null,
  fibIsCash: boolean,
): Promise<Planned> {
  const { input, user } = s;
  const at = s.now;
  const drawer = env.drawers.get(user.user_id)!;
  const settings = env.settings;
  const { in_rate } = await env.rates(at);
  if (input.payments.some((p) => p.method === "fib") && (!settings.fib_account_fk || !fibIsCash)) decline("no FIB account");
  const c = env.customers.get(customer) ?? decline("not a customer");
  const onCredit = input.payments.some((p) => p.method === "credit");
  // Credit is a named customer's: the one-by-one path tells the cashier so.
  if (onCredit && customer === env.walkIn) decline("credit to the walk-in customer");
  const changeCurrency = input.change_currency_id ?? CURRENCY_IQD;

  const lineDiscounts = input.lines.some((l) => l.discount && D(l.discount).gt(0));
  const byItem = lineDiscounts || !input.invoice_discount;
  const date = docDate(businessDateTime(at), at, null);
  const day = businessDay(date);
  const units = input.lines.map((l) => env.items.get(l.item_fk)?.units.get(l.unit_fk) ?? decline("unknown unit"));

  // The price function on the costs as the sales before this one left them.
  const data = { ...env.quote, units: new Map(env.quote.units), profile: env.quote.profiles.get(customer) ?? null };
  if (!env.quote.profiles.has(customer)) decline("not a customer");
  for (const u of units) {
    const row = data.units.get(u.item_unit_id) ?? decline("unknown unit");
    const cost = env.costs.get(row.item_id);
    data.units.set(u.item_unit_id, { ...row, avg_cost: cost?.qty.gt(0) ? cost.avg.toFixed() : null });
  }
  const quote = priceQuote(
    { ...data, promotions: env.quote.promotions.get(day) ?? decline("no promotions read") },
    { system: CURRENCY_IQD, currency: CURRENCY_IQD, rate: "1", day },
    {
      customer_id: customer,
      currency_id: CURRENCY_IQD,
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
  const total = dp(quote.total, 3);
  if (!input.confirmed && tenderExcess({ total: total.toFixed(), currency_id: CURRENCY_IQD, rate: in_rate, payments: input.payments }))
    decline("cash tendered to confirm");
  const smallest = { [CURRENCY_IQD]: settings.smallest_iqd_amount, [CURRENCY_USD]: settings.smallest_usd_amount };
  const settled = settlePayments({
    total,
    systemCurrency: CURRENCY_IQD,
    rate: in_rate,
    payments: input.payments,
    changeCurrency,
    smallest,
  });
  const rateOf = (cur: number) => (cur === CURRENCY_IQD ? "1" : in_rate);
  const {
    rows: payments,
    paid,
    tendered,
  } = paymentRows(settled, input, {
    sys: CURRENCY_IQD,
    in_rate,
    fib: settings.fib_account_fk,
    drawer,
  });
  const paidStored = dp(paid, 3);
  const remaining = dp(total.minus(paid), 3);
  // What is left owing goes on the customer's account within his allowed debit amount (checked on
  // his balance as the sales before this one leave it); a customer with overdue terms buying on
  // credit goes one by one, so that the warnings of his later sales count this one.
  const owed = env.owed.get(customer) ?? decline("no credit read");
  if (!remaining.isZero()) {
    if (customer === env.walkIn || remaining.isNeg()) decline("the walk-in customer owing");
    if (env.overdueTerms.get(customer)) decline("overdue terms");
    if (owed.limit !== null && owed.balance.plus(remaining).gt(owed.limit)) decline("past the allowed debit");
  }

  const row: Record<string, unknown> = {
    kind: "pos",
    outlet_fk: user.outlet_fk ?? null,
    consumer_fk: customer,
    salesman_fk: null,
    date,
    inventory_fk: inventory,
    currency_id: CURRENCY_IQD,
    rate: "1",
    discount_type: byItem ? "item" : "invoice",
    invoice_discount_type: input.invoice_discount_type ?? "amount",
    invoice_discount: byItem ? "0" : D(input.invoice_discount ?? 0).toFixed(),
    discount_amount: D(quote.discount).toFixed(),
    rounded_discount: "0",
    tax_amount: D(quote.tax).toFixed(),
    gross: D(quote.gross).toFixed(),
    subtotal: D(quote.net).toFixed(),
    total: D(quote.total).toFixed(),
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
    updated_at: at,
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
  lines.forEach((l, i) => {
    const item = env.stockItems.get(l.item_fk) ?? decline("unknown item");
    const qty = dp(l.quantity, 4).plus(dp(l.free_quantity, 4));
    const factor = item.factors.get(l.unit_fk) ?? decline("unknown unit");
    if (!qty.isFinite() || qty.lte(0)) decline("no quantity");
    const base = qty.mul(factor);
    const pool = [...env.left.keys()]
      .filter((k) => k.startsWith(`${l.item_fk}:${inventory}:`))
      .map(stockRow)
      .sort(fefo);
    const usable = pool.filter((b) => b.qty.gt(0) && !(b.expire_date !== null && b.expire_date < day));
    let need = base;
    for (const b of usable) {
      if (need.lte(0)) break;
      const q = need.lt(b.qty) ? need : b.qty;
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
      need = need.minus(q);
    }
    if (need.gt(0)) decline("not enough stock");
  });
  const costs = new Map<number, CostRow>();
  for (const m of moves) {
    const cur = costs.get(m.item_id) ?? env.costs.get(m.item_id) ?? decline("no cost row");
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
    system_currency: CURRENCY_IQD,
    currency_id: CURRENCY_IQD,
    rate: "1",
    receivable: { account_id: c.iqd!, currency_id: CURRENCY_IQD },
    payments: paymentAccounts,
    paid: paidStored,
    gross,
    discount: gross.minus(subtotal),
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
  const currencyOf = (id: number) => env.accountCurrency.get(id) ?? decline("account not locked");
  const saleRows = toJournalLines(ruleLines, currencyOf, CURRENCY_IQD, exchange);
  const change: RuleLine[] = [];
  for (const o of settled.overflow) change.push({ account_id: drawer.get(o.currency_id)!, debit: o.amount, rate: rateOf(o.currency_id) });
  if (settled.change.given.gt(0))
    change.push({ account_id: drawer.get(changeCurrency)!, credit: settled.change.given, rate: rateOf(changeCurrency) });
  // Beside whole dollars, the rest in dinars from the IQD drawer.
  if (settled.change.given_iqd.gt(0)) change.push({ account_id: drawer.get(CURRENCY_IQD)!, credit: settled.change.given_iqd, rate: "1" });
  if (settled.change.gain.gt(0)) change.push({ account_id: k.cash_over_short!.account_id, credit: settled.change.gain });
  const changeRows = change.length ? toJournalLines(change, currencyOf, CURRENCY_IQD, exchange) : null;

  // Money may leave a cash account only as far as it holds: the drawer pays the change from what it took.
  const cashAfter = new Map<number, Decimal>();
  for (const r of [...saleRows, ...(changeRows ?? [])]) {
    const now = cashAfter.get(r.account_id) ?? env.cash.get(r.account_id);
    if (now === undefined) continue;
    cashAfter.set(r.account_id, now.plus(r.debit).minus(r.credit));
  }
  for (const r of changeRows ?? [])
    if (D(r.credit).gt(r.debit) && env.cash.has(r.account_id) && cashAfter.get(r.account_id)!.isNeg()) decline("drawer short");
  for (const [id, b] of cashAfter) env.cash.set(id, b);
  for (const r of [...saleRows, ...(changeRows ?? [])])
    if (r.account_id === c.iqd || r.account_id === c.usd) owed.balance = owed.balance.plus(r.sys_debit).minus(r.sys_credit);

  // Taken: the booking's state moves on.
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
    saleEntry: { description: "", rows: saleRows },
    changeEntry: changeRows ? { rows: changeRows } : null,
    info: {
      kind: "sale",
      user_fk: user.user_id,
      outlet_fk: outlet,
      idempotency_key: s.key,
      offline: false,
      client_created_at: new Date(input.client_created_at),
      change_currency_id: settled.change.currency_id,
      change_amount: settled.change.given.toFixed(),
      change_exact: settled.change.exact.toFixed(),
      change_iqd_amount: settled.change.given_iqd.toFixed(),
      total_sys: total.toFixed(),
      discount_sys: gross.minus(subtotal).toFixed(),
    },
    stockDeltas: deltas,
  };
}

/**
 * Every row of the planned sales in one statement (a `with` of one insert or update per table),
 * in the order the one-by-one path makes them: the sales, their lines and payments, the stock
 * movements and balances, the costs, the entries with their lines and the per-day and per-month
 * balances, the POS facts and the counters; then the keys' answers and the audit rows with the
 * ids the tables gave (`answeredWith`). The children find their sale by its number (a movement
 * its line by position, a journal line its entry by kind), so every id is the table's own, taken
 * in that order. Answers the ids by sale (`idsFrom`); a stock or cost row that did not move as
 * worked out fails the statement, and the commit sent after it is not run.
 */
function writeSql(planned: Planned[], counters: Map<number, number>, costs: Map<number, CostRow>, answered: Answered[]): SQL {
  const entries: { p: Planned; kind: "sale" | "change"; rows: JournalLineRow[] }[] = [];
  for (const p of planned) {
    entries.push({ p, kind: "sale", rows: p.saleEntry.rows });
    if (p.changeEntry) entries.push({ p, kind: "change", rows: p.changeEntry.rows });
  }
  const numberOf = (p: Planned) => String(p.row.number);
  const bySale = { sale_number: "text" };
  const joinSale = sql`join new_sales s on s.number = x.sale_number`;
  const saleRows = planned.map((p) => p.row as typeof sales.$inferInsert);
  const lineRows = planned.flatMap((p) => p.lines.map((l, i) => ({ ...l, ...p.lineUpdates[i], sale_number: numberOf(p) })));
  const pays = planned.flatMap((p) => p.payments.map((x) => ({ ...x, sale_number: numberOf(p) })));
  const moves = planned.flatMap((p) =>
    p.moves.map((m) => ({
      item_fk: m.item_id,
      inventory_fk: m.inventory_id,
      batch_fk: m.batch_id,
      qty: m.qty.toFixed(),
      unit_fk: m.unit_id,
      unit_qty: m.unit_qty.toFixed(),
      unit_cost: m.unit_cost.toDecimalPlaces(6).toFixed(),
      value: m.value.toFixed(),
      reversal_of: null,
      source_type: "sale",
      date: p.date,
      created_by: p.sale.user.user_id,
      sale_number: numberOf(p),
      line_position: m.line,
    })),
  );
  const deltas = new Map<string, { item_id: number; inventory_id: number; batch_id: number; qty: Decimal }>();
  for (const p of planned)
    for (const [k, d] of p.stockDeltas) {
      const prev = deltas.get(k);
      deltas.set(k, prev ? { ...prev, qty: prev.qty.plus(d.qty) } : d);
    }
  const stockPayload = [...deltas.values()].map((d) => ({ i: d.item_id, v: d.inventory_id, b: d.batch_id, q: d.qty.toFixed() }));
  // The items' costs as the last sale left them (the booking's state).
  const costPayload = [...new Set(planned.flatMap((p) => p.moves.map((m) => m.item_id)))].map((item) => {
    const c = costs.get(item)!;
    return { i: item, q: c.qty.toFixed(), v: c.value.toFixed(), a: c.avg.toDecimalPlaces(6).toFixed() };
  });
  const entryRows = entries.map((e) => ({
    date: e.kind === "sale" ? e.p.date : e.p.sale.now,
    source_type: e.kind === "sale" ? "sale" : "pos_change",
    description: e.kind === "sale" ? e.p.saleEntry.description : `Change of POS sale ${numberOf(e.p)}`,
    reversal_of: null,
    created_by: e.p.sale.user.user_id,
    sale_number: numberOf(e.p),
  }));
  const journal = entries.flatMap((e) =>
    e.rows.map((r) => ({ ...r, sale_number: numberOf(e.p), entry_type: e.kind === "sale" ? "sale" : "pos_change" })),
  );
  // The per-day and per-month balances, summed per account (one upsert may touch a row once).
  const days = new Map<string, { account_id: number; day: string; debit: Decimal; credit: Decimal; sd: Decimal; sc: Decimal }>();
  for (const e of entries) {
    const day = businessDay(e.kind === "sale" ? e.p.date : e.p.sale.now);
    for (const r of e.rows) {
      const k = `${r.account_id}:${day}`;
      const s = days.get(k) ?? { account_id: r.account_id, day, debit: ZERO, credit: ZERO, sd: ZERO, sc: ZERO };
      days.set(k, {
        ...s,
        debit: s.debit.plus(r.debit),
        credit: s.credit.plus(r.credit),
        sd: s.sd.plus(r.sys_debit),
        sc: s.sc.plus(r.sys_credit),
      });
    }
  }
  const months = new Map<string, { account_id: number; month: string; debit: Decimal; credit: Decimal; sd: Decimal; sc: Decimal }>();
  for (const d of days.values()) {
    const k = `${d.account_id}:${monthOf(d.day)}`;
    const s = months.get(k) ?? { account_id: d.account_id, month: monthOf(d.day), debit: ZERO, credit: ZERO, sd: ZERO, sc: ZERO };
    months.set(k, { ...s, debit: s.debit.plus(d.debit), credit: s.credit.plus(d.credit), sd: s.sd.plus(d.sd), sc: s.sc.plus(d.sc) });
  }
  const figures = (x: { debit: Decimal; credit: Decimal; sd: Decimal; sc: Decimal }) => ({
    debit: x.debit.toFixed(),
    credit: x.credit.toFixed(),
    sys_debit: x.sd.toFixed(),
    sys_credit: x.sc.toFixed(),
  });
  const dayRows = [...days.values()].map((d) => ({ account_id: d.account_id, day: d.day, ...figures(d) }));
  const monthRows = [...months.values()].map((m) => ({ account_id: m.account_id, month: m.month, ...figures(m) }));
  const infoRows = planned.map((p) => ({ ...p.info, sale_number: numberOf(p) })) as unknown as Partial<typeof posSaleInfo.$inferInsert>[];
  const counterRows = [...counters].map(([outlet, n]) => ({ o: outlet, n }));
  const sum = (t: string) =>
    sql.raw(`debit = ${t}.debit + excluded.debit, credit = ${t}.credit + excluded.credit,
             sys_debit = ${t}.sys_debit + excluded.sys_debit, sys_credit = ${t}.sys_credit + excluded.sys_credit`);
  const none = sql`select 1 where false`;
  return sql`
    with new_sales as (${insertRows(sales, saleRows)} returning id, number),
         new_lines as (${insertRows(saleLines, lineRows, { extra: bySale, join: joinSale, set: { sale_fk: sql`s.id` } })}
                       returning line_id, sale_fk, position),
         new_payments as (${
           pays.length
             ? sql`${insertRows(salePayments, pays, { extra: bySale, join: joinSale, set: { sale_fk: sql`s.id` } })} returning payment_id, sale_fk`
             : sql`select null::int as payment_id, null::int as sale_fk where false`
         }),
         new_moves as (${
           moves.length
             ? insertRows(stockMovements, moves, {
                 extra: { ...bySale, line_position: "int" },
                 join: sql`${joinSale} join new_lines l on l.sale_fk = s.id and l.position = x.line_position`,
                 set: { source_id: sql`s.id`, source_line: sql`l.line_id` },
               })
             : none
         }),
         moved as (
           update stock_balances s set qty = s.qty + x.q, updated_at = now()
             from jsonb_to_recordset(${JSON.stringify(stockPayload)}::jsonb) as x(i int, v int, b int, q numeric)
            -- The items named in an array too, so that their rows are found by the key (as keyAnswersSql).
            where s.item_fk = x.i and s.inventory_fk = x.v and s.batch_fk = x.b and s.qty + x.q >= 0
              and s.item_fk = any(${intArray(new Set(stockPayload.map((x) => x.i)))})
           returning 1),
         costed as (
           update stock_item_costs c set qty = x.q, value = x.v, avg_cost = x.a, updated_at = now()
             from jsonb_to_recordset(${JSON.stringify(costPayload)}::jsonb) as x(i int, q numeric, v numeric, a numeric)
            where c.item_fk = x.i and c.item_fk = any(${intArray(new Set(costPayload.map((x) => x.i)))})
           returning 1),
         new_entries as (${insertRows(journalEntries, entryRows, { extra: bySale, join: joinSale, set: { source_id: sql`s.id` } })}
                         returning entry_id, source_type, source_id),
         new_journal as (${
           journal.length
             ? insertRows(journalLines, journal, {
                 extra: { ...bySale, entry_type: "text" },
                 join: sql`${joinSale} join new_entries e on e.source_id = s.id and e.source_type = x.entry_type`,
                 set: { entry_id: sql`e.entry_id` },
               })
             : none
         }),
         by_day as (${dayRows.length ? sql`${insertRows(accountBalances, dayRows)} on conflict (account_id, day) do update set ${sum("account_balances")}` : none}),
         by_month as (${monthRows.length ? sql`${insertRows(accountMonthBalances, monthRows)} on conflict (account_id, month) do update set ${sum("account_month_balances")}` : none}),
         new_info as (${insertRows(posSaleInfo, infoRows, { extra: bySale, join: joinSale, set: { sale_fk: sql`s.id` } })}),
         counted as (
           update document_counters d set last_number = x.n
             from jsonb_to_recordset(${JSON.stringify(counterRows)}::jsonb) as x(o int, n int)
            where d.doc_type = 'pos_sales' and d.outlet_id = x.o
           returning 1),
         ${answeredWith(answered, { sales: sql`new_sales`, lines: sql`new_lines`, payments: sql`new_payments` })}
    -- The ids the tables gave: what the receipts show. A stock or cost row that did not move
    -- fails the statement (a text that is no number cast to one).
    select (select array_agg(id order by id) from new_sales) as ids, (select array_agg(number order by id) from new_sales) as numbers,
           (select array_agg(sale_fk order by line_id) from new_lines) as line_sales,
           (select array_agg(line_id order by line_id) from new_lines) as line_ids,
           (select array_agg(sale_fk order by payment_id) from new_payments) as paid_sales,
           (select array_agg(payment_id order by payment_id) from new_payments) as payment_ids,
           case when (select count(*) from moved) = ${stockPayload.length}::int and (select count(*) from costed) = ${costPayload.length}::int
                then 0
                else ('a stock or cost row moved under its lock: ' || (select count(*) from moved))::int end as checked`;
}

/**
 * The receipts of the booked sales, as `showPosSale` shows each, made from the rows just written
 * and what the booking read (no read back): each row as its table gives it back (`readBack`), the
 * names joined as `saleShownSql`, `saleLinesShownSql` and `salePaymentsShownSql` join them, the
 * customer's credit as it stands after the sale. Only a customer with overdue terms is looked up.
 */
async function receipts(tx: Tx, planned: Planned[], look: Shown, env: Env) {
  const overdue = new Map<number, Awaited<ReturnType<typeof customerOverdue>>>();
  const out = [];
  for (const p of planned) {
    const stored = p.stored!;
    const customer = Number(p.row.consumer_fk);
    // The customer's balance after this sale: what its entries moved on his accounts.
    const c = env.customers.get(customer)!;
    const credit = look.credit.get(customer)!;
    for (const r of [...p.saleEntry.rows, ...(p.changeEntry?.rows ?? [])])
      if (r.account_id === c.iqd || r.account_id === c.usd) credit.balance = credit.balance.plus(r.sys_debit).minus(r.sys_credit);
    // Every sale of the booking is paid in full, so none of them counts as overdue for another.
    if (!overdue.has(customer))
      overdue.set(customer, look.overdueTerms.get(customer) ? await customerOverdue(tx, customer, p.sale.now) : null);
    const o = overdue.get(customer)!;
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
      customer_credit: { limit: credit.limit, balance: credit.balance.toFixed() },
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
      total_iqd: total.toFixed(),
      total_usd: dueIn(total, CURRENCY_IQD, CURRENCY_USD, rate),
      change: {
        currency_id: Number(p.info.change_currency_id ?? CURRENCY_IQD),
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

const overdueText = (o: NonNullable<Awaited<ReturnType<typeof customerOverdue>>>) => overdueMessage(o.count, o.amount, o.days);

/** The most sales one booking takes; the rest wait for the next. */
const MOST = 64;

/**
 * The process's POS booker: the sales that arrive while a booking runs are booked together in the
 * next, which starts when the one before has committed, so that never two bookings hold or wait
 * for the same rows. (A next booking that read during the last round trip of the one before, its
 * first lock then waiting for that commit, took fewer sales, about 5.5 instead of 8 with 16
 * tills, and PostgreSQL spent a quarter to a half more of its time on each sale, even when it started
 * reading only so late that its reads ended about when that commit did.) Answers null for a
 * sale to book one by one (also when a booking fails for another reason than a refusal: each of
 * its sales then goes the one-by-one path, which meets its own key if the booking did commit).
 */
export function posBooker(app: FastifyInstance): (sale: BatchSale) => Promise<BatchAnswer | null> {
  let queue: { sale: BatchSale; done: (a: BatchAnswer | null) => void }[] = [];
  let running = false;
  const start = () => {
    if (!queue.length || running) return;
    const taken = queue.slice(0, MOST);
    queue = queue.slice(MOST);
    running = true;
    bookPosBatch(
      app,
      taken.map((t) => t.sale),
    )
      .catch((err) => {
        app.log.warn({ err }, "POS sales booked together failed; they are booked one by one");
        return taken.map(() => null);
      })
      .then((answers) => {
        for (const [i, t] of taken.entries()) t.done(answers[i] ?? null);
        running = false;
        start();
      });
  };
  return (sale) =>
    new Promise((done) => {
      queue.push({ sale, done });
      start();
    });
}

/** Sends a booked sale's answer. */
export const sendAnswer = (reply: FastifyReply, answer: BatchAnswer) => reply.status(answer.status).send(answer.body);
