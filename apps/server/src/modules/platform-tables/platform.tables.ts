import { sql } from "drizzle-orm";
import { bigint, bigserial, index, inet, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/** Revoked access tokens (logout, refresh); kept until the token would have expired anyway. */
export const revokedTokens = pgTable("revoked_tokens", {
  jti: text("jti").primaryKey(),
  expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Fixed-window counters for rate limits, shared by every server process. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  window_start: timestamp("window_start", { withTimezone: true }).notNull(),
  count: integer("count").notNull().default(0),
  /** No attempt is let through before this instant (growing delays). */
  blocked_until: timestamp("blocked_until", { withTimezone: true }),
});

/** Who changed what, when, from where: every create, update, delete and authentication event. */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    user_id: integer("user_id"),
    module: text("module").notNull(),
    action: text("action").notNull(),
    record_id: text("record_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: inet("ip"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    /** The row's place in the hash chain (commit order), set at its transaction's commit (modules/audit-chain). */
    chain_seq: bigint("chain_seq", { mode: "number" }),
    /** The hash of the row before it in the chain (64 zeros before the first). */
    prev_hash: text("prev_hash"),
    /** sha256(prev_hash || the row's canonical content), hex. */
    hash: text("hash"),
  },
  (t) => [
    index("audit_logs_module_created_idx").on(t.module, t.created_at),
    uniqueIndex("audit_logs_chain_seq_idx").on(t.chain_seq),
    index("audit_logs_unlinked_idx").on(t.id).where(sql`${t.chain_seq} is null`),
  ],
);

export const modelHiddenColumns = pgTable(
  "model_hidden_columns",
  {
    user_id: integer("user_id").notNull(),
    model: text("model").notNull(),
    columns: text("columns").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.model] })],
);

/** Secrets made at first start (token signing key) so that every process of one database agrees. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});

/**
 * Answers of idempotent writes (`platform/idempotency.ts`): one row per (scope, key), inserted in
 * the same transaction as the write it answers, so a key exists exactly when its write does.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    user_id: integer("user_id"),
    /** SHA-256 of the canonical JSON of the body. */
    body_hash: text("body_hash").notNull(),
    status_code: integer("status_code").notNull(),
    response: jsonb("response").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);
