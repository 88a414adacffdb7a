import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "../shared/api/client";
import { notifyError } from "../shared/notify";

declare module "@tanstack/react-query" {
  interface Register {
    // A list load failure only logs (SPEC §8); such queries say so with meta.silent.
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError(err, query) {
        if (query.meta?.silent) console.error(err);
        else notifyError(err);
      },
    }),
    mutationCache: new MutationCache({
      onError(err, _vars, _ctx, mutation) {
        if (!mutation.meta?.silent) notifyError(err);
      },
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // Client errors will not change on retry; only flaky network or server errors might.
        retry: (count, err) => count < 1 && !(err instanceof ApiError && err.status < 500),
      },
    },
  });
}
