import { sql } from "drizzle-orm";
import type { DbOrTx } from "./client.js";

/** Tables found: the product's migrations never drop one, so once there it stays there. */
const found = new Set<string>();

/**
 * Whether a table exists (a module that may be left out owns it): asked of the database until it
 * is there, then known to this process, so a sale shown or completed sends no question for it.
 */
export async function tablePresent(tx: DbOrTx, name: string): Promise<boolean> {
  if (found.has(name)) return true;
  const r = await tx.execute<{ t: string | null }>(sql`select to_regclass(${name})::text as t`);
  if (!r.rows[0]?.t) return false;
  found.add(name);
  return true;
}
