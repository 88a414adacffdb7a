import { timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import metricsPlugin from "fastify-metrics";
import promClient from "prom-client";
import { z } from "zod";
import type { Database } from "../db/client.js";
import { MIGRATIONS_DIR } from "../db/migrate.js";
import { answers } from "./openapi.js";

/**
 * What an operator watches: `GET /health` (the process answers), `GET /ready` (the database
 * answers and has every migration this version ships; 503 otherwise and while the process stops,
 * so a load balancer sends no more requests to it) and `GET /metrics` (Prometheus text format:
 * fastify-metrics over prom-client, one registry per app).
 */
export interface Operations {
  registry: promClient.Registry;
  /** A write transaction run again after a deadlock (40P01) or a serialization failure (40001). */
  retried(sqlState: string): void;
  /** A write transaction that still failed on its last attempt. */
  gaveUp(): void;
  /** Set when the process begins to stop: /ready answers 503 from then on. */
  stopping: boolean;
}

const byApp = new WeakMap<FastifyInstance, Operations>();

/** The operations of the app serving this request, when it has them (tests may build bare apps). */
export const operationsOf = (app: FastifyInstance) => byApp.get(app);

/**
 * When the latest good backup was made (the backups module gives it: `setBackupSource`); read at
 * every scrape, so several processes report the same age.
 */
const backupSources = new WeakMap<FastifyInstance, () => Promise<Date | null>>();
export function setBackupSource(app: FastifyInstance, latest: () => Promise<Date | null>) {
  backupSources.set(app, latest);
}

const ZHealth = z.object({ status: z.literal("ok"), uptime_seconds: z.number() });
const ZReady = z.object({
  status: z.enum(["ready", "not_ready", "stopping"]),
  database: z.enum(["ok", "unreachable"]),
  migrations: z.enum(["applied", "pending", "unknown"]),
});
const READY_TIMEOUT_MS = 2000;

/** The newest migration this version ships (drizzle's journal beside the SQL files). */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** Loopback, and not relayed by a proxy on this machine (which would make any client look local). */
function fromThisMachine(req: FastifyRequest) {
  const address = req.socket.remoteAddress ?? "";
  const loopback = address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
  return loopback && !req.headers["x-forwarded-for"] && !req.headers.forwarded;
}

function tokenMatches(req: FastifyRequest, token: string) {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "");
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export async function installOperations(app: FastifyInstance, database: Database, metricsToken: string) {
  const registry = new promClient.Registry();
  const retries = new promClient.Counter({
    name: "souq_posting_retries_total",
    help: "Write transactions (postings) run again after a conflict with another, by reason",
    labelNames: ["reason"] as const,
    registers: [registry],
  });
  const deadlocks = new promClient.Counter({
    name: "souq_deadlock_retries_total",
    help: "Write transactions run again after PostgreSQL broke a deadlock (40P01)",
    registers: [registry],
  });
  const failures = new promClient.Counter({
    name: "souq_posting_retries_exhausted_total",
    help: "Write transactions that still conflicted on their last attempt (the client got an error)",
    registers: [registry],
  });
  for (const reason of ["deadlock", "serialization"]) retries.inc({ reason }, 0);
  const stats = database.poolStats;
  if (stats) {
    new promClient.Gauge({
      name: "souq_db_pool_connections",
      help: "Database connections of this process's pool, by state",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const s = stats();
        this.set({ state: "idle" }, s.idle);
        this.set({ state: "busy" }, s.total - s.idle);
        this.set({ state: "max" }, s.max);
      },
    });
    new promClient.Gauge({
      name: "souq_db_pool_waiting",
      help: "Queries waiting for a free database connection now",
      registers: [registry],
      collect() {
        this.set(stats().waiting);
      },
    });
    new promClient.Counter({
      name: "souq_db_pool_waits_total",
      help: "Connections handed out only after waiting for one to be freed (the pool was full)",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(stats().waits);
      },
    });
    new promClient.Counter({
      name: "souq_db_pool_wait_seconds_total",
      help: "Seconds spent waiting for a database connection, over every query",
      registers: [registry],
      collect() {
        this.reset();
        this.inc(stats().waitSeconds);
      },
    });
  }
  new promClient.Gauge({
    name: "souq_backup_age_seconds",
    help: "Seconds since the latest good backup (+Inf when there is none)",
    registers: [registry],
    async collect() {
      const latest = await backupSources.get(app)?.();
      this.set(latest ? Math.max(0, (Date.now() - latest.getTime()) / 1000) : Number.POSITIVE_INFINITY);
    },
  });

  const ops: Operations = {
    registry,
    retried(code) {
      retries.inc({ reason: code === "40P01" ? "deadlock" : "serialization" });
      if (code === "40P01") deadlocks.inc();
    },
    gaveUp: () => failures.inc(),
    stopping: false,
  };
  byApp.set(app, ops);

  await app.register(metricsPlugin, {
    endpoint: {
      url: "/metrics",
      method: "GET",
      schema: { hide: true },
      // The numbers tell how the business runs (postings, load): this machine, or the token.
      onRequest: async (req, reply) => {
        if (fromThisMachine(req) || (metricsToken && tokenMatches(req, metricsToken))) return;
        return reply.status(403).send({ message: "Metrics are served to this machine or with the metrics token." });
      },
      handler: async () => undefined,
    },
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      routeBlacklist: ["/metrics", "/health", "/ready"],
      overrides: {
        histogram: {
          name: "http_request_duration_seconds",
          help: "Request latency per route, in seconds",
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
          registers: [registry],
        },
        // Not collected (enabled above), but made: in this app's registry, not the global one.
        summary: { registers: [registry] },
      },
    },
  });

  const started = Date.now();
  app.get("/health", { schema: { summary: "The process is alive", ...answers(ZHealth).schema } }, async () => ({
    status: "ok" as const,
    uptime_seconds: Math.round((Date.now() - started) / 1000),
  }));
  const newest = newestMigration();
  app.get(
    "/ready",
    { schema: { summary: "The database answers and its migrations are applied", response: { 200: ZReady, 503: ZReady } } },
    async (_req, reply) => {
      if (ops.stopping) return reply.status(503).send({ status: "stopping", database: "ok", migrations: "unknown" });
      const applied = await Promise.race([
        database.db
          .execute<{ when: string | null }>(sql`select max(created_at)::text as when from drizzle.__drizzle_migrations`)
          .then((r) => Number(r.rows[0]?.when ?? 0)),
        new Promise<null>((r) => setTimeout(() => r(null), READY_TIMEOUT_MS).unref()),
      ]).catch(() => null);
      if (applied === null) return reply.status(503).send({ status: "not_ready", database: "unreachable", migrations: "unknown" });
      const migrations = applied >= newest ? ("applied" as const) : ("pending" as const);
      return reply
        .status(migrations === "applied" ? 200 : 503)
        .send({ status: migrations === "applied" ? "ready" : "not_ready", database: "ok", migrations });
    },
  );
}
