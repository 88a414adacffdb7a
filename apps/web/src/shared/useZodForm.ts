import { type ChangeEvent, useCallback, useRef, useState } from "react";
import type { z } from "zod";
import { translateMessage } from "../app/i18n";
import { zodMessage } from "../app/zodMessages";
import { ApiError } from "./api/client";
import { ltrProps } from "./ltr";

export type FieldErrors = Record<string, string>;

/** Keys of V whose values are strings (index signatures aside): the ones a text input can be bound to. */
type TextKey<V> = keyof { [K in keyof V as string extends K ? never : V[K] extends string ? K : never]: true } & string;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** Two field values alike (a list's or an object's by content). */
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The value at a dotted path ("item_units.0.price") below a value. */
const at = (v: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((o, k) => (o !== null && typeof o === "object" ? (o as Record<PropertyKey, unknown>)[k] : undefined), v);

/** Whether a value holds the dotted path (the key there may hold nothing yet). */
const holds = (v: unknown, path: readonly string[]) => {
  const parent = at(v, path.slice(0, -1));
  return parent !== null && typeof parent === "object" && path[path.length - 1]! in parent;
};

/**
 * Whether what a message at `path` is about changed. A message under a key the form's values do
 * not hold (the server's `lines.0.item_fk`, where the form keeps the line's `item`) is about the
 * nearest part they hold: the line.
 */
function changedAt(before: unknown, after: unknown, path: readonly string[]): boolean {
  let p = path;
  while (p.length > 1 && !holds(before, p) && !holds(after, p)) p = p.slice(0, -1);
  return at(before, p) !== at(after, p);
}

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
    const value = issue.path.length ? at(input, issue.path) : undefined;
    const generic = /^[a-z]/.test(issue.message);
    if (!(issue.path.length && isEmpty(value) && generic)) out[field] = issue.message;
    else out[field] = issue.path.length === 1 ? `The ${field.replace(/_/g, " ")} field is required.` : "This field is required.";
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
  const current = useRef(values);
  current.current = values;
  // The record as last loaded (`load`), against which a field counts as typed in; none after a reset.
  const loaded = useRef<V | null>(null);

  // A message goes as soon as its value changes: the field's own, and those of the parts of a
  // list or object that changed ("item_units.0.price" when that price is typed in; a line's
  // "lines.0.item_fk" when the line's item is picked).
  const set = useCallback(<K extends keyof V>(key: K, value: V[K]) => {
    const before = current.current[key];
    current.current = { ...current.current, [key]: value };
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      const prefix = `${String(key)}.`;
      const gone = Object.keys(e).filter((k) => {
        if (k === key) return true;
        if (!k.startsWith(prefix)) return false;
        return changedAt(before, value, k.slice(prefix.length).split("."));
      });
      if (!gone.length) return e;
      const rest = { ...e };
      for (const k of gone) delete rest[k];
      return rest;
    });
  }, []);

  /** Parses the values; on failure shows the first message of each field and returns null. */
  function validate<S extends z.ZodType>(schema: S, input: unknown = values): z.infer<S> | null {
    // Checks without a text of their own answer with the web's texts (zodMessages.ts).
    const result = schema.safeParse(input, { error: zodMessage });
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
  /** Every field to these values (a form emptied after a save, a new document): nothing typed is kept. */
  const reset = useCallback((v: V) => {
    loaded.current = null;
    current.current = v;
    setValues(v);
    setErrors({});
  }, []);

  /**
   * The record as the server holds it, read for the first time or again (the query refetched on
   * focus, or after someone else saved it). The first time every field takes the server's value;
   * after that, a field whose value differs from what was last loaded was typed in, and keeps what
   * was typed and its message, while every other field takes the server's value.
   */
  const load = useCallback((v: V) => {
    const before = loaded.current;
    loaded.current = v;
    const typed = before ? (Object.keys(v) as (keyof V)[]).filter((k) => !same(current.current[k], before[k])) : [];
    const next = { ...v };
    for (const k of typed) next[k] = current.current[k];
    current.current = next;
    setValues(next);
    setErrors((e) => {
      const kept = Object.entries(e).filter(([k]) => typed.includes(k.split(".")[0] as keyof V));
      return kept.length === Object.keys(e).length ? e : Object.fromEntries(kept);
    });
  }, []);

  /**
   * Binds a text input (TextInput, PasswordInput, Textarea) to a string field: value, change,
   * message, name; identifiers (mobile, e-mail, code) read left to right.
   */
  const text = <K extends TextKey<V>>(key: K) => ({
    ...ltrProps(key),
    name: key,
    value: values[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.currentTarget.value as V[K]),
    error: error(key),
  });

  /** Binds an input that takes the field's own value (a select, a picker, an amount): value, change, message. */
  const field = <K extends keyof V & string>(key: K) => ({
    value: values[key],
    onChange: (value: V[K]) => set(key, value),
    error: error(key),
  });

  return { values, set, errors, error, text, field, setErrors, validate, applyServerErrors, reset, load };
}
