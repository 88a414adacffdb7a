import { useParams } from "react-router";
import type { z } from "zod";
import { translateMessage } from "../../app/i18n";

/** A record id from the address: a whole number above 0, else 0 (none). */
export const routeId = (value: string | undefined) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0);

/**
 * A document form's address (SPEC §2 `upsert/{id}/{isUpdate}/{from}/{newTab}`): the record `id`,
 * whether it is edited, the document it starts `from` (`copyOf`: from, or the id when not an edit)
 * and whether it opened in a new tab (1) or not (0).
 */
export function useDocRoute() {
  const params = useParams();
  const id = routeId(params.id);
  const isUpdate = params.isUpdate === "1" && id > 0;
  const from = routeId(params.from);
  return { id, isUpdate, from, copyOf: from || (!isUpdate ? id : 0), newTab: params.newTab === "1" ? 1 : 0 } as const;
}

/**
 * The first message of each field of a document with lines, keyed by its whole path as the
 * server names it ("lines.0.quantity"), so each shows under its own input.
 */
export function issuesByPath(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.join(".") : "form";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** A text of the server's or of a schema, in the reader's language. */
export const shown = (text: string | null | undefined) => (text ? translateMessage(text) : "");
