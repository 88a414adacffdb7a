import { z } from "zod";
import { PIN_MIN } from "./constants.js";
import { MOBILE_INVALID, normalizeDigits, normalizeMobile, PHONE_INVALID, PIN_DIGITS, PIN_REQUIRED } from "./text.js";

// The text schemas apart from the folding functions (text.ts), which the sign-in page uses
// without downloading zod.

/** An optional mobile number, stored in its one form (`normalizeMobile`); empty means none. */
export const zMobile = z
  .string()
  .trim()
  .max(50)
  .transform((v) => (v === "" ? null : (normalizeMobile(v) ?? v)))
  // A stored mobile is the one form of itself; anything else was not a mobile number.
  .pipe(
    z
      .string()
      .nullable()
      .refine((v) => v === null || normalizeMobile(v) === v, MOBILE_INVALID),
  )
  .optional()
  .nullable();

/** An optional landline or other phone: digits (any script) with an optional leading +, kept as digits. */
export const zPhone = z
  .string()
  .trim()
  .max(50)
  .transform((v) => normalizeDigits(v).replace(/[\s\-.()]/g, "") || null)
  .pipe(
    z
      .string()
      .regex(/^\+?\d{3,20}$/, PHONE_INVALID)
      .nullable(),
  )
  .optional()
  .nullable();

/** A PIN: digits only, typed in any script (٤٨٢٦ is 4826), at least PIN_MIN of them. */
export const zPin = z
  .string({ error: PIN_REQUIRED })
  .transform((v) => normalizeDigits(v.trim()))
  .pipe(
    z
      .string()
      .min(1, PIN_REQUIRED)
      .min(PIN_MIN, `The pin must be at least ${PIN_MIN} characters.`)
      .max(32, "The pin may not be greater than 32 characters.")
      .regex(/^\d+$/, PIN_DIGITS),
  );
