import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../api/client";
import { useInvalidateLedger } from "../api/ledger";
import { notifyError, notifySuccess } from "../notify";
import { useFigureQuestion } from "../useFigureQuestion";
import { issuesByPath } from "./routeParams";

interface SavedDocument {
  id: number;
  number: string | null;
  status?: string;
}

/**
 * Saves a document: checked first with the contract's schema (messages under their fields), then
 * `POST {endpoint}` or `PATCH {endpoint}/{id}`; submitted to complete (or send), the same call
 * carries `complete: true` and the server saves and completes in one transaction, so a refused
 * completion leaves nothing saved (no new draft behind). The server's field messages go to the
 * form, anything else to `onError` and a notice. On success: the message, the queries of
 * `endpoint` and `invalidates` and (unless `ledger` is false: a document that posts nothing) the
 * ledger's figures refreshed, then `onSaved`. A rate far from the one in force is asked about
 * (`useFigureQuestion`): agreed, the same save goes again with `confirmed: true`; the page renders
 * `question`.
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
  onSaved: (doc: R) => void;
  onError?: (err: unknown) => void;
}) {
  const queryClient = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  const figure = useFigureQuestion();
  const save = useMutation({
    mutationFn: async ({ complete, confirmed }: { complete: boolean; confirmed?: boolean }) => {
      const payload = opts.payload() as Record<string, unknown>;
      const body = { ...payload, ...(complete ? { complete: true } : {}), ...(confirmed ? { confirmed: true } : {}) };
      return opts.id > 0
        ? (await api<{ data: R }>(`${opts.endpoint}/${opts.id}`, { method: "PATCH", body })).data
        : (await api<{ data: R }>(opts.endpoint, { method: "POST", body })).data;
    },
    onSuccess: (doc) => {
      notifySuccess(opts.savedMessage(doc));
      for (const key of [opts.endpoint, ...(opts.invalidates ?? [])]) void queryClient.invalidateQueries({ queryKey: [key] });
      if (opts.ledger !== false) invalidateLedger();
      opts.onSaved(doc);
    },
    onError: (err, vars) => {
      opts.onError?.(err);
      if (figure.ask(err, () => save.mutate({ ...vars, confirmed: true }))) {
        opts.form.applyServerErrors(err);
        return;
      }
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
  return { save, submit, question: figure.dialog };
}
