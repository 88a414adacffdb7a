import { CONFIRM_FIELD, MSG, rateJump, rateJumpMessage } from "@app/contracts";
import type { DbOrTx } from "../../db/client.js";
import { HttpError } from "../../platform/errors.js";
import { ratesAt, systemCurrency } from "./ledger.js";
import { D } from "./money.js";

export type RateKind = "in" | "out";

const pick = (kind: RateKind, r: { rate: string; in_rate: string }) => (kind === "in" ? r.in_rate : r.rate);

/** A rate a document was sent with, the field it came in and the kind of rate in force it is compared with. */
export interface SentRate {
  field: string;
  rate: string | null | undefined;
  kind: RateKind;
}

/**
 * A rate sent with a document more than ten times the rate in force at its date (of the same
 * kind), or under a tenth of it (14,800,000 typed for 1,480), is refused with both figures unless
 * the request confirms it (`rateJump`): 422 with the text on the rate's field and on `confirmed`,
 * before anything is written. Without a rate in force there is nothing to compare with.
 */
export async function assertRatesPlausible(
  tx: DbOrTx,
  sent: readonly SentRate[],
  date: Date,
  confirmed: boolean | undefined,
): Promise<void> {
  if (confirmed) return;
  const given = sent.filter((s) => s.rate !== null && s.rate !== undefined);
  if (!given.length) return;
  const stored = await ratesAt(tx, date).catch(() => null);
  if (!stored) return;
  const errors: Record<string, string[]> = {};
  for (const s of given) {
    const previous = pick(s.kind, stored);
    const jump = rateJump(previous, s.rate!);
    if (jump) errors[s.field] = [rateJumpMessage(s.rate!, previous, jump)];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(422, first, { ...errors, [CONFIRM_FIELD]: [first] });
}

/**
 * The rate a document is booked at: the one sent, else the one in force at its date of the
 * document's kind (SPEC §3: in for sales, incomes and customers; out for purchases, expenses and
 * suppliers). A document in the foreign currency at rate 1 is a currency switched without its
 * rate (150 USD booked as 150 IQD), so it is refused unless 1 really is the rate in force. A rate
 * sent far from the one in force is asked about (`assertRatesPlausible`) unless `confirmed`.
 */
export async function documentRate(
  tx: DbOrTx,
  doc: {
    currency_id: number;
    rate: string | null | undefined;
    date: Date;
    kind: RateKind;
    confirmed: boolean | undefined;
    /** The field the rate came in, for the question about it ("rate" unless said). */
    field?: string;
  },
): Promise<string> {
  if (doc.rate === null || doc.rate === undefined) return pick(doc.kind, await ratesAt(tx, doc.date));
  // A document in the system currency carries rate 1: nothing is turned at it.
  if (doc.currency_id === (await systemCurrency(tx))) return doc.rate;
  if (!D(doc.rate).eq(1)) {
    await assertRatesPlausible(tx, [{ field: doc.field ?? "rate", rate: doc.rate, kind: doc.kind }], doc.date, doc.confirmed);
    return doc.rate;
  }
  const stored = await ratesAt(tx, doc.date).catch(() => null);
  if (stored && D(pick(doc.kind, stored)).eq(1)) return doc.rate;
  throw new HttpError(422, MSG.foreignRateRequired, { rate: [MSG.foreignRateRequired] });
}
