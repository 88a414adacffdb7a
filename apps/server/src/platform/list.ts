import { DATE_FILTERS, type DateFilter, DEFAULT_PAGE_SIZE, DEFAULT_START_DATE, type ListEnvelope, MAX_PER_PAGE, MSG } from "@app/contracts";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import type { DbOrTx } from "../db/client.js";
import { modelHiddenColumns } from "../modules/platform-tables/platform.tables.js";
import { dateFilterRange, parseRangeBound } from "./business-time.js";
import type { Ctx } from "./context.js";
import { unprocessable } from "./errors.js";
import { escapeLike, foldedSearch, foldedTextSearch, gramLookup, gramTextSearch } from "./search.js";

/**
 * Over 500 lines: the one list protocol every list goes through (the query parsed, the rows ranked,
 * counted with their kept estimates, read, and the footer summed), whose parts share private helpers.
 */

export interface ListColumn {
  /** The select expression. */
  expr: SQL;
  /** May be used in sortColumn (default true). */
  sortable?: boolean;
  /** Part of the free-text search. */
  search?: boolean;
  /** Allowed as filter[key]: exact match, case-insensitive contains, comma list, or boolean. */
  filter?: "eq" | "like" | "in" | "bool";
  /** Summed into the footer over every matching row. */
  sum?: boolean;
  /** Column title for exports when the caller gives none. */
  title?: string;
  /**
   * Never NULL: sorted without a nulls clause, so that a plain index on it serves both directions
   * (a descending sort with NULLs last cannot walk such an index backwards). The idColumn is.
   */
  notNull?: boolean;
  /** What a sort on this column orders by, when an index exists on a form of it (e.g. lower(name)). */
  sortExpr?: SQL;
}

export interface ListModel {
  /** Name of the model: hidden columns and the envelope's `model`. */
  model: string;
  /** `FROM ... JOIN ...` */
  from: SQL;
  columns: Record<string, ListColumn>;
  /** Unique column that keeps paging stable. */
  idColumn: string;
  defaultSort?: string;
  defaultDir?: "asc" | "desc";
  /** Expression filtered by filter[date_between] and filter[date_filter]. */
  dateColumn?: SQL;
  /** Expression filtered by filter[amount_between]. */
  amountColumn?: SQL;
  /** Rows the caller may see at all (outlet or inventory scoping, soft deletes). */
  scope?: (ctx: Ctx) => SQL | undefined;
  /** Replaces the default ILIKE search, e.g. for normalised Arabic/Kurdish letters or barcodes. */
  search?: (term: string) => SQL;
  /**
   * The table's stored search text over the searchable columns (`foldedText` in `db/fold.ts`),
   * which the default search reads instead of folding each searchable column per row.
   */
  searchText?: SQL;
  /**
   * The grams of searchText (`searchGrams` in `db/fold.ts`), the expression of a GIN index: the
   * search looks them up (`gramTextSearch`) and checks each row found by searchText's likes.
   */
  searchGrams?: SQL;
  /** The order of what a search finds (best matches first) when the caller names no sortColumn. */
  searchOrder?: (term: string) => SQL;
  /**
   * searchOrder as ranks: conditions, best first, disjoint and together the search, and the order
   * within every rank. A searched page is then the first rows of each rank (`rankedQuery`), each an
   * index walk or a small sort, instead of a sort of every row found, which a one-letter term
   * makes most of the table.
   */
  searchRanks?: { ranks: (term: string) => RankCondition[][]; order: SQL[] };
  /**
   * The rows a search term names exactly (a scanned barcode, a code), or undefined when the term
   * cannot be one. When it finds rows they are the first page's answer and the wider search is not run.
   */
  exactSearch?: (term: string) => SQL | undefined;
  /** Filters with their own meaning, keyed like columns: filter[key]=value. */
  filters?: Record<string, (value: string, ctx: Ctx) => SQL>;
  /**
   * The footer over the matching rows read once: `keys` (select expressions over `from`) are what
   * `totals` reads of each matching row, from `__matching`; `totals` is a select of one row with
   * `__total` (the count of matching rows) and a value (as text) for every `sum` column. A model
   * whose summed columns are correlated sub-queries per row (a party's balances) sums them here as
   * one aggregated join instead; it must give the same totals as summing the columns. A searched
   * page is then the first of those rows in the list's order, in the same statement: the footer
   * reads every matching row anyway, and a page read apart would walk the sort's index past every
   * row the search does not find (the oldest customers' mobiles, 40,000 rows, for the newest 20).
   */
  footer?: { keys: SQL; totals: SQL };
  /**
   * The FROM is costly and small once evaluated (a report's aggregate): evaluate it once, and take
   * the page, the count and the sums from that one result, in one statement.
   */
  evaluateOnce?: boolean;
  /**
   * Columns only some may read (a party's balances, `balance_view`): a caller without `permission`
   * is answered from `model`, the same list without them, their sums, sorts and filters.
   */
  guarded?: { permission: string; model: ListModel };
}

export type RawQuery = Record<string, unknown>;

export interface ParsedListQuery {
  search: string | undefined;
  page: number;
  perPage: number;
  paginate: boolean;
  sortColumn: string;
  sortDir: "asc" | "desc";
  /** The caller named the sortColumn (else the model's default or searchOrder applies). */
  sortChosen?: boolean;
  where: SQL;
  /** The conditions without the search: scope and filters. */
  filtersOnly: SQL;
  /**
   * `where` as index look-ups alone, when the search's grams say exactly which rows it finds (a
   * one- or two-letter term: `gramLookup`): for a statement that reads every matching row by
   * that index, each found row then costs no check of its text. Undefined otherwise.
   */
  lookup?: SQL;
  params: Record<string, unknown>;
}

const str = (v: unknown): string | undefined => {
  if (Array.isArray(v)) return str(v[v.length - 1]);
  return typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined;
};

const intParam = (raw: RawQuery, key: string, errors: Record<string, string[]>, min: number, max: number, fallback: number) => {
  const v = str(raw[key]);
  if (v === undefined || v === "") return fallback;
  if (!/^\d{1,9}$/.test(v)) {
    errors[key] = [`The ${key.replace(/_/g, " ")} must be an integer.`];
    return fallback;
  }
  const n = Number(v);
  if (n < min || n > max) errors[key] = [`The ${key.replace(/_/g, " ")} must be between ${min} and ${max}.`];
  return n;
};

/** SPEC's date filters as [start, end] (end inclusive), on the business's days (`platform/business-time.ts`). */
export { dateFilterRange } from "./business-time.js";

/**
 * `filter[date_between]=start,end` (or `filter[date_filter]=...`) → a checked range. A missing
 * start is 1900-01-01 and a missing end is now; an end not after the start answers 422. Dates are
 * the business's days (`TIME_ZONE`).
 */
export function parseDateRange(raw: RawQuery, now: Date, errors: Record<string, string[]>): [Date, Date] | undefined {
  const preset = str(raw["filter[date_filter]"]);
  if (preset && preset !== "DATE_PERIOD") {
    if (!(DATE_FILTERS as readonly string[]).includes(preset)) {
      errors["filter.date_filter"] = [`The date filter must be one of ${DATE_FILTERS.join(", ")}.`];
      return undefined;
    }
    return dateFilterRange(preset as DateFilter, now);
  }
  const between = str(raw["filter[date_between]"]);
  if (between === undefined || between === "") return undefined;
  const [a = "", b = ""] = between.split(",");
  const start = parseRangeBound(a.trim() || DEFAULT_START_DATE, false);
  const end = b.trim() ? parseRangeBound(b, true) : now;
  if (!start || !end) {
    errors["filter.date_between"] = ["The date between must be two dates in the format YYYY-MM-DD."];
    return undefined;
  }
  if (end.getTime() <= start.getTime()) {
    errors["filter.date_between"] = [MSG.endDateAfterStart];
    return undefined;
  }
  return [start, end];
}

const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;

export { escapeLike } from "./search.js";

const isSortable = (model: ListModel, key: string) => Object.hasOwn(model.columns, key) && model.columns[key]!.sortable !== false;

/** The columns a list may be sorted by: declared once, on the model. */
export const sortableColumns = (model: ListModel) => Object.keys(model.columns).filter((k) => isSortable(model, k));

export function parseListQuery(model: ListModel, raw: RawQuery, ctx: Ctx): ParsedListQuery {
  const errors: Record<string, string[]> = {};
  const paginate = str(raw.is_paginated) !== "0";
  const page = intParam(raw, "page", errors, 1, 1_000_000, 1);
  const perPage = intParam(raw, "per_page", errors, 1, MAX_PER_PAGE, DEFAULT_PAGE_SIZE);
  // A sort the model does not declare (an old bookmark, a hand-edited address) gives the default
  // order instead of an error page; the envelope's `params` says which order was used.
  const asked = str(raw.sortColumn);
  const sortChosen = asked !== undefined && isSortable(model, asked);
  const sortColumn = sortChosen ? asked : model.defaultSort || model.idColumn;
  const dirRaw = str(raw.sortDir);
  const sortDir = dirRaw === "asc" || dirRaw === "desc" ? dirRaw : (model.defaultDir ?? "desc");
  const search = str(raw.search)?.trim();
  if (search && search.length > 200) errors.search = ["The search may not be greater than 200 characters."];

  const conds: SQL[] = [];
  const scope = model.scope?.(ctx);
  if (scope) conds.push(scope);

  const searchConds: SQL[] = [];
  let lookup: SQL | undefined;
  if (search) {
    if (!model.search && model.searchText && model.searchGrams) lookup = gramLookup(model.searchGrams, search);
    if (model.search) searchConds.push(model.search(search));
    else if (model.searchText && model.searchGrams) searchConds.push(gramTextSearch(model.searchText, model.searchGrams, search));
    else if (model.searchText) searchConds.push(foldedTextSearch(model.searchText, search));
    else {
      const searched = Object.values(model.columns).filter((c) => c.search);
      if (searched.length)
        searchConds.push(
          foldedSearch(
            searched.map((c) => sql`(${c.expr})::text`),
            search,
          ),
        );
    }
  }

  const params: Record<string, unknown> = { search: search ?? "", page, per_page: perPage, sortColumn, sortDir };
  const filterParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    const m = /^filter\[([A-Za-z0-9_]{1,64})\]$/.exec(key);
    if (!m) {
      if (key.startsWith("filter")) errors[key.slice(0, 80)] = ["The filter is not allowed."];
      continue;
    }
    const field = m[1]!;
    const v = str(value);
    if (v === undefined) continue;
    filterParams[field] = v;
    if (field === "date_between" || field === "date_filter") continue;
    if (field === "amount_between") {
      if (!model.amountColumn) {
        errors["filter.amount_between"] = ["The filter amount between is not allowed."];
        continue;
      }
      const [a = "", b = ""] = v.split(",").map((x) => x.trim());
      if ((a && !DECIMAL.test(a)) || (b && !DECIMAL.test(b))) {
        errors["filter.amount_between"] = ["The amount between must be two numbers."];
        continue;
      }
      if (a) conds.push(sql`${model.amountColumn} >= ${a}::numeric`);
      if (b) conds.push(sql`${model.amountColumn} <= ${b}::numeric`);
      continue;
    }
    if (v === "") continue;
    const custom = model.filters && Object.hasOwn(model.filters, field) ? model.filters[field] : undefined;
    if (custom) {
      conds.push(custom(v, ctx));
      continue;
    }
    const c = Object.hasOwn(model.columns, field) ? model.columns[field] : undefined;
    if (!c?.filter) {
      errors[`filter.${field}`] = [`The filter ${field} is not allowed.`];
      continue;
    }
    if (c.filter === "eq") conds.push(sql`(${c.expr})::text = ${v}`);
    else if (c.filter === "like") conds.push(sql`(${c.expr})::text ilike ${`%${escapeLike(v)}%`}`);
    else if (c.filter === "in") {
      const vals = v
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean)
        .slice(0, 100);
      if (vals.length)
        conds.push(
          sql`(${c.expr})::text in (${sql.join(
            vals.map((x) => sql`${x}`),
            sql`, `,
          )})`,
        );
    } else if (c.filter === "bool") {
      if (!["1", "0", "true", "false"].includes(v)) errors[`filter.${field}`] = ["The filter must be true or false."];
      else conds.push(sql`(${c.expr}) = ${v === "1" || v === "true"}`);
    }
  }
  const range = parseDateRange(raw, ctx.now, errors);
  if (range) {
    if (!model.dateColumn) errors["filter.date_between"] = ["The filter date between is not allowed."];
    else conds.push(sql`${model.dateColumn} between ${range[0].toISOString()}::timestamptz and ${range[1].toISOString()}::timestamptz`);
  }
  if (Object.keys(errors).length) throw unprocessable(errors);
  params.filter = filterParams;
  return {
    search,
    page,
    perPage,
    paginate,
    sortColumn,
    sortDir,
    sortChosen,
    where: andAll([...conds, ...searchConds]),
    filtersOnly: andAll(conds),
    lookup: lookup && andAll([...conds, lookup]),
    params,
  };
}

/**
 * A condition of a rank (`rankedQuery`), or one whose rows lie anywhere in the order (an item code
 * by its start, read in name order): `sortIfFew` reads up to that many of its rows by whatever
 * index serves the condition first, and when those are all of them sorts them, where walking the
 * order's index would pass every row before them (28,000 names before the first of 1,111 codes
 * starting with "c42", since the planner takes the codes for spread evenly over the names).
 */
export type RankCondition = SQL | { cond: SQL; sortIfFew: number };

/** How many rows `sortIfFew` reads first, for an arm that asks for it. */
export const SORT_IF_FEW = 2000;

/**
 * The rows `columns` selects, ranked: those of the first rank, then the second's, ..., each rank by
 * `order`; `limit` rows after `offset`. A rank is one or several disjoint conditions, read apart
 * and merged. Each condition reads at most offset + limit rows by itself, in the order (an index
 * that keeps the order, or a sort of the few rows it finds), so a page of a search that finds most
 * of a table costs its first rows, not a sort of all. The rows carry `__rank` and `__o0`, `__o1`,
 * ... (the order's values, with their collation) beside the columns.
 */
export function rankedQuery(opts: {
  columns: SQL;
  from: SQL;
  where: SQL;
  ranks: RankCondition[][];
  order: SQL[];
  limit: number;
  offset: number;
}): SQL {
  const keys = opts.order.map((_, i) => sql.identifier(`__o${i}`));
  const orderValues = sql.join(
    opts.order.map((o, i) => sql`${o} as ${keys[i]}`),
    sql`, `,
  );
  const wanted = opts.limit + opts.offset;
  // Each arm is a CTE; an arm of a later rank runs only when the earlier ranks found fewer rows
  // than the page needs (a one-time filter the planner checks before the arm's scan), so a term
  // whose first rank fills the page never scans for the rows that merely contain it.
  const names: ReturnType<typeof sql.identifier>[] = [];
  const ctes: SQL[] = [];
  opts.ranks.forEach((rank, k) => {
    const before = [...names];
    rank.forEach((condition, j) => {
      const name = sql.identifier(`__r${k}_${j}`);
      const cond = "sortIfFew" in condition ? condition.cond : condition;
      const select = sql`select ${k}::int as __rank, ${orderValues}, ${opts.columns} ${opts.from}
              where ${opts.where} and ${cond}`;
      let arm = sql`${select} order by ${sql.join(opts.order, sql`, `)} limit ${wanted}`;
      if ("sortIfFew" in condition) {
        // Up to sortIfFew + 1 rows in no order (the planner reads them by the condition's index);
        // when there are no more, their first rows in the order, else the ordered walk.
        const few = sql.identifier(`__r${k}_${j}_few`);
        ctes.push(sql`${few} as materialized (${select} limit ${condition.sortIfFew + 1})`);
        const fewRows = sql`(select count(*) from ${few})`;
        arm = sql`(select * from ${few} where ${fewRows} <= ${condition.sortIfFew} order by ${sql.join(keys, sql`, `)} limit ${wanted})
          union all
          (select * from (${arm}) __walk where ${fewRows} > ${condition.sortIfFew})`;
      }
      // The count is a filter over the arm, not inside its WHERE: a sub-query there keeps the
      // planner from dropping the left joins of \`from\` that the arm does not read.
      const needed = before.length
        ? sql`select * from (${arm}) __arm where (select count(*) from (${sql.join(
            before.map((b) => sql`select 1 from ${b}`),
            sql` union all `,
          )}) __before) < ${wanted}`
        : arm;
      ctes.push(sql`${name} as (${needed})`);
      names.push(name);
    });
  });
  return sql`with ${sql.join(ctes, sql`, `)}
    select * from (${sql.join(
      names.map((n) => sql`select * from ${n}`),
      sql` union all `,
    )}) __ranked
    order by __rank, ${sql.join(keys, sql`, `)} limit ${opts.limit} offset ${opts.offset}`;
}

const andAll = (conds: SQL[]) => (conds.length ? sql.join(conds, sql` and `) : sql`true`);

export function selectList(model: ListModel): SQL {
  return sql.join(
    Object.entries(model.columns).map(([k, c]) => sql`${c.expr} as ${sql.identifier(k)}`),
    sql`, `,
  );
}

export function orderBy(model: ListModel, q: ParsedListQuery): SQL {
  const col = model.columns[q.sortColumn]!;
  const idCol = model.columns[model.idColumn]!;
  const dir = q.sortDir === "asc" ? sql`asc` : sql`desc`;
  if (q.search && model.searchOrder && !q.sortChosen) return sql`order by ${model.searchOrder(q.search)}, ${idCol.expr} ${dir}`;
  // PostgreSQL puts NULLs last ascending and first descending; only a column that may hold NULL
  // asks for them last descending, which an index on the column alone cannot give.
  const notNull = col.notNull || q.sortColumn === model.idColumn;
  const nulls = q.sortDir === "desc" && !notNull ? sql` nulls last` : sql``;
  return sql`order by ${col.sortExpr ?? col.expr} ${dir}${nulls}, ${idCol.expr} ${dir}`;
}

/**
 * Matching rows are counted exactly up to this many; beyond it the planner's estimate stands in
 * (flagged `total_estimated`), so that turning a page never counts a large table.
 */
export const EXACT_COUNT_LIMIT = 1000;

/** EXPLAIN's names: its one output column and a plan node's row estimate. */
const QUERY_PLAN = "QUERY PLAN";
const PLAN_ROWS = "Plan Rows";

/** The planner's row estimate for what a WHERE finds. */
async function estimateRows(db: DbOrTx, model: ListModel, where: SQL): Promise<number> {
  const res = await db.execute<Record<string, unknown>>(sql`explain (format json) select 1 ${model.from} where ${where}`);
  const raw = res.rows[0]?.[QUERY_PLAN];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: Record<string, number> }[];
  return Math.round(plan[0]?.Plan[PLAN_ROWS] ?? 0);
}

/**
 * Estimated totals of large lists, by list and filters, for a while: turning the pages of a list
 * of 100,000 rows, or coming back to it, sends the page's query alone instead of also counting a
 * thousand rows and planning the estimate each time. A total under EXACT_COUNT_LIMIT is never
 * kept: it is counted exactly on every page.
 */
const ESTIMATE_KEEP_MS = 30_000;
const ESTIMATES_MAX = 1000;
const estimatesByDb = new WeakMap<DbOrTx, Map<string, { total: number; at: number; generation: number }>>();
/**
 * Moves on with every write this process answers and every bulk change: an estimate kept before
 * is not used again, and one whose reading overlapped a write is not kept.
 */
let estimatesGeneration = 0;
const dialect = new PgDialect();

function estimatesOf(db: DbOrTx) {
  let estimates = estimatesByDb.get(db);
  if (!estimates) estimatesByDb.set(db, (estimates = new Map()));
  return estimates;
}

function keptEstimate(db: DbOrTx, key: string): number | undefined {
  const estimates = estimatesOf(db);
  const kept = estimates.get(key);
  if (kept && kept.generation === estimatesGeneration && Date.now() - kept.at < ESTIMATE_KEEP_MS) return kept.total;
  if (kept) estimates.delete(key);
  return undefined;
}

function keepEstimate(db: DbOrTx, key: string, total: number, generation: number) {
  if (generation !== estimatesGeneration) return;
  const estimates = estimatesOf(db);
  if (estimates.size >= ESTIMATES_MAX) estimates.clear();
  estimates.set(key, { total, at: Date.now(), generation });
}

/** Kept estimates are stale from now on (a write, a bulk change). */
export function forgetEstimates(): void {
  estimatesGeneration++;
}

/** Every write this process answers forgets the kept estimates before its answer leaves. */
export function forgetEstimatesOnWrites(app: FastifyInstance): void {
  app.addHook("onSend", (req, _reply, payload, done) => {
    if (req.method !== "GET" && req.method !== "HEAD" && req.method !== "OPTIONS") forgetEstimates();
    done(null, payload);
  });
}

/**
 * After a bulk change (an import of thousands of rows): the planner's statistics of `tables` are
 * brought up to date at once (ANALYZE) rather than when autovacuum comes round, so a large list's
 * estimated total is right on the next read, and the kept estimates are forgotten.
 */
export async function refreshEstimates(db: DbOrTx, tables: readonly string[]): Promise<void> {
  for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
  forgetEstimates();
}

/**
 * One page of rows (or all rows when is_paginated=0) with total, footer sums and hidden columns.
 * The page, the count and the hidden columns are independent queries, sent together.
 */
export async function runList<Row = Record<string, unknown>>(
  db: DbOrTx,
  model: ListModel,
  raw: RawQuery,
  ctx: Ctx,
): Promise<ListEnvelope<Row>> {
  const q = parseListQuery(model, raw, ctx);
  const sums = Object.entries(model.columns).filter(([, c]) => c.sum);
  if (model.evaluateOnce) return runListOnce<Row>(db, model, q, sums, ctx);
  const hidden = hiddenColumnsOf(db, ctx, model);
  // Awaited below on every path that does not throw first; a failure there is reported by that await.
  hidden.catch(() => {});
  const select = (where: SQL, order: SQL, limit: SQL) =>
    db.execute<Record<string, unknown>>(sql`select ${selectList(model)} ${model.from} where ${where} ${order} ${limit}`);
  const offset = q.paginate ? (q.page - 1) * q.perPage : 0;
  const limit = q.paginate ? sql`limit ${q.perPage} offset ${offset}` : sql``;

  const exact = q.search && q.page === 1 && !sums.length ? model.exactSearch?.(q.search) : undefined;
  if (exact) {
    const order = orderBy(model, { ...q, search: undefined });
    const found = await select(sql`${q.filtersOnly} and ${exact}`, order, sql`limit ${q.perPage}`);
    if (found.rows.length && found.rows.length < q.perPage) {
      return envelope(model, q, found.rows as Row[], { total: found.rows.length, estimated: false }, {}, await hidden);
    }
  }

  if (sums.length) {
    // The footer sums every matching row anyway; the exact count comes with it.
    if (model.footer) return runListFooter<Row>(db, model, q, sums, model.footer, hidden);
    const totals = sql.join(
      [sql`count(*)::int as __total`, ...sums.map(([k, c]) => sql`coalesce(sum(${c.expr}), 0)::text as ${sql.identifier(k)}`)],
      sql`, `,
    );
    const [totalRes, rows] = await Promise.all([
      db.execute<Record<string, unknown>>(sql`select ${totals} ${model.from} where ${q.where}`),
      select(q.where, orderBy(model, q), limit),
    ]);
    const totalRow = totalRes.rows[0] ?? {};
    const footer: Record<string, string> = {};
    for (const [k] of sums) footer[k] = String(totalRow[k] ?? "0");
    const count = { total: Number(totalRow.__total ?? 0), estimated: false };
    return envelope(model, q, rows.rows as Row[], count, footer, await hidden);
  }

  const ranked = q.search && q.paginate && model.searchRanks && !q.sortChosen ? model.searchRanks : undefined;
  const page = ranked
    ? () => {
        // The ranks find the page's ids; its columns are read for those rows alone.
        const idExpr = model.columns[model.idColumn]!.expr;
        const ids = rankedQuery({
          columns: sql`${idExpr} as __id`,
          from: model.from,
          // The ranks are together the search (ListModel.searchRanks): each arm reads its own
          // condition and the filters, so the planner estimates the arm by its condition alone
          // (the search and a rank, taken as independent, made a 10,000-row rank look like 117).
          where: q.filtersOnly,
          ranks: ranked.ranks(q.search!),
          order: ranked.order,
          limit: q.perPage,
          offset,
        });
        const keys = ranked.order.map((_, i) => sql`__page.${sql.identifier(`__o${i}`)}`);
        return db.execute<Record<string, unknown>>(
          sql`select ${selectList(model)} ${model.from} join (${ids}) __page on __page.__id = ${idExpr}
               order by __page.__rank, ${sql.join(keys, sql`, `)}`,
        );
      }
    : () => select(q.where, orderBy(model, q), limit);
  const where = q.paginate ? dialect.sqlToQuery(q.where) : undefined;
  const key = where && `${model.model}\u0000${where.sql}\u0000${JSON.stringify(where.params)}`;
  const kept = key ? keptEstimate(db, key) : undefined;
  const generation = estimatesGeneration;
  // The estimate is asked for alongside, not after the count finds many rows: planning is cheap,
  // and a second round trip would cost every large list more than it saves the small ones.
  const [rows, counted, estimate] = await Promise.all([
    page(),
    q.paginate && kept === undefined
      ? db.execute<{ n: number }>(
          sql`select count(*)::int as n from (select 1 ${model.from} where ${q.where} limit ${EXACT_COUNT_LIMIT + 1}) __matching`,
        )
      : undefined,
    q.paginate && kept === undefined ? estimateRows(db, model, q.where) : kept,
  ]);
  const n = rows.rows.length;
  let count = { total: offset + n, estimated: false };
  // A page past the last: the rows before it are not all there, so neither its position nor the
  // kept estimate says how many there are; they are counted.
  if (q.paginate && n === 0 && q.page > 1) {
    const all = await db.execute<{ n: number }>(sql`select count(*)::int as n ${model.from} where ${q.where}`);
    return envelope(model, q, [], { total: Number(all.rows[0]?.n ?? 0), estimated: false }, {}, await hidden);
  }
  // A short page past the first is the end of the rows: its position is the exact total.
  if (q.paginate && !(n < q.perPage && (n > 0 || q.page === 1))) {
    const upTo = kept === undefined ? (counted?.rows[0]?.n ?? 0) : EXACT_COUNT_LIMIT + 1;
    if (upTo <= EXACT_COUNT_LIMIT) count = { total: upTo, estimated: false };
    else {
      if (key && kept === undefined) keepEstimate(db, key, estimate ?? 0, generation);
      // At least the rows before this page, this page, and one more when it is full.
      const seen = offset + n + (n === q.perPage ? 1 : 0);
      count = { total: Math.max(estimate ?? 0, seen, EXACT_COUNT_LIMIT + 1), estimated: true };
    }
  }
  return envelope(model, q, rows.rows as Row[], count, {}, await hidden);
}

/**
 * runList for a model with a `footer`: the matching rows' keys are read once (`__matching`) and
 * the totals taken from them. A searched page comes in the same statement, as the first matching
 * rows in the list's order (their ids and sort values are read with the keys); an unsearched one
 * is read apart, alongside, as the first rows of the sort's index.
 */
async function runListFooter<Row>(
  db: DbOrTx,
  model: ListModel,
  q: ParsedListQuery,
  sums: [string, ListColumn][],
  footerSpec: { keys: SQL; totals: SQL },
  hidden: Promise<string>,
): Promise<ListEnvelope<Row>> {
  const readFooter = (res: { rows: Record<string, unknown>[] }) => {
    const totalRow = res.rows[0] ?? {};
    const footer: Record<string, string> = {};
    for (const [k] of sums) footer[k] = String(totalRow[k] ?? "0");
    return { footer, count: { total: Number(totalRow.__total ?? 0), estimated: false } };
  };
  const offset = q.paginate ? (q.page - 1) * q.perPage : 0;
  const limit = q.paginate ? sql`limit ${q.perPage} offset ${offset}` : sql``;
  const byOrder = q.search && !(model.searchOrder && !q.sortChosen);
  if (!byOrder) {
    const [totalRes, rows] = await Promise.all([
      db.execute<Record<string, unknown>>(
        sql`with __matching as materialized (select ${footerSpec.keys} ${model.from} where ${q.where}) ${footerSpec.totals}`,
      ),
      db.execute<Record<string, unknown>>(sql`select ${selectList(model)} ${model.from} where ${q.where} ${orderBy(model, q)} ${limit}`),
    ]);
    const { footer, count } = readFooter(totalRes);
    return envelope(model, q, rows.rows as Row[], count, footer, await hidden);
  }
  const col = model.columns[q.sortColumn]!;
  const idExpr = model.columns[model.idColumn]!.expr;
  const dir = q.sortDir === "asc" ? sql`asc` : sql`desc`;
  const notNull = col.notNull || q.sortColumn === model.idColumn;
  const nulls = q.sortDir === "desc" && !notNull ? sql` nulls last` : sql``;
  const order = (t: string) => sql`order by ${sql.identifier(t)}.__sort ${dir}${nulls}, ${sql.identifier(t)}.__id ${dir}`;
  const res = await db.execute<Record<string, unknown>>(sql`
    with __matching as materialized (select ${idExpr} as __id, ${col.sortExpr ?? col.expr} as __sort, ${footerSpec.keys} ${model.from} where ${q.lookup ?? q.where}),
         __page as (select __m.__id, __m.__sort from __matching __m ${order("__m")} ${limit})
    select row_to_json(__totals) as __footer, __rows.* from (${footerSpec.totals}) __totals
      left join lateral (select ${selectList(model)}, true as __row, __page.__id as __id, __page.__sort as __sort
                           ${model.from} join __page on __page.__id = ${idExpr}) __rows on true
     ${order("__rows")}`);
  // The totals come as one JSON value: their names are the summed columns', which the page's rows hold too.
  const { footer, count } = readFooter({ rows: [(res.rows[0]?.__footer ?? {}) as Record<string, unknown>] });
  const keys = Object.keys(model.columns);
  const data = res.rows.filter((r) => r.__row === true).map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])) as Row);
  return envelope(model, q, data, count, footer, await hidden);
}

const hiddenColumnsOf = (db: DbOrTx, ctx: Ctx, model: ListModel) => {
  if (!ctx.user) return Promise.resolve("");
  if (ctx.user.hidden_columns) return Promise.resolve(ctx.user.hidden_columns[model.model] ?? "");
  return hiddenColumns(db, ctx.user.user_id, model.model);
};

/** The list envelope (SPEC §7) around one page of rows. */
function envelope<Row>(
  model: ListModel,
  q: ParsedListQuery,
  data: Row[],
  count: { total: number; estimated: boolean },
  footer: Record<string, string>,
  hidden: string,
): ListEnvelope<Row> {
  const { total } = count;
  const perPage = q.paginate ? q.perPage : Math.max(total, 1);
  return {
    data,
    total,
    total_estimated: count.estimated,
    per_page: perPage,
    current_page: q.paginate ? q.page : 1,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    footer,
    params: q.params,
    model: model.model,
    sortable: sortableColumns(model),
    hidden_columns: hidden,
  };
}

/** runList for a model whose FROM is evaluated once: the rows are materialised, then counted, summed and paged. */
async function runListOnce<Row>(
  db: DbOrTx,
  model: ListModel,
  q: ParsedListQuery,
  sums: [string, ListColumn][],
  ctx: Ctx,
): Promise<ListEnvelope<Row>> {
  const col = (k: string) => sql`__rows.${sql.identifier(k)}`;
  const totals = sql.join(
    [sql`count(*)::int as __total`, ...sums.map(([k]) => sql`coalesce(sum(${col(k)}), 0)::text as ${sql.identifier(`__sum_${k}`)}`)],
    sql`, `,
  );
  const dir = q.sortDir === "asc" ? sql`asc` : sql`desc`;
  const order = (t: string) =>
    sql`order by ${sql.identifier(t)}.${sql.identifier(q.sortColumn)} ${dir} nulls last, ${sql.identifier(t)}.${sql.identifier(model.idColumn)} ${dir}`;
  const limit = q.paginate ? sql`limit ${q.perPage} offset ${(q.page - 1) * q.perPage}` : sql``;
  const res = await db.execute<Record<string, unknown>>(sql`
    with __rows as materialized (select ${selectList(model)} ${model.from} where ${q.where}),
         __totals as (select ${totals} from __rows)
    select __totals.*, __page.* from __totals
      left join lateral (select __rows.*, true as __row from __rows ${order("__rows")} ${limit}) __page on true
     ${order("__page")}`);
  const first = res.rows[0] ?? {};
  const total = Number(first.__total ?? 0);
  const footer: Record<string, string> = {};
  for (const [k] of sums) footer[k] = String(first[`__sum_${k}`] ?? "0");
  const keys = Object.keys(model.columns);
  const data = res.rows.filter((r) => r.__row === true).map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])) as Row);
  return envelope(model, q, data, { total, estimated: false }, footer, await hiddenColumnsOf(db, ctx, model));
}

export async function hiddenColumns(db: DbOrTx, userId: number, model: string): Promise<string> {
  const [row] = await db
    .select({ columns: modelHiddenColumns.columns })
    .from(modelHiddenColumns)
    .where(and(eq(modelHiddenColumns.user_id, userId), eq(modelHiddenColumns.model, model)));
  return row?.columns ?? "";
}
