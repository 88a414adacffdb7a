import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { MIGRATIONS_DIR } from "../../db/migrate.js";

/** One table of the public schema: its stored (not generated) columns and an order that makes its copy repeatable. */
export interface TableShape {
  name: string;
  columns: string[];
  orderBy: string[];
}

export interface MigrationVersion {
  /** The migration's file name without `.sql`, e.g. `0020_account_codes_ledger_index`. */
  tag: string;
  /** drizzle-kit's timestamp of the migration, the order the migrator follows. */
  when: number;
}

export interface TrialBalanceTotals {
  debit: string;
  credit: string;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const ident = quoteIdent;

/** The committed migrations, in order (drizzle-kit's journal). */
export function migrationJournal(): MigrationVersion[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as { entries: MigrationVersion[] };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

export function productVersion(): string {
  return (JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "../package.json"), "utf8")) as { version: string }).version;
}

/** The last migration applied to the database the client is on. */
export async function appliedMigration(client: pg.ClientBase): Promise<MigrationVersion> {
  const r = await client.query<{ created_at: string }>(
    "select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1",
  );
  const when = Number(r.rows[0]?.created_at);
  const found = migrationJournal().find((m) => m.when === when);
  if (!found) throw new Error(`The database's last migration (${when}) is not one this version knows.`);
  return found;
}

/**
 * The public schema's tables in an order where every table comes after the tables its foreign
 * keys point at (a table pointing at itself keeps its own order: its rows' checks run at the end
 * of the copy). `system_config` comes first: triggers of other tables read it.
 */
/**
 * Tables a backup leaves out: `jobs` is the work the processes are doing now (a backup's own job
 * among them, still running), not the business's data; a restore keeps the running restore's job.
 */
export const NOT_BACKED_UP = ["jobs"];

export async function tableShapes(client: pg.ClientBase): Promise<TableShape[]> {
  const cols = await client.query<{ table: string; column: string; pk: boolean }>(
    `
    select c.relname as table, a.attname as column,
           coalesce(a.attnum = any(i.indkey::int2[]), false) as pk
      from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      left join pg_index i on i.indrelid = c.oid and i.indisprimary
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       and c.relname not in (select unnest($1::text[]))
     order by c.relname, a.attnum`,
    [NOT_BACKED_UP],
  );
  const fks = await client.query<{ child: string; parent: string }>(`
    select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
     where k.contype = 'f' and k.connamespace = 'public'::regnamespace and k.conrelid <> k.confrelid`);
  const shapes = new Map<string, TableShape>();
  for (const r of cols.rows) {
    const s = shapes.get(r.table) ?? { name: r.table, columns: [], orderBy: [] };
    s.columns.push(r.column);
    if (r.pk) s.orderBy.push(r.column);
    shapes.set(r.table, s);
  }
  for (const s of shapes.values()) if (s.orderBy.length === 0) s.orderBy = [...s.columns];
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of fks.rows) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  const names = [...shapes.keys()].sort((a, b) => (a === "system_config" ? -1 : b === "system_config" ? 1 : a.localeCompare(b)));
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const next = names.find((n) => !placed.has(n) && [...(parents.get(n) ?? [])].every((p) => placed.has(p) || !shapes.has(p)));
    if (!next) throw new Error("The tables' foreign keys form a cycle; they cannot be copied one after another.");
    placed.add(next);
    ordered.push(shapes.get(next)!);
  }
  return ordered;
}

/** `COPY (select ... order by key) TO STDOUT`: the same rows always give the same bytes. */
export const copyOutSql = (t: TableShape) =>
  `copy (select ${t.columns.map(quoteIdent).join(", ")} from ${quoteIdent(t.name)} order by ${t.orderBy.map(quoteIdent).join(", ")}) to stdout`;

export const copyInSql = (t: TableShape) => `copy ${quoteIdent(t.name)} (${t.columns.map(quoteIdent).join(", ")}) from stdin`;

/** Every posted line summed in the system currency: a restored ledger must give the same two figures. */
export async function trialBalanceTotals(client: pg.ClientBase): Promise<TrialBalanceTotals> {
  const r = await client.query<TrialBalanceTotals>(
    "select coalesce(sum(sys_debit), 0)::text as debit, coalesce(sum(sys_credit), 0)::text as credit from journal_lines",
  );
  return r.rows[0]!;
}

export async function rowCounts(client: pg.ClientBase, tables: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = Number((await client.query(`select count(*) as n from ${quoteIdent(t)}`)).rows[0].n);
  return out;
}

export const sha256 = () => createHash("sha256");
