import { spawn } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";
import { writeAudit } from "../../platform/audit.js";
import { canonicalOf, GENESIS_HASH, rowHash, verifyChain } from "./audit-chain.js";

let t: TestApp;
let pool: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
});
afterAll(() => t.close());

const q = async <R extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await pool.query<R>(text, params)).rows;
const verify = async () => {
  const c = await pool.connect();
  try {
    return await verifyChain(c, { chunk: 7 });
  } finally {
    c.release();
  }
};
/** As the database's owner would, with the guard off: what the chain must reveal. */
async function tamper(statements: string[], params: unknown[][] = []) {
  const c = await pool.connect();
  try {
    await c.query("begin");
    await c.query("alter table audit_logs disable trigger user");
    for (const [i, s] of statements.entries()) await c.query(s, params[i] ?? []);
    await c.query("alter table audit_logs enable trigger user");
    await c.query("commit");
  } catch (e) {
    await c.query("rollback");
    throw e;
  } finally {
    c.release();
  }
}

describe("the audit log's hash chain", () => {
  it("links the rows from before it, from row 1 on, and every new one at its commit", async () => {
    const [first] = await q<{ chain_seq: string; prev_hash: string; id: string }>(
      "select chain_seq::text, prev_hash, id::text from audit_logs a order by a.id limit 1",
    );
    if (first) expect(first).toMatchObject({ chain_seq: "1", prev_hash: GENESIS_HASH });
    const before = await verify();
    expect(before).toMatchObject({ ok: true, first_mismatch: null });
    await t.database.db.transaction(async (tx) => {
      await writeAudit(tx, { module: "units", action: "create", record_id: 7, user_id: 1, ip: "10.0.0.7", after: { a: 1 } });
      // Not linked before the commit: the chain's place is taken as late as possible.
      const inside = await tx.execute<{ hash: string | null }>(sql`select hash from audit_logs order by id desc limit 1`);
      expect(inside.rows[0]!.hash).toBeNull();
      await writeAudit(tx, { module: "units", action: "update", record_id: 7, user_id: 1, ip: null, before: { a: 1 }, after: { a: 2 } });
    });
    const last = await q<{ id: string; chain_seq: string; prev_hash: string; hash: string }>(
      "select id::text, chain_seq::text, prev_hash, hash from audit_logs a order by a.chain_seq desc limit 2",
    );
    expect(last[0]!.prev_hash).toBe(last[1]!.hash);
    expect(Number(last[0]!.id)).toBeGreaterThan(Number(last[1]!.id));
    const after = await verify();
    expect(after).toMatchObject({
      ok: true,
      rows_checked: before.rows_checked + 2,
      head: { id: Number(last[0]!.id), hash: last[0]!.hash },
    });
  });

  it("links a transaction of many rows at its commit, in id order, moving the head once", async () => {
    const before = await verify();
    const started = Date.now();
    await q(
      "insert into audit_logs (module, action, record_id, after) select 'items', 'update', i::text, jsonb_build_object('price', i) from generate_series(1, 3000) i",
    );
    // Linear: a head moved once per row made this quadratic (minutes for 100,000 rows).
    expect(Date.now() - started).toBeLessThan(20_000);
    const [run] = await q<{ n: number; bad: number }>(
      `select count(*)::int as n, count(*) filter (where step <> 1)::int as bad from (
         select chain_seq - lag(chain_seq) over (order by id) as step from audit_logs where chain_seq > $1) s`,
      [before.rows_checked],
    );
    expect(run).toEqual({ n: 3000, bad: 0 });
    expect(await verify()).toMatchObject({ ok: true, rows_checked: before.rows_checked + 3000 });
  });

  it("hashes the same canonical text in SQL and in the verifier, whatever the content", async () => {
    await t.database.db.transaction(async (tx) => {
      await writeAudit(tx, {
        module: "items",
        action: "update",
        record_id: 'x"y\\z\n\t\u0001 ١٢٣ کوردی',
        user_id: null,
        ip: "2001:db8::1",
        before: { price: "1.50", n: 1.5, big: 2 ** 60, arr: [1, "two", null, { é: true }], "": "" },
        after: { emoji: "🧾", nested: { z: 1, a: [] } },
      });
    });
    const [row] = await q<Record<string, string | null>>(
      `select audit_canonical(a) as sql_canonical, id::text, chain_seq::text, prev_hash, hash, module, action, record_id, user_id::text,
              abbrev(ip) as ip, before::text, after::text,
              to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at
         from audit_logs a order by a.id desc limit 1`,
    );
    const canonical = canonicalOf(row as never);
    expect(canonical).toBe(row!.sql_canonical);
    expect(JSON.parse(canonical)).toMatchObject({ module: "items", ip: "2001:db8::1", user_id: null });
    expect(rowHash(row!.prev_hash!, canonical)).toBe(row!.hash);
  });

  it("refuses to change or delete an audit row", async () => {
    await expect(q("update audit_logs set action = 'x' where id = (select max(id) from audit_logs)")).rejects.toMatchObject({
      code: "42501",
    });
    await expect(q("delete from audit_logs where id = (select max(id) from audit_logs)")).rejects.toMatchObject({ code: "42501" });
    await expect(q("update audit_logs set hash = null where id = (select max(id) from audit_logs)")).rejects.toMatchObject({
      code: "42501",
    });
    // A writer cannot choose a row's place or hash: the insert's are replaced, then linked at commit.
    await q("insert into audit_logs (module, action, chain_seq, prev_hash, hash) values ('units', 'create', 999999, 'x', 'y')");
    const [row] = await q<{ chain_seq: string; hash: string }>("select chain_seq::text, hash from audit_logs a order by a.id desc limit 1");
    expect(row!.chain_seq).not.toBe("999999");
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await verify()).ok).toBe(true);
  });

  it("has no fork and no gap when 16 clients write audited changes at once", async () => {
    const before = await verify();
    const { rows_checked: n0 } = before;
    const results = await Promise.all(
      Array.from({ length: 16 }, async (_, c) => {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) {
          const res = await t.api("POST", "/api/units", { body: { unit_name: `Chain ${c}-${i}` } });
          statuses.push(res.status);
          // And transactions of several rows each, straight on the pool.
          const client = await pool.connect();
          try {
            await client.query("begin");
            for (let k = 0; k < 3; k++)
              await client.query("insert into audit_logs (module, action, record_id, after) values ('units', 'update', $1, $2)", [
                `${c}-${i}-${k}`,
                JSON.stringify({ k }),
              ]);
            await client.query("commit");
            statuses.push(200);
          } catch (e) {
            await client.query("rollback");
            statuses.push(500);
            throw e;
          } finally {
            client.release();
          }
        }
        return statuses;
      }),
    );
    const all = results.flat();
    expect(all.filter((s) => s >= 300)).toEqual([]);
    const after = await verify();
    expect(after).toMatchObject({ ok: true, first_mismatch: null });
    const units = await q<{ n: number }>(
      "select count(*)::int as n from audit_logs where module = 'units' and action = 'create' and after->>'unit_name' like 'Chain %'",
    );
    expect(units[0]!.n).toBe(64);
    expect(after.rows_checked).toBe(n0 + 64 + 16 * 4 * 3);
    const [shape] = await q<{ n: number; seqs: number; prevs: number; max: number; unlinked: number }>(
      `select count(*)::int as n, count(distinct chain_seq)::int as seqs, count(distinct prev_hash)::int as prevs,
              max(chain_seq)::int as max, count(*) filter (where chain_seq is null)::int as unlinked from audit_logs`,
    );
    expect(shape).toEqual({
      n: after.rows_checked,
      seqs: after.rows_checked,
      prevs: after.rows_checked,
      max: after.rows_checked,
      unlinked: 0,
    });
    // A transaction's rows follow one another in the chain, in id order.
    const [run] = await q<{ bad: number }>(
      `select count(*)::int as bad from (
         select record_id, chain_seq - lag(chain_seq) over (partition by split_part(record_id, '-', 1), split_part(record_id, '-', 2) order by id) as step
           from audit_logs where module = 'units' and action = 'update' and record_id ~ '^[0-9]+-[0-9]+-[0-9]$') s
        where step is not null and step <> 1`,
    );
    expect(run!.bad).toBe(0);
  });

  it("names the row whose field was changed, the row after a deleted one and a row inserted outside the chain", async () => {
    const rows = await q<{ id: string }>("select id::text from audit_logs a order by a.chain_seq");
    expect(rows.length).toBeGreaterThan(10);
    const changed = Number(rows[5]!.id);
    const [orig] = await q<{ action: string }>("select action from audit_logs where id = $1", [changed]);
    await tamper(["update audit_logs set action = 'harmless' where id = $1"], [[changed]]);
    expect(await verify()).toMatchObject({ ok: false, rows_checked: 5, first_mismatch: { id: changed, reason: "content_changed" } });
    await tamper(["update audit_logs set action = $2 where id = $1"], [[changed, orig!.action]]);
    expect((await verify()).ok).toBe(true);

    // Deleted: the row after it no longer follows its predecessor.
    const deleted = Number(rows[8]!.id);
    const [saved] = await q<{ row: string }>("select row_to_json(a)::text as row from audit_logs a where id = $1", [deleted]);
    await tamper(["delete from audit_logs where id = $1"], [[deleted]]);
    expect(await verify()).toMatchObject({
      ok: false,
      rows_checked: 8,
      first_mismatch: { id: Number(rows[9]!.id), reason: "row_missing_before" },
    });
    // Deleted and the places renumbered: the link gives it away.
    // (Through negative places: the unique index is checked row by row.)
    await tamper([
      "update audit_logs set chain_seq = -(chain_seq - 1) where chain_seq > 9",
      "update audit_logs set chain_seq = -chain_seq where chain_seq < 0",
    ]);
    expect((await verify()).first_mismatch).toEqual({ id: Number(rows[9]!.id), reason: "link_broken" });
    await tamper([
      "update audit_logs set chain_seq = -(chain_seq + 1) where chain_seq >= 9",
      "update audit_logs set chain_seq = -chain_seq where chain_seq < 0",
    ]);
    await tamper(["insert into audit_logs select * from json_populate_record(null::audit_logs, $1::json)"], [[saved!.row]]);
    expect((await verify()).ok).toBe(true);

    // Inserted with the triggers off: in no place of the chain.
    await tamper(["insert into audit_logs (module, action, record_id) values ('users', 'delete', '1')"]);
    const [inserted] = await q<{ id: string }>("select max(id)::text as id from audit_logs");
    expect(await verify()).toMatchObject({ ok: false, first_mismatch: { id: Number(inserted!.id), reason: "not_linked" } });
    await tamper(["delete from audit_logs where id = $1"], [[inserted!.id]]);
    // Inserted with a forged place at the end: the head does not name it.
    await tamper([
      `insert into audit_logs (module, action, chain_seq, prev_hash, hash)
       select 'users', 'delete', max(chain_seq) + 1, (select hash from audit_chain_head), repeat('a', 64) from audit_logs`,
    ]);
    const forged = Number((await q<{ id: string }>("select max(id)::text as id from audit_logs"))[0]!.id);
    expect((await verify()).first_mismatch).toEqual({ id: forged, reason: "content_changed" });
    await tamper(["delete from audit_logs where id = $1"], [[forged]]);
    // The last rows deleted: the head still names the last one.
    const head = await verify();
    expect(head.ok).toBe(true);
    const [tail] = await q<{ row: string }>("select row_to_json(a)::text as row from audit_logs a where id = $1", [head.head.id]);
    await tamper(["delete from audit_logs where id = $1"], [[head.head.id]]);
    expect((await verify()).first_mismatch).toEqual({ id: head.head.id, reason: "head_mismatch" });
    await tamper(["insert into audit_logs select * from json_populate_record(null::audit_logs, $1::json)"], [[tail!.row]]);
    expect((await verify()).ok).toBe(true);
  });
});

describe("verifying the chain", () => {
  it("is POST /api/model_loges/verify, for model_loges/verify only", async () => {
    const reader = await t.userWith(["model_loges/users_log"]);
    expect((await t.api("POST", "/api/model_loges/verify", { token: reader.token })).status).toBe(403);
    const verifier = await t.userWith(["model_loges/verify"]);
    const res = await t.api("POST", "/api/model_loges/verify", { token: verifier.token });
    expect(res.status).toBe(200);
    const [head] = await q<{ audit_id: string; hash: string; seq: string }>("select audit_id::text, hash, seq::text from audit_chain_head");
    expect(res.body.data).toEqual({
      ok: true,
      rows_checked: Number(head!.seq),
      head: { id: Number(head!.audit_id), hash: head!.hash },
      first_mismatch: null,
    });
  });

  it("is `npm run audit:verify`: the result printed, exit code 1 on a mismatch", async () => {
    const run = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ["--import", "tsx", "src/audit-verify-cli.ts"], {
          cwd: path.resolve(import.meta.dirname, "../../.."),
          env: { ...process.env, DATABASE_URL: pool.options.connectionString!, LOG_LEVEL: "silent" },
        });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.stderr.on("data", (d) => (out += d));
        child.on("close", (code) => resolve({ code, out }));
      });
    const ok = await run();
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain('"ok": true');
    const [row] = await q<{ id: string; record_id: string | null }>(
      "select id::text, record_id from audit_logs a order by a.chain_seq offset 3 limit 1",
    );
    await tamper(["update audit_logs set record_id = 'elsewhere' where id = $1"], [[row!.id]]);
    try {
      const bad = await run();
      expect(bad.code, bad.out).toBe(1);
      expect(bad.out).toContain(`"id": ${row!.id}`);
      expect(bad.out).toContain("content_changed");
    } finally {
      await tamper(["update audit_logs set record_id = $2 where id = $1"], [[row!.id, row!.record_id]]);
    }
    expect((await verify()).ok).toBe(true);
    // Two processes started through tsx: seconds on a quiet machine, past a minute on a loaded one.
  }, 150_000);
});
