import { sql } from "drizzle-orm";
import { check, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * Long jobs (backup, restore, recalculation, imports): the row is created by the start call,
 * claimed by one process (`owner`), which writes its progress and a heartbeat to it while it
 * runs, and its result or the reason it failed at the end. Ids are UUIDs: a restore brings back
 * a database without this table's rows (the table is left out of backups), and a new job must
 * never meet an old id.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    kind: text("kind").notNull(),
    /** Jobs of one lane run one at a time, across every process (the partial unique index). */
    lane: text("lane").notNull(),
    state: text("state").notNull().default("queued"),
    created_by: integer("created_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    started_at: timestamp("started_at", { withTimezone: true }),
    finished_at: timestamp("finished_at", { withTimezone: true }),
    /** Written by the owner every few seconds; a running job whose heartbeat is old lost its process. */
    heartbeat_at: timestamp("heartbeat_at", { withTimezone: true }),
    owner: text("owner"),
    input: jsonb("input").notNull().default(sql`'{}'::jsonb`),
    /** An uploaded file the job reads (an import's sheet); emptied when the job ends. */
    attachment: bytea("attachment"),
    step: text("step"),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    result: jsonb("result"),
    error: jsonb("error"),
  },
  (t) => [
    check("jobs_state", sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    uniqueIndex("jobs_one_active_per_lane").on(t.lane).where(sql`${t.state} in ('queued', 'running')`),
    index("jobs_kind_created_idx").on(t.kind, t.created_at),
  ],
);
