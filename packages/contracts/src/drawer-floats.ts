import { z } from "zod";
import { zCurrencyId, zFk } from "./accounting.js";
import { zConfirmed, zDecimal, zNote } from "./common.js";
import { D, str } from "./money.js";
import { currencyCode, LARGEST_NOTE } from "./plausible.js";

/**
 * An opening float: the small notes a cashier's drawer gets from the safe at the start of a shift,
 * moved in the books from a cash account (not a drawer) into the cashier's drawer of that currency.
 */

/** A float of more than this many of the currency's largest notes is asked about (a figure typed twice, a zero too many). */
export const FLOAT_PLAUSIBLE_NOTES = 20;

/** `POST /api/pos/drawer-floats`. Cashier amounts are at least 1 (SPEC §5). */
export const ZDrawerFloat = z.object({
  user_fk: zFk("The user field is required."),
  currency_id: zCurrencyId,
  amount: zDecimal({ scale: 3, min: 1 }),
  from_account_fk: zFk("The from account field is required."),
  note: zNote.optional().nullable(),
  confirmed: zConfirmed,
});
export type DrawerFloatInput = z.output<typeof ZDrawerFloat>;

/** The float's amount when it is more than `FLOAT_PLAUSIBLE_NOTES` of the currency's largest notes, else null. */
export function floatExcess(amount: string | number, currency_id: number): string | null {
  const note = LARGEST_NOTE[currency_id];
  if (!note) return null;
  return D(amount).gt(D(note).mul(FLOAT_PLAUSIBLE_NOTES)) ? str(D(amount)) : null;
}

export const floatExcessMessage = (amount: string | number, currency_id: number) =>
  `The float is ${str(D(amount))} ${currencyCode(currency_id)}, more than ${FLOAT_PLAUSIBLE_NOTES} notes of ${LARGEST_NOTE[currency_id]} ${currencyCode(currency_id)}. Check the amount, or confirm it.`;

/** The user chosen is not a cashier (no main-cashier assignment, SPEC §6). */
export const NOT_A_CASHIER = "The selected user is not a cashier.";
/** A float already counted in a drawer closing stays. */
export const FLOAT_IN_CLOSING = "This float is in a drawer closing and cannot be deleted.";
