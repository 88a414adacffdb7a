import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { inTx } from "./http.js";
import { setBackupSource } from "./operations.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: "metrics-token-of-this-test" });
});
afterAll(() => t.close());

const scrape = async (opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) => {
  const res = await t.app.inject({ method: "GET", url: "/metrics", ...opts });
  return { status: res.statusCode, type: String(res.headers["content-type"]), text: res.body };
};
const family = (text: string, name: string) => {
  const found = parsePrometheusTextFormat(text).find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in the metrics`);
  return found;
};

/**
 * One labelled series of a histogram. The parser reads histograms as prom2json did, without labels
 * but `le` (it folds every series into one): it is given that series alone, its labels taken off.
 */
const histogramOf = (text: string, name: string, labels: string) => {
  const lines = text
    .split("\n")
    .filter((l) => l.startsWith(`# HELP ${name} `) || l.startsWith(`# TYPE ${name} `) || (l.startsWith(`${name}_`) && l.includes(labels)))
    .map((l) => l.replace(labels, "").replace(",}", "}").replace("{}", ""));
  const [series, ...more] = family(`${lines.join("\n")}\n`, name).metrics;
  expect(more).toEqual([]);
  return series!;
};

describe("health, readiness and metrics", () => {
  it("/health and /ready answer JSON, not the web app", async () => {
    const health = await t.api("GET", "/health", { token: null });
    expect(health.status).toBe(200);
    expect(health.headers["content-type"]).toMatch(/application\/json/);
    expect(health.body).toMatchObject({ status: "ok" });
    const ready = await t.api("GET", "/ready", { token: null });
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready", database: "ok", migrations: "applied" });
  });

  it("/ready answers 503 while a migration of this version is missing from the database", async () => {
    const [newest] = (
      await t.database.db.execute<{ id: number; hash: string; created_at: string }>(
        sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at::text`,
      )
    ).rows;
    try {
      const ready = await t.api("GET", "/ready", { token: null });
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: "not_ready", database: "ok", migrations: "pending" });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at}::bigint)`,
      );
    }
    expect((await t.api("GET", "/ready", { token: null })).status).toBe(200);
  });

  it("/metrics: Prometheus text with latency per route, posting and deadlock retries, the pool and the backup age", async () => {
    for (let i = 0; i < 3; i++) expect((await t.api("GET", "/api/currencies/list")).status).toBe(200);
    // A posting that meets a deadlock twice and a serialization failure once, then commits.
    const conflicts = ["40P01", "40001", "40P01"];
    const req = { user: null, ip: "127.0.0.1" } as unknown as FastifyRequest;
    const saved = await inTx(t.app, req, async (ctx) => {
      await ctx.tx.execute(sql`select 1`);
      const code = conflicts.shift();
      if (code) throw Object.assign(new Error("conflict"), { cause: Object.assign(new Error("server"), { code }) });
      return "saved";
    });
    expect(saved).toBe("saved");
    let latest: Date | null = null;
    setBackupSource(t.app, async () => latest);

    const m = await scrape();
    expect(m.status).toBe(200);
    expect(m.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(family(m.text, "http_request_duration_seconds").type).toBe("HISTOGRAM");
    const currencies = histogramOf(m.text, "http_request_duration_seconds", 'method="GET",route="/api/currencies/list",status_code="200"');
    expect(Number(currencies.count)).toBe(3);
    expect(Object.keys(currencies.buckets ?? {})).toEqual([
      "1",
      "5",
      "10",
      "0.005",
      "0.01",
      "0.025",
      "0.05",
      "0.1",
      "0.25",
      "0.5",
      "2.5",
      "+Inf",
    ]);
    expect(Number(currencies.buckets?.["+Inf"])).toBe(3);
    expect(Number(currencies.sum)).toBeGreaterThan(0);

    const retries = family(m.text, "souq_posting_retries_total");
    expect(retries.type).toBe("COUNTER");
    const byReason = Object.fromEntries(retries.metrics.map((s) => [s.labels?.reason, Number(s.value)]));
    expect(byReason).toEqual({ deadlock: 2, serialization: 1 });
    expect(Number(family(m.text, "souq_deadlock_retries_total").metrics[0]!.value)).toBe(2);

    const pool = Object.fromEntries(family(m.text, "souq_db_pool_connections").metrics.map((s) => [s.labels?.state, Number(s.value)]));
    expect(pool.max).toBe(10);
    expect(pool.idle! + pool.busy!).toBeGreaterThanOrEqual(1);
    expect(Number(family(m.text, "souq_db_pool_waiting").metrics[0]!.value)).toBe(0);
    expect(family(m.text, "souq_db_pool_wait_seconds_total").type).toBe("COUNTER");
    expect(family(m.text, "souq_db_pool_waits_total").type).toBe("COUNTER");
    expect(family(m.text, "process_resident_memory_bytes").type).toBe("GAUGE");

    expect(family(m.text, "souq_backup_age_seconds").metrics[0]!.value).toBe("+Inf");
    latest = new Date(Date.now() - 3600_000);
    const age = Number(family((await scrape()).text, "souq_backup_age_seconds").metrics[0]!.value);
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3660);
  });

  it("/metrics is served to this machine, or elsewhere with the token only", async () => {
    const remote = await scrape({ remoteAddress: "10.1.2.3" });
    expect(remote.status).toBe(403);
    expect(remote.text).not.toMatch(/souq_/);
    expect((await scrape({ remoteAddress: "10.1.2.3", headers: { authorization: "Bearer wrong-token-of-this-test!" } })).status).toBe(403);
    expect((await scrape({ remoteAddress: "10.1.2.3", headers: { authorization: "Bearer metrics-token-of-this-test" } })).status).toBe(200);
    // Relayed by a proxy on this machine: the client is elsewhere.
    expect((await scrape({ headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(403);
    // The product's own token is no metrics token.
    expect((await scrape({ remoteAddress: "10.1.2.3", headers: { authorization: `Bearer ${t.adminToken}` } })).status).toBe(403);
  });
});
