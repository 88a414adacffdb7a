import { type ChangeEvent, useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { translateMessage } from "../app/i18n";
import { ApiError } from "./api/client";

export type FieldErrors = Record<string, string>;

/** Keys of V whose values are strings (index signatures aside): the ones a text input can be bound to. */
type TextKey<V> = keyof { [K in keyof V as string extends K ? never : V[K] extends string ? K : never]: true } & string;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * The first message of each field. A field left empty whose message is a fragment that names no
 * field ("must be a number with at most 3 decimals", "must be greater than 0") answers "The {field}
 * field is required." instead; texts of the schema's own ("The email must be a valid email
 * address.", "Payment Time is a required field") stay as written.
 */
export function issueMessages(issues: readonly z.core.$ZodIssue[], input: unknown): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "form");
    if (field in out) continue;
    const value = issue.path.length && input && typeof input === "object" ? (input as Record<string, unknown>)[field] : undefined;
    const generic = /^[a-z]/.test(issue.message);
    out[field] =
      issue.path.length === 1 && isEmpty(value) && generic ? `The ${field.replace(/_/g, " ")} field is required.` : issue.message;
  }
  return out;
}

/**
 * Form state validated with the same zod schema the server uses. Messages are kept in English
 * (as the schema writes them) and translated when shown, so a language switch re-renders them.
 */
export function useZodForm<V extends Record<string, unknown>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Fields whose message the form shows somewhere: a server message for any other field would
  // land nowhere, so it goes to a notice instead (a transfer's "No Enough Balance IQD" names
  // account_id, which the transfer form shows as two other fields).
  const shown = useRef(new Set<string>());

  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key as string]: _dropped, ...rest } = e;
      return rest;
    });
  }, []);

  /** Parses the values; on failure shows the first message of each field and returns null. */
  function validate<S extends z.ZodType>(schema: S, input: unknown = values): z.infer<S> | null {
    const result = schema.safeParse(input);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    setErrors(issueMessages(result.error.issues, input));
    return null;
  }

  /**
   * Puts a 422 answer's messages beside their fields; true when every one of them is shown so.
   * Otherwise (another status, or a field the form does not show) the caller shows the notice.
   */
  function applyServerErrors(err: unknown): boolean {
    if (!(err instanceof ApiError) || err.status !== 422 || !err.body.errors) return false;
    const next: FieldErrors = {};
    for (const [field, msgs] of Object.entries(err.body.errors)) {
      const first = Array.isArray(msgs) ? msgs[0] : msgs;
      if (first) next[field] = first;
    }
    setErrors(next);
    const fields = Object.keys(next);
    return fields.length > 0 && fields.every((f) => shown.current.has(f));
  }

  /** A field's message in the current language; server answers may name fields the form does not hold ("from_account_id"). */
  const error = (field: (keyof V & string) | (string & {})) => {
    shown.current.add(field);
    return errors[field] ? translateMessage(errors[field]) : undefined;
  };
  const reset = useCallback((v: V) => {
    setValues(v);
    setErrors({});
  }, []);

  /** Binds a text input (TextInput, PasswordInput, Textarea) to a string field: value, change, message, name. */
  const text = <K extends TextKey<V>>(key: K) => ({
    name: key,
    value: values[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.currentTarget.value as V[K]),
    error: error(key),
  });

  return { values, set, errors, error, text, setErrors, validate, applyServerErrors, reset };
}
