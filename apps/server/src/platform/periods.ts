import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { HttpError } from "./errors.js";

/**
 * A document dated inside an archived financial year may not be created, changed or posted.
 * Every document use case and the ledger's posting function call this with the document date.
 */
export async function assertYearOpen(tx: DbOrTx, date: Date): Promise<void> {
  const res = await tx.execute<{ name: string }>(
    sql`select name from financial_years where archived and ${date.toISOString()}::timestamptz >= start_date and ${date.toISOString()}::timestamptz < end_date limit 1`,
  );
  if (res.rows.length) throw new HttpError(422, MSG.archivedYear, { date: [MSG.archivedYear] });
}
