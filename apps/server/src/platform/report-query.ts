import { DATE_FILTERS } from "@app/contracts";
import { z } from "zod";
import { unprocessable } from "./errors.js";
import type { RawQuery } from "./list.js";
import { one } from "./query-params.js";

/**
 * A report's own query parameters (beside the list protocol's): declared once as zod types with
 * SPEC's messages, validated by the route before the report reads them, and listed in the OpenAPI
 * document from the same declaration. A parameter may also be read under a second name (`rate`
 * alone, `currency_id` or `filter[currency_id]`): the document lists both, the route folds the
 * second into the first.
 */
export interface ReportParam {
  type: z.ZodType;
  /** The other name the parameter is read under. */
  alias?: string;
}

export interface ReportQuery {
  /** What the route validates with: every parameter under its own name (`required` unless optional). */
  schema: z.ZodObject;
  /** What the document lists: every parameter and every alias (an alias is never required). */
  documented: z.ZodObject;
  /** Alias → the parameter's own name. */
  aliases: Record<string, string>;
}

export function reportQuery(params: Record<string, ReportParam>): ReportQuery {
  const own: Record<string, z.ZodType> = {};
  const documented: Record<string, z.ZodType> = {};
  const aliases: Record<string, string> = {};
  for (const [name, p] of Object.entries(params)) {
    own[name] = p.type;
    documented[name] = p.type;
    if (p.alias) {
      aliases[p.alias] = name;
      const described = p.type.description;
      const optional = p.type instanceof z.ZodOptional ? p.type : p.type.optional();
      documented[p.alias] = optional.describe(`The same as \`${name}\`${described ? `: ${described}` : ""}`);
    }
  }
  return { schema: z.object(own), documented: z.object(documented), aliases };
}

/** `filter[name]` answers its errors as `filter.name`, as the list protocol names them. */
export const errorKey = (name: string) => name.replace(/^filter\[(.+)\]$/, "filter.$1");

/**
 * Validates a request's query with a report's parameters: each as one text (the last of a repeated
 * one; an empty one counts as absent), an alias standing in for its parameter. A 422 names each
 * parameter refused with its message.
 */
export function checkReportQuery(q: ReportQuery, raw: RawQuery): void {
  const value = (k: string) => {
    const v = one(raw[k]);
    return v === "" ? undefined : v;
  };
  const input: Record<string, string | undefined> = {};
  for (const name of Object.keys(q.schema.shape)) input[name] = value(name);
  for (const [alias, name] of Object.entries(q.aliases)) input[name] ??= value(alias);
  const r = q.schema.safeParse(input);
  if (r.success) return;
  const errors: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const key = errorKey(String(issue.path[0] ?? "query"));
    if (!errors[key]?.includes(issue.message)) (errors[key] ??= []).push(issue.message);
  }
  throw unprocessable(errors);
}

// ------------------------------------------------------------------ the parameters the reports share

/** A positive id (`filter[...]` or its bare name), refused in `message`. */
export const zIdParam = (message = "The filter is not allowed.") =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(2_147_483_647, { error: message })
    .meta({ examples: [1] });

const WALL = String.raw`\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?`;

/** The list protocol's period: a preset, or `DATE_PERIOD` with two days (either may be left empty). */
export const PERIOD_PARAMS = {
  "filter[date_filter]": {
    type: z
      .enum(DATE_FILTERS, { error: `The date filter must be one of ${DATE_FILTERS.join(", ")}.` })
      .optional()
      .describe("A preset period; DATE_PERIOD takes filter[date_between]"),
  },
  "filter[date_between]": {
    type: z
      .string()
      .regex(new RegExp(String.raw`^\s*(?:${WALL})?\s*(?:,\s*(?:${WALL})?\s*)?$`), {
        error: "The date between must be two dates in the format YYYY-MM-DD.",
      })
      .optional()
      .describe("from,to: two days YYYY-MM-DD, both counted; an empty side is the beginning or now")
      .meta({ examples: ["2026-01-01,2026-03-31"] }),
  },
} satisfies Record<string, ReportParam>;

/** The currency the figures are shown in, and the rate (IQD per USD) they are converted at. */
export const CURRENCY_PARAMS = {
  currency_id: {
    type: z
      .enum(["1", "2"], { error: "The currency must be IQD (1) or USD (2)." })
      .optional()
      .describe("1 IQD, 2 USD; the system currency when left out"),
    alias: "filter[currency_id]",
  },
  rate: {
    type: z
      .string()
      .regex(/^\d{1,15}(\.\d{1,4})?$/, { error: "must be a number with at most 4 decimals" })
      .optional()
      .describe("IQD per USD for the conversion; the rate in force when left out")
      .meta({ examples: ["1500"] }),
  },
} satisfies Record<string, ReportParam>;

/** A tree report's options: zero rows hidden (the default) or shown, and the levels shown. */
export const TREE_PARAMS = {
  "filter[hide_zero]": {
    type: z
      .enum(["1", "0", "true", "false"], { error: "The hide zero field must be true or false." })
      .optional()
      .describe("Leave out accounts without a figure (default 1)"),
    alias: "hide_zero",
  },
  "filter[depth]": {
    type: z.coerce
      .number({ error: "The depth must be an integer between 1 and 32." })
      .int({ error: "The depth must be an integer between 1 and 32." })
      .min(1, { error: "The depth must be an integer between 1 and 32." })
      .max(32, { error: "The depth must be an integer between 1 and 32." })
      .optional()
      .describe("Show only the top levels (1 = the roots)"),
    alias: "depth",
  },
} satisfies Record<string, ReportParam>;

/** A second period shown beside the first. */
export const COMPARE_PERIOD_PARAMS = {
  "filter[compare_date_between]": {
    type: z
      .string()
      .regex(new RegExp(String.raw`^\s*(?:${WALL})?\s*,\s*${WALL}\s*$`), {
        error: "The compare period must be two dates in the format YYYY-MM-DD.",
      })
      .optional()
      .describe("from,to: the period compared with, two days YYYY-MM-DD")
      .meta({ examples: ["2025-01-01,2025-12-31"] }),
  },
} satisfies Record<string, ReportParam>;
