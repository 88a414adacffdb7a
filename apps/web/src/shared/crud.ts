import { MSG } from "@app/contracts";
import { type MutateOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { api } from "./api/client";
import { notifyError, notifySuccess } from "./notify";
import { useFigureQuestion } from "./useFigureQuestion";

interface Saved<T> {
  message?: string;
  data?: T;
}

type Options<T, V> = MutateOptions<Saved<T>, Error, V>;

/**
 * Generic CRUD of SPEC §7 for one endpoint. Successes show the server's text ("Added
 * Successfully" ...); a 422 goes to the form through onInvalid, anything else to a notice. With
 * `confirmable`, the server's question about a figure (a rate far from the one in force) is asked
 * (`useFigureQuestion`: the field's message shown too) and, agreed, the same create or update goes
 * again with `confirmed: true` and the options it was first called with; the page renders
 * `question` (and may `ask` about answers of its own requests, a multipart save).
 */
export function useCrud<T = unknown>(endpoint: string, opts: { onInvalid?: (err: unknown) => boolean; confirmable?: boolean } = {}) {
  const queryClient = useQueryClient();
  const figure = useFigureQuestion();
  const createOptions = useRef<Options<T, unknown> | undefined>(undefined);
  const updateOptions = useRef<Options<T, { id: number; body: Record<string, unknown> }> | undefined>(undefined);
  const done = (fallback: string) => (res: Saved<T> | undefined) => {
    notifySuccess(typeof res?.message === "string" ? res.message : fallback);
    void queryClient.invalidateQueries({ queryKey: [endpoint] });
  };
  const onError = (err: unknown) => {
    if (!opts.onInvalid?.(err)) notifyError(err);
  };
  /** The question asked, else the error as usual. */
  const askOr = (err: unknown, resend: () => void) => {
    if (opts.confirmable && figure.ask(err, resend)) opts.onInvalid?.(err);
    else onError(err);
  };
  const create = useMutation({
    mutationFn: (body: unknown) => api<Saved<T>>(endpoint, { method: "POST", body }),
    onSuccess: done(MSG.added),
    onError: (err, body) =>
      askOr(err, () => create.mutate({ ...(body as Record<string, unknown>), confirmed: true }, createOptions.current)),
    meta: { silent: true },
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) =>
      api<Saved<T>>(`${endpoint}/${id}`, { method: "POST", body: { ...body, _method: "PATCH" } }),
    onSuccess: done(MSG.updated),
    onError: (err, vars) =>
      askOr(err, () => update.mutate({ id: vars.id, body: { ...vars.body, confirmed: true } }, updateOptions.current)),
    meta: { silent: true },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api<Saved<T>>(`${endpoint}/${id}`, { method: "DELETE" }),
    onSuccess: done(MSG.deleted),
    onError,
    meta: { silent: true },
  });
  if (!opts.confirmable) return { create, update, remove, question: null, ask: figure.ask };
  // The options of the latest call, for the same call sent again confirmed.
  type UpdateVars = { id: number; body: Record<string, unknown> };
  const remembered = {
    create: {
      ...create,
      mutate: (body: unknown, o?: Options<T, unknown>) => {
        createOptions.current = o;
        create.mutate(body, o);
      },
    },
    update: {
      ...update,
      mutate: (vars: UpdateVars, o?: Options<T, UpdateVars>) => {
        updateOptions.current = o;
        update.mutate(vars, o);
      },
    },
  };
  return { ...remembered, remove, question: figure.dialog, ask: figure.ask };
}
