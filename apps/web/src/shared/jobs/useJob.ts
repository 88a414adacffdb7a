import type { Job, JobKind } from "@app/contracts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { ApiError, api } from "../api/client";
import { notifyError } from "../notify";

/** How often a queued or running job is read again. */
const POLL_MS = 700;
export const isActive = (job: Job | undefined | null) => job?.state === "queued" || job?.state === "running";

/**
 * A long job on a screen: the job's id lives in the URL (`?job=`), so a reload keeps showing it;
 * without one, the screen asks whether a job of its kinds is under way and shows that one. While
 * it runs, its row is read every POLL_MS; `onFinished` is called once when a job this page saw
 * under way ends (a finished job found after a reload is only shown).
 */
export function useJob(
  kinds: readonly JobKind[],
  opts: {
    onFinished?: (job: Job) => void;
    /**
     * false: only the job in the address is shown, never one of its kinds found under way (a job
     * on one record, e.g. one purchase's import, must not show on another's screen).
     */
    resume?: boolean;
    /** A refused start (the file checked at once): true when the screen shows it itself. */
    onStartError?: (err: unknown) => boolean;
  } = {},
) {
  const [params, setParams] = useSearchParams();
  const id = params.get("job");
  const setId = (next: string | null) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next) out.set("job", next);
        else out.delete("job");
        return out;
      },
      { replace: true },
    );
  const kindParam = kinds.join(",");
  const active = useQuery({
    queryKey: ["jobs", "active", kindParam],
    queryFn: () => api<{ data: Job | null }>(`jobs?kind=${kindParam}&active=1`),
    enabled: !id && opts.resume !== false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the answer of the look-up matters, once it comes
  useEffect(() => {
    const found = active.data?.data;
    if (!id && found) setId(found.id);
  }, [active.data]);

  const job = useQuery({
    queryKey: ["jobs", id],
    queryFn: () => api<{ data: Job }>(`jobs/${id}`),
    enabled: Boolean(id),
    refetchInterval: (q) => (!q.state.data || isActive(q.state.data.data) ? POLL_MS : false),
    // A restore's switch ends the server's connections once: the next read gets through.
    retry: 3,
    meta: { silent: true },
  });
  const current = job.data?.data ?? null;
  const seenActive = useRef(false);
  const onFinished = useRef(opts.onFinished);
  onFinished.current = opts.onFinished;
  const onStartError = useRef(opts.onStartError);
  onStartError.current = opts.onStartError;
  useEffect(() => {
    if (!current) return;
    if (isActive(current)) seenActive.current = true;
    else if (seenActive.current) {
      seenActive.current = false;
      onFinished.current?.(current);
    }
  }, [current]);

  /** Starts a job by its start route; a job of the same kind already under way is shown instead. */
  const start = useMutation({
    mutationFn: (req: { path: string; body?: unknown }) =>
      api<{ data: Job }>(req.path, { method: "POST", ...(req.body !== undefined ? { body: req.body } : {}) }),
    onSuccess: (res) => {
      seenActive.current = true;
      setId(res.data.id);
    },
    onError: (err) => {
      const busy = err instanceof ApiError && err.status === 409 ? (err.body as { data?: Job }).data : undefined;
      if (busy) {
        seenActive.current = true;
        setId(busy.id);
      } else if (!onStartError.current?.(err)) notifyError(err);
    },
    meta: { silent: true },
  });

  return {
    job: current,
    /** The job's record is gone: a restore replaced the data it was kept in. */
    lost: job.error instanceof ApiError && job.error.status === 404,
    running: isActive(current) || start.isPending,
    start: (path: string, body?: unknown) => start.mutate({ path, body }),
    /** Hides a finished job (the screen goes back to its start). */
    dismiss: () => setId(null),
  };
}
