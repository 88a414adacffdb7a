import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { HttpError } from "./errors.js";

/**
 * A document may only be dated inside an open financial year: not inside an archived one, and not
 * on a day no financial year covers (a date typed in the wrong format lands there, decades away).
 * Every document use case and the ledger's posting function call this with the document date.
 * Currency rates are no documents: they only keep out of archived years (`uncovered: "allow"`).
 */
export async function assertYearOpen(tx: DbOrTx, date: Date, opts: { uncovered?: "refuse" | "allow" } = {}): Promise<void> {
  const res = await tx.execute<{ archived: boolean }>(
    sql`select archived from financial_years where ${date.toISOString()}::timestamptz >= start_date and ${date.toISOString()}::timestamptz < end_date
        order by archived desc limit 1`,
  );
  const year = res.rows[0];
  if (!year && opts.uncovered === "allow") return;
  if (!year) throw new HttpError(422, MSG.noFinancialYear, { date: [MSG.noFinancialYear] });
  if (year.archived) throw new HttpError(422, MSG.archivedYear, { date: [MSG.archivedYear] });
}
