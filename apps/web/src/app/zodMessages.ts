import type { z } from "zod";

const fmt = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v));

const TYPE_TEXT: Record<string, string> = {
  number: "must be a number",
  int: "must be a number",
  bigint: "must be a number",
  nan: "must be a number",
  string: "must be text",
  boolean: "must be true or false",
  array: "must be a list",
  set: "must be a list",
  tuple: "must be a list",
  object: "must be an object",
  record: "must be an object",
  map: "must be an object",
  date: "must be a valid date",
};

/**
 * The text of a zod issue whose schema names none of its own (a check without a message). It is
 * one of a fixed set of English texts, with the check's number or choices in it, that
 * `translateMessage` knows in every language (the `validation` namespace); schemas that name
 * their own text keep it.
 */
export function zodMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return "This field is required.";
      return TYPE_TEXT[issue.expected] ?? "is not valid";
    case "too_small": {
      const min = fmt(issue.minimum);
      if (issue.origin === "string") return Number(issue.minimum) <= 1 ? "This field is required." : `must be at least ${min} characters`;
      if (issue.origin === "array" || issue.origin === "set") return `must have at least ${min} items`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return issue.inclusive === false ? `must be greater than ${min}` : `must be at least ${min}`;
      return "is not valid";
    }
    case "too_big": {
      const max = fmt(issue.maximum);
      if (issue.origin === "string") return `may not be greater than ${max} characters`;
      if (issue.origin === "array" || issue.origin === "set") return `may not have more than ${max} items`;
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return issue.inclusive === false ? `must be less than ${max}` : `may not be greater than ${max}`;
      return "is not valid";
    }
    case "invalid_format":
      return issue.format === "email" ? "must be a valid email address" : "is not in the right format";
    case "not_multiple_of":
      return `must be a multiple of ${fmt(issue.divisor)}`;
    case "invalid_value":
      return `must be one of ${issue.values.map(fmt).join(", ")}`;
    default:
      return "is not valid";
  }
}

/** Every zod schema the web app parses with (the contract's included) answers with zodMessage's texts. */
/**
 * Makes these texts zod's own for every parse (the tests'). The app passes `zodMessage` to each
 * parse instead (`useZodForm`), so that zod itself loads only with the first form's schema and
 * not with the sign-in page.
 */
export function installZodMessages(zod: typeof z) {
  zod.config({ customError: (issue) => zodMessage(issue) });
}
