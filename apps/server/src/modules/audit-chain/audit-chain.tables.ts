import { sql } from "drizzle-orm";
import { bigint, check, pgTable, smallint, text } from "drizzle-orm/pg-core";

/**
 * The audit log's hash chain head (one row, id 1): the last linked row's place, id and hash.
 * Locked only by the commit-time trigger that links a transaction's audit rows (migration 0041).
 */
export const auditChainHead = pgTable(
  "audit_chain_head",
  {
    id: smallint("id").primaryKey().default(1),
    seq: bigint("seq", { mode: "number" }).notNull(),
    audit_id: bigint("audit_id", { mode: "number" }),
    hash: text("hash").notNull(),
  },
  (t) => [check("audit_chain_head_id_check", sql`${t.id} = 1`)],
);
