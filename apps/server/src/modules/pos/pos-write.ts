import type Decimal from "decimal.js";
import { type SQL, sql } from "drizzle-orm";
import { insertRows, intArray, textArray } from "../../db/bulk.js";
import { businessDay } from "../../platform/business-time.js";
import type { JournalLineRow } from "../ledger/journal.js";
import { monthOf } from "../ledger/ledger.js";
import { accountBalances, accountMonthBalances, journalEntries, journalLines } from "../ledger/ledger.tables.js";
import { ZERO } from "../ledger/money.js";
import { saleLines, salePayments, sales } from "../sales/sales.tables.js";
import type { CostRow } from "../stock/stock.js";
import { stockMovements } from "../stock/stock.tables.js";
import { posSaleInfo } from "./pos.tables.js";
import { ID, type Planned } from "./pos-book.types.js";

/** The rows of a booking written in one statement, with the keys' answers and the audit rows. */

export interface Answered {
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

/**
 * The booked sales' keys get their answers, and each sale its audit row, whose `after` is the
 * answer's data (a receipt holds no secret field for `redact` to hide): `with` queries to put in
 * a statement. With the write (`written`, the `with` queries that inserted the sales, lines and
 * payments), each answer takes the ids the tables gave: the sale's, its lines' and its payments'
 * in order. The keys are named in an array as well: PostgreSQL guesses 100 rows for
 * `jsonb_to_recordset`, and against a table of a few thousand keys that guess makes a hash join
 * that reads every key ever stored; with the array the few keys are looked up in the primary key.
 */
export function answeredWith(answers: Answered[], written?: { sales: SQL; lines: SQL; payments: SQL }): SQL {
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
export interface WrittenIds {
  ids: number[];
  numbers: string[];
  line_sales: number[];
  line_ids: number[];
  paid_sales: number[] | null;
  payment_ids: number[] | null;
}
export function idsFrom(row: WrittenIds): Map<string, { id: number; lines: number[]; payments: number[] }> {
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
export function withIds(text: string, ids: { id: number; lines: number[]; payments: number[] }): string {
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
export function writeSql(
  planned: Planned[],
  counters: Map<number, number>,
  costs: Map<number, CostRow>,
  answered: Answered[],
  /** Stock may go below zero (else a row the booking saw would go below zero fails the statement). */
  allowNegative = false,
): SQL {
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
    date: e.kind === "sale" ? e.p.date : e.p.at,
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
    const day = businessDay(e.kind === "sale" ? e.p.date : e.p.at);
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
            where s.item_fk = x.i and s.inventory_fk = x.v and s.batch_fk = x.b and (s.qty - s.reserved + x.q >= 0 or ${allowNegative})
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
