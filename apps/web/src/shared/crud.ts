import { MSG } from "@app/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "./api/client";
import { notifyError, notifySuccess } from "./notify";

interface Saved<T> {
  message?: string;
  data?: T;
}

/**
 * Generic CRUD of SPEC §7 for one endpoint. Successes show the server's text ("Added
 * Successfully" ...); a 422 goes to the form through onInvalid, anything else to a notice.
 */
export function useCrud<T = unknown>(endpoint: string, opts: { onInvalid?: (err: unknown) => boolean } = {}) {
  const queryClient = useQueryClient();
  const done = (fallback: string) => (res: Saved<T> | undefined) => {
    notifySuccess(typeof res?.message === "string" ? res.message : fallback);
    void queryClient.invalidateQueries({ queryKey: [endpoint] });
  };
  const onError = (err: unknown) => {
    if (!opts.onInvalid?.(err)) notifyError(err);
  };
  const create = useMutation({
    mutationFn: (body: unknown) => api<Saved<T>>(endpoint, { method: "POST", body }),
    onSuccess: done(MSG.added),
    onError,
    meta: { silent: true },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) =>
      api<Saved<T>>(`${endpoint}/${id}`, { method: "POST", body: { ...body, _method: "PATCH" } }),
    onSuccess: done(MSG.updated),
    onError,
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api<Saved<T>>(`${endpoint}/${id}`, { method: "DELETE" }),
    onSuccess: done(MSG.deleted),
    onError,
    meta: { silent: true },
  });
  return { create, update, remove };
}
