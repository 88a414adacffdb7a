import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.js";
import { HttpError } from "./errors.js";

/**
 * A document may only be dated inside an open financial year: not inside an archived one, and not
 * on a day no financial year covers (a date typed in the wrong format lands there, decades away).
 * Every document use case and the ledger's posting function call this with the document date.
 * Currency rates are no documents: they only keep out of archived years (`uncovered: "allow"`).
 */
export async function assertYearOpen(tx: DbOrTx, date: Date, opts: { uncovered?: "refuse" | "allow" } = {}): Promise<void> {
  const year = await yearOf(tx, date);
  if (!year && opts.uncovered === "allow") return;
  if (!year) throw new HttpError(422, MSG.noFinancialYear, { date: [MSG.noFinancialYear] });
  if (year.archived) throw new HttpError(422, MSG.archivedYear, { date: [MSG.archivedYear] });
}

/**
 * The financial year a date falls in (whether it is archived), read once per transaction and date:
 * a document checks its date when it is saved and again when it posts, the second time while its
 * accounts are locked.
 */
const yearsRead = new WeakMap<object, Map<string, Promise<{ archived: boolean } | undefined>>>();
function yearOf(tx: DbOrTx, date: Date): Promise<{ archived: boolean } | undefined> {
  const at = date.toISOString();
  const read = async () =>
    (
      await tx.execute<{ archived: boolean }>(
        sql`select archived from financial_years where ${at}::timestamptz >= start_date and ${at}::timestamptz < end_date
            order by archived desc limit 1`,
      )
    ).rows[0];
  if (!(tx instanceof PgTransaction)) return read();
  let mine = yearsRead.get(tx);
  if (!mine) yearsRead.set(tx, (mine = new Map()));
  let p = mine.get(at);
  if (!p) {
    p = read();
    mine.set(at, p);
    // A date no year covers is asked again: a year may be made later in the transaction.
    p.then(
      (year) => year || mine.delete(at),
      () => mine.delete(at),
    );
  }
  return p;
}
