import { createHash } from "node:crypto";
import type { AuditChainResult, ChainMismatchReason } from "@app/contracts";
import type pg from "pg";

/** The hash before the chain's first row. */
export const GENESIS_HASH = "0".repeat(64);

/**
 * Why verification stopped at a row (`ChainMismatchReason`):
 * - `content_changed`: the row's hash is not the hash of its content (a field was changed);
 * - `row_missing_before`: its place in the chain is not the one after the row before it (a row was deleted);
 * - `link_broken`: its prev_hash is not the hash of the row before it (a row was inserted, deleted or moved);
 * - `not_linked`: a committed row that is not in the chain at all (written with the triggers off);
 * - `head_mismatch`: the chain's head names another last row or hash (the rows at the end were deleted).
 */
export type { AuditChainResult as ChainResult, ChainMismatchReason };

/** One audit row as text, exactly as its canonical content is built from it. */
interface ChainRow {
  id: string;
  chain_seq: string;
  prev_hash: string | null;
  hash: string | null;
  module: string;
  action: string;
  record_id: string | null;
  user_id: string | null;
  ip: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

const str = (v: string | null) => (v === null ? "null" : JSON.stringify(v));

/**
 * A row's canonical content, the text its hash covers (the SQL function `audit_canonical` builds
 * the same): a JSON object with the keys in this order and no spaces between them,
 * `{"id":N,"module":"…","action":"…","record_id":"…"|null,"user_id":N|null,"ip":"…"|null,
 * "before":J|null,"after":J|null,"created_at":"YYYY-MM-DDTHH:MM:SS.ffffffZ"}`, where strings are
 * JSON strings, `ip` is PostgreSQL's `abbrev(inet)`, `before` and `after` are PostgreSQL's jsonb
 * text (its key order and spacing), and `created_at` is UTC with microseconds.
 * A row's hash is the hex SHA-256 of the UTF-8 bytes of `prev_hash` followed by that text.
 */
export const canonicalOf = (r: Omit<ChainRow, "chain_seq" | "prev_hash" | "hash">): string =>
  `{"id":${r.id},"module":${str(r.module)},"action":${str(r.action)},"record_id":${str(r.record_id)},"user_id":${r.user_id ?? "null"},` +
  `"ip":${str(r.ip)},"before":${r.before ?? "null"},"after":${r.after ?? "null"},"created_at":"${r.created_at}"}`;

export const rowHash = (prev: string, canonical: string): string =>
  createHash("sha256")
    .update(prev + canonical, "utf8")
    .digest("hex");

const CHAIN_COLUMNS = `id::text, chain_seq::text, prev_hash, hash, module, action, record_id, user_id::text, abbrev(ip) as ip,
  before::text, after::text, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at`;

/**
 * Walks the audit chain in its order (chain_seq), `chunk` rows a query (keyset, never the whole
 * table at once), recomputing every hash, and compares its end with the head. Run inside one
 * REPEATABLE READ snapshot: `client` is begun and ended here unless `inSnapshot` says the caller
 * holds one already (a backup's own snapshot, so that the head it records is the file's).
 */
export async function verifyChain(client: pg.ClientBase, opts: { chunk?: number; inSnapshot?: boolean } = {}): Promise<AuditChainResult> {
  const chunk = opts.chunk ?? 5000;
  if (!opts.inSnapshot) await client.query("begin isolation level repeatable read read only");
  try {
    const result = await walk(client, chunk);
    if (!opts.inSnapshot) await client.query("commit");
    return result;
  } catch (e) {
    if (!opts.inSnapshot) await client.query("rollback").catch(() => {});
    throw e;
  }
}

async function walk(client: pg.ClientBase, chunk: number): Promise<AuditChainResult> {
  const headRow = (
    await client.query<{ seq: string; audit_id: string | null; hash: string }>(
      "select seq::text, audit_id::text, hash from audit_chain_head where id = 1",
    )
  ).rows[0];
  const head = { id: headRow?.audit_id == null ? null : Number(headRow.audit_id), hash: headRow?.hash ?? GENESIS_HASH };
  const fail = (rows: number, id: number, reason: ChainMismatchReason): AuditChainResult => ({
    ok: false,
    rows_checked: rows,
    head,
    first_mismatch: { id, reason },
  });
  let prev = GENESIS_HASH;
  let seq = 0;
  let lastId: number | null = null;
  for (;;) {
    const rows = (
      await client.query<ChainRow>(`select ${CHAIN_COLUMNS} from audit_logs a where a.chain_seq > $1 order by a.chain_seq limit $2`, [
        seq,
        chunk,
      ])
    ).rows;
    for (const r of rows) {
      const id = Number(r.id);
      if (Number(r.chain_seq) !== seq + 1) return fail(seq, id, "row_missing_before");
      if (r.prev_hash !== prev) return fail(seq, id, "link_broken");
      const h = rowHash(prev, canonicalOf(r));
      if (r.hash !== h) return fail(seq, id, "content_changed");
      prev = h;
      seq++;
      lastId = id;
    }
    if (rows.length < chunk) break;
  }
  const unlinked = (await client.query<{ id: string | null }>("select min(id)::text as id from audit_logs where chain_seq is null")).rows[0]
    ?.id;
  if (unlinked != null) return fail(seq, Number(unlinked), "not_linked");
  if (!headRow || Number(headRow.seq) !== seq || headRow.hash !== prev || head.id !== lastId)
    return fail(seq, head.id ?? lastId ?? 0, "head_mismatch");
  return { ok: true, rows_checked: seq, head, first_mismatch: null };
}
