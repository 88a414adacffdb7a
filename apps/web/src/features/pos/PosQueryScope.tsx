import { type QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useContext } from "react";
import { createQueryClient } from "../../app/queryClient";

let client: QueryClient | null = null;

/**
 * The query cache for the till's dialogs: the back office's when the POS screen shows inside it,
 * else one of the screen's own, made when the first dialog opens (the screen's first load does
 * without it).
 */
export function PosQueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  client ??= createQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
