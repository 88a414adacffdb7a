import { MSG } from "@app/contracts";
import type { DbOrTx } from "../../db/client.js";
import { HttpError } from "../../platform/errors.js";
import { ratesAt, systemCurrency } from "./ledger.js";
import { D } from "./money.js";

export type RateKind = "in" | "out";

/**
 * The rate a document is booked at: the one sent, else the one in force at its date of the
 * document's kind (SPEC §3: in for sales, incomes and customers; out for purchases, expenses and
 * suppliers). A document in the foreign currency at rate 1 is a currency switched without its
 * rate (150 USD booked as 150 IQD), so it is refused unless 1 really is the rate in force.
 */
export async function documentRate(
  tx: DbOrTx,
  doc: { currency_id: number; rate: string | null | undefined; date: Date; kind: RateKind },
): Promise<string> {
  const pick = (r: { rate: string; in_rate: string }) => (doc.kind === "in" ? r.in_rate : r.rate);
  if (doc.rate === null || doc.rate === undefined) return pick(await ratesAt(tx, doc.date));
  if (!D(doc.rate).eq(1) || doc.currency_id === (await systemCurrency(tx))) return doc.rate;
  const stored = await ratesAt(tx, doc.date).catch(() => null);
  if (stored && D(pick(stored)).eq(1)) return doc.rate;
  throw new HttpError(422, MSG.foreignRateRequired, { rate: [MSG.foreignRateRequired] });
}
