import type { DbOrTx } from "../db/client.js";
import { auditLogs } from "../modules/platform-tables/platform.tables.js";
import type { Ctx } from "./context.js";

const SECRET_FIELDS = new Set([
  "password_hash",
  "pin_hash",
  "password",
  "new_password",
  "new_password_confirmation",
  "pin",
  "old_password",
]);

/** Copies a record for the audit log without its secrets. */
export function redact(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(redact);
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `<${value.length} bytes>`;
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELDS.has(k) ? "***" : redact(v);
    return out;
  }
  return value;
}

export interface AuditEntry {
  module: string;
  action: string;
  record_id?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export async function audit(ctx: Pick<Ctx, "tx" | "user" | "ip">, entry: AuditEntry, userId?: number | null): Promise<void> {
  await writeAudit(ctx.tx, { ...entry, user_id: userId ?? ctx.user?.user_id ?? null, ip: ctx.ip });
}

export async function writeAudit(tx: DbOrTx, entry: AuditEntry & { user_id: number | null; ip: string | null }): Promise<void> {
  await tx.insert(auditLogs).values({
    user_id: entry.user_id,
    module: entry.module,
    action: entry.action,
    record_id: entry.record_id == null ? null : String(entry.record_id),
    before: redact(entry.before) ?? null,
    after: redact(entry.after) ?? null,
    ip: auditIp(entry.ip),
  });
}

/** The client's address as the audit row keeps it (an `inet`): null for anything else. */
export const auditIp = (ip: string | null): string | null => (ip && /^[0-9a-fA-F:.]+$/.test(ip) ? ip : null);
