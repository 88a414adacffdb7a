import { z } from "zod";
import { MAX_PER_PAGE, NOTE_MAX } from "./constants.js";
import { MSG } from "./messages.js";
import { digitsPreprocess, normalizeDigits } from "./text.js";

/** An id in a path: an integer greater than 0 (SPEC §5). */
export const ZId = z.coerce
  .number({ error: MSG.idInvalid })
  .refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, { message: MSG.idInvalid });

export const ZIdParam = z.object({ id: z.string().regex(/^[1-9][0-9]{0,9}$/, MSG.idInvalid) });

/** A decimal written as a string (or number from forms), up to `scale` decimals, never a float in storage. */
export const zDecimal = (opts: { scale?: number; min?: number; allowNegative?: boolean } = {}) => {
  const scale = opts.scale ?? 4;
  const re =
    opts.allowNegative === false || opts.min !== undefined
      ? new RegExp(`^\\d{1,15}(\\.\\d{1,${scale}})?$`)
      : new RegExp(`^-?\\d{1,15}(\\.\\d{1,${scale}})?$`);
  const decimal = z
    .union([z.string(), z.number()])
    // Typed on an Arabic or Kurdish keyboard: Arabic-Indic or Persian digits and the Arabic decimal point.
    .transform((v) => (typeof v === "number" ? String(v) : normalizeDigits(v.trim()).replace(/٫/g, ".")))
    .refine((v) => re.test(v), { message: scale === 0 ? "must be an integer" : `must be a number with at most ${scale} decimals` });
  const min = opts.min;
  return min === undefined ? decimal : decimal.refine((v) => Number(v) >= min, { message: `must be at least ${min}` });
};

/** A whole number from a form (string or number), whose digits may be Arabic-Indic or Persian. */
export const zIntInput = (message = "must be an integer") =>
  z.preprocess(digitsPreprocess, z.coerce.number({ error: message }).int(message));

export const zNote = z.string().max(NOTE_MAX, "Maximum allowed character is 140");

/** DD/MM/YYYY (SPEC §5), parsed to YYYY-MM-DD. */
export const zDmyDate = z
  .string()
  .regex(/^\d{2}\/\d{2}\/\d{4}$/, { message: "must be a date in the format DD/MM/YYYY", abort: true })
  .refine((v) => {
    const [d, m, y] = v.split("/").map(Number) as [number, number, number];
    const dt = new Date(Date.UTC(y, m - 1, d));
    return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
  }, "must be a valid date")
  .transform((v) => {
    const [d, m, y] = v.split("/");
    return `${y}-${m}-${d}`;
  });

export const zBoolish = z
  .union([z.boolean(), z.literal("true"), z.literal("false"), z.literal("1"), z.literal("0"), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === "true" || v === "1" || v === 1);

/** `confirmed: true`: the figure is meant although the plausibility rules (plausible.ts) question it. */
export const zConfirmed = zBoolish.optional();

/** Query of every paginated list (SPEC §7). filter[...] keys arrive as `filter[name]`. */
export const ZListQuery = z.object({
  search: z.string().max(200, "may not be greater than 200 characters").optional(),
  page: z.coerce.number().int("must be an integer").min(1, "must be at least 1").max(1_000_000).optional(),
  per_page: z.coerce
    .number()
    .int("must be an integer")
    .min(1, "must be at least 1")
    .max(MAX_PER_PAGE, `may not be greater than ${MAX_PER_PAGE}`)
    .optional(),
  sortColumn: z.string().max(64).optional(),
  sortDir: z.enum(["asc", "desc"], { error: "must be asc or desc" }).optional(),
  is_paginated: z.enum(["0", "1"]).optional(),
});

export interface ListEnvelope<Row> {
  data: Row[];
  total: number;
  /** The total is the database's estimate (many rows match): shown as "about N". */
  total_estimated: boolean;
  per_page: number;
  current_page: number;
  last_page: number;
  footer: Record<string, string>;
  params: Record<string, unknown>;
  model: string;
  /** The columns the list may be sorted by (anything else sorts by the default). */
  sortable: string[];
  hidden_columns: string;
}

/** Validation error body: 422 `{message, errors:{field:[messages]}}`. */
export interface ValidationErrorBody {
  message: string;
  errors: Record<string, string[]>;
}
