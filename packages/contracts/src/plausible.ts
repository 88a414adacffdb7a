import { CURRENCY_IQD, CURRENCY_USD } from "./constants.js";
import { convert, D, round3, str, ZERO } from "./money.js";
import type { PosChangeInput } from "./pos-change.js";

/** A figure as the rules take it: decimal text or a number. */
type Figure = string | number;

/**
 * Figures a person can mistype into something nobody meant (a cash field that still held the bill's
 * total, a rate typed after the old one): one rule for the screen and the server. The server answers
 * such a figure 422 with its message on the field `confirmed` (and on the figure's own field) unless
 * the request says `confirmed: true`; the screen asks first and sends the flag once the person said
 * yes. What cannot happen at all (change the drawer does not hold) is refused outright. No schema
 * here (`zConfirmed` is in common.ts): the till checks figures without loading zod.
 */

/** The field of a 422 that asks for confirmation: send the request again with `confirmed: true`. */
export const CONFIRM_FIELD = "confirmed";

/** The largest banknote in circulation, per currency (IQD 50,000; USD 100). */
export const LARGEST_NOTE: Readonly<Record<number, string>> = { [CURRENCY_IQD]: "50000", [CURRENCY_USD]: "100" };

const CODE: Readonly<Record<number, string>> = { [CURRENCY_IQD]: "IQD", [CURRENCY_USD]: "USD" };
export const currencyCode = (id: number) => CODE[id] ?? String(id);

export interface TenderExcess {
  /** What the payments come to above the bill, in the bill's currency. */
  over: string;
  currency_id: number;
  /** The largest note of the cash handed over, and its currency. */
  note: string;
  note_currency_id: number;
}

/**
 * Cash tendered may be above the bill by less than the largest banknote of the cash handed over:
 * a customer who pays 50,000 IQD for a bill of 12,000 is normal, one who pays a whole note more
 * than the bill needs (or a cash field that held the bill when "5,000" was typed after it) is not.
 * Answers the excess when it is a note or more, else null.
 */
export function tenderExcess(input: Pick<PosChangeInput, "total" | "currency_id" | "rate" | "payments">): TenderExcess | null {
  const cash = input.payments.filter((p) => p.method === "cash" && D(p.amount).gt(0));
  if (!cash.length) return null;
  const paid = input.payments.reduce((s, p) => s.plus(convert(p.amount, p.currency_id, input.currency_id, input.rate)), ZERO);
  const over = paid.minus(input.total);
  if (!over.gt(0)) return null;
  let largest: { currency_id: number; value: ReturnType<typeof D> } | null = null;
  for (const id of new Set(cash.map((p) => p.currency_id))) {
    const note = LARGEST_NOTE[id];
    if (!note) continue;
    const value = convert(note, id, input.currency_id, input.rate);
    if (!largest || value.gt(largest.value)) largest = { currency_id: id, value };
  }
  if (!largest || over.lt(largest.value)) return null;
  return {
    over: str(round3(over)),
    currency_id: input.currency_id,
    note: LARGEST_NOTE[largest.currency_id]!,
    note_currency_id: largest.currency_id,
  };
}

export const tenderExcessMessage = (e: TenderExcess) =>
  `The cash tendered is ${e.over} ${currencyCode(e.currency_id)} more than the bill, a ${e.note} ${currencyCode(e.note_currency_id)} note or more. Check the amount, or confirm it.`;

/** The change cannot leave a drawer that does not hold it (the cash of this sale counted in). */
export const drawerShortMessage = (holds: Figure, change: Figure, currency_id: number) =>
  `The drawer holds ${str(holds)} ${currencyCode(currency_id)}; it cannot give ${str(change)} ${currencyCode(currency_id)} in change. Give the change in the other currency.`;

/** A new rate more than this many times the rate before it, or less than its this-many-th part, is asked about. */
export const RATE_JUMP_FACTOR = 10;

/** Whether `next` is more than ten times `previous` ("up"), less than a tenth of it ("down"), or neither (null). */
export function rateJump(previous: Figure | null | undefined, next: Figure): "up" | "down" | null {
  if (previous === null || previous === undefined || !D(previous).gt(0) || !D(next).gt(0)) return null;
  if (D(next).gt(D(previous).mul(RATE_JUMP_FACTOR))) return "up";
  if (D(next).mul(RATE_JUMP_FACTOR).lt(previous)) return "down";
  return null;
}

export const rateJumpMessage = (next: Figure, previous: Figure, jump: "up" | "down") =>
  jump === "up"
    ? `The rate ${str(next)} is more than ${RATE_JUMP_FACTOR} times the rate before it, ${str(previous)}. Check the rate, or confirm it.`
    : `The rate ${str(next)} is less than a tenth of the rate before it, ${str(previous)}. Check the rate, or confirm it.`;

/** An answer that asks for confirmation: its text, else null. */
export function confirmationAsked(body: unknown): string | null {
  const errors = (body as { errors?: Record<string, unknown> } | null)?.errors;
  const list = errors?.[CONFIRM_FIELD];
  return Array.isArray(list) && typeof list[0] === "string" ? list[0] : null;
}
