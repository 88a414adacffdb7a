import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../shared/api/client";
import { notifyError, notifySuccess } from "../../shared/notify";
import { useInvalidateLedger } from "../accounting/ledger.queries";
import { issuesByPath } from "./routeParams";

interface SavedDocument {
  id: number;
  number: string | null;
}

/**
 * Saves a document that posts (a return): checked first with the contract's schema (messages
 * under their fields), then `POST {endpoint}` or `PATCH {endpoint}/{id}`; the server's field
 * messages go to the form, anything else to a notice. On success: the message, the queries of
 * `invalidates` and the ledger's figures refreshed, then `onSaved`.
 */
export function useSaveDocument<R extends SavedDocument>(opts: {
  endpoint: string;
  /** The record edited, 0 for a new one. */
  id: number;
  schema: z.ZodType;
  payload: () => unknown;
  form: { applyServerErrors: (err: unknown) => boolean; setErrors: (errors: Record<string, string>) => void };
  savedMessage: (doc: R) => string;
  invalidates: string[];
  onSaved: (doc: R) => void;
}) {
  const queryClient = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  const save = useMutation({
    mutationFn: async () => {
      const body = opts.payload();
      return opts.id > 0
        ? (await api<{ data: R }>(`${opts.endpoint}/${opts.id}`, { method: "PATCH", body })).data
        : (await api<{ data: R }>(opts.endpoint, { method: "POST", body })).data;
    },
    onSuccess: (doc) => {
      notifySuccess(opts.savedMessage(doc));
      for (const key of [opts.endpoint, ...opts.invalidates]) void queryClient.invalidateQueries({ queryKey: [key] });
      invalidateLedger();
      opts.onSaved(doc);
    },
    onError: (err) => {
      if (!opts.form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });
  const submit = () => {
    const result = opts.schema.safeParse(opts.payload());
    if (!result.success) {
      opts.form.setErrors(issuesByPath(result.error.issues));
      return;
    }
    save.mutate();
  };
  return { save, submit };
}
