import { useCallback, useEffect, useRef, useState } from "react";

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => Promise<void>;
}

/**
 * One answer loaded when the component mounts (and again every `everyMs`, or on `refetch`), for the
 * POS screen's first load, which does without the query cache: the last answer stays while the
 * next one loads, and an error is kept only until an answer comes.
 */
export function useLoad<T>(load: () => Promise<T>, everyMs?: number): Loaded<T> {
  const [state, setState] = useState<{ data: T | undefined; error: unknown; done: boolean }>({
    data: undefined,
    error: null,
    done: false,
  });
  const latest = useRef(load);
  latest.current = load;
  const live = useRef(true);
  const refetch = useCallback(async () => {
    try {
      const data = await latest.current();
      if (live.current) setState({ data, error: null, done: true });
    } catch (error) {
      if (live.current) setState((s) => ({ ...s, error, done: true }));
    }
  }, []);
  useEffect(() => {
    live.current = true;
    void refetch();
    const timer = everyMs ? setInterval(() => void refetch(), everyMs) : undefined;
    return () => {
      live.current = false;
      if (timer) clearInterval(timer);
    };
  }, [refetch, everyMs]);
  return { data: state.data, error: state.error, isPending: !state.done, refetch };
}
