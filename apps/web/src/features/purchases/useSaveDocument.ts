import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../shared/api/client";
import { notifyError, notifySuccess } from "../../shared/notify";
import { useInvalidateLedger } from "../accounting/ledger.queries";
import { issuesByPath } from "./routeParams";

interface SavedDocument {
  id: number;
  number: string | null;
  status?: string;
}

/**
 * Saves a document: checked first with the contract's schema (messages under their fields), then
 * `POST {endpoint}` or `PATCH {endpoint}/{id}` and, submitted to complete, a draft completed
 * (`POST {endpoint}/{id}/complete`, or as `completion` says); the server's field messages go to the form, anything else to
 * `onError` and a notice. On success: the message, the queries of `endpoint` and `invalidates`
 * and (unless `ledger` is false: a document that posts nothing) the ledger's figures refreshed,
 * then `onSaved`.
 */
export function useSaveDocument<R extends SavedDocument>(opts: {
  endpoint: string;
  /** The record edited, 0 for a new one. */
  id: number;
  schema: z.ZodType;
  payload: () => unknown;
  form: { applyServerErrors: (err: unknown) => boolean; setErrors: (errors: Record<string, string>) => void };
  savedMessage: (doc: R) => string;
  invalidates?: string[];
  ledger?: boolean;
  /** What "complete" does: from which status, by which action (`POST {endpoint}/{id}/{action}`); a draft completed unless said. */
  completion?: { from: string; action: string };
  onSaved: (doc: R) => void;
  /** Saved, but refused on completion: the draft as saved (the refusal then goes to `onError`). */
  onCompleteRefused?: (draft: R) => void;
  onError?: (err: unknown) => void;
}) {
  const queryClient = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  const save = useMutation({
    mutationFn: async ({ complete }: { complete: boolean }) => {
      const body = opts.payload();
      const doc =
        opts.id > 0
          ? (await api<{ data: R }>(`${opts.endpoint}/${opts.id}`, { method: "PATCH", body })).data
          : (await api<{ data: R }>(opts.endpoint, { method: "POST", body })).data;
      const completion = opts.completion ?? { from: "draft", action: "complete" };
      if (!complete || doc.status !== completion.from) return doc;
      try {
        return (await api<{ data: R }>(`${opts.endpoint}/${doc.id}/${completion.action}`, { method: "POST", body: {} })).data;
      } catch (err) {
        opts.onCompleteRefused?.(doc);
        throw err;
      }
    },
    onSuccess: (doc) => {
      notifySuccess(opts.savedMessage(doc));
      for (const key of [opts.endpoint, ...(opts.invalidates ?? [])]) void queryClient.invalidateQueries({ queryKey: [key] });
      if (opts.ledger !== false) invalidateLedger();
      opts.onSaved(doc);
    },
    onError: (err) => {
      opts.onError?.(err);
      if (!opts.form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });
  const submit = (complete = false) => {
    const result = opts.schema.safeParse(opts.payload());
    if (!result.success) {
      opts.form.setErrors(issuesByPath(result.error.issues));
      return;
    }
    save.mutate({ complete });
  };
  return { save, submit };
}
