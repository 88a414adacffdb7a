import { unprocessable } from "./errors.js";
import type { RawQuery } from "./list.js";

/** A query parameter as one text: the last of a repeated one, undefined when it is not a text. */
export const one = (v: unknown): string | undefined => (Array.isArray(v) ? one(v[v.length - 1]) : typeof v === "string" ? v : undefined);
const ID = /^[1-9]\d{0,9}$/;

/** `filter[key]` (or `key`) as a positive id, when given. */
export function idParam(raw: RawQuery, key: string): number | undefined {
  const s = one(raw[key]) ?? one(raw[`filter[${key}]`]);
  if (s === undefined || s === "") return undefined;
  if (!ID.test(s) || Number(s) > 2_147_483_647) throw unprocessable({ [key]: ["The filter is not allowed."] });
  return Number(s);
}
