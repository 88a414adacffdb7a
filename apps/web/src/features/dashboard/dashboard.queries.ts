import type { Dashboard, DashboardCurrency } from "@app/contracts";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../shared/api/client";

export const DASHBOARD = "dashboard";

export interface DashboardAsk {
  from: string;
  to: string;
  outlet: number | null;
  inventory: number | null;
  currency: DashboardCurrency;
}

/** The dashboard of a period (`GET /api/dashboard`); the figures shown stay while the next filters load. */
export const dashboardQuery = (ask: DashboardAsk) =>
  queryOptions({
    queryKey: [DASHBOARD, ask],
    // The route answers the dashboard itself, not inside `data`.
    queryFn: () =>
      api<Dashboard>(DASHBOARD, {
        query: {
          from: ask.from,
          to: ask.to,
          outlet_fk: ask.outlet ?? undefined,
          inventory_fk: ask.inventory ?? undefined,
          currency: ask.currency,
        },
      }),
    placeholderData: keepPreviousData,
    // A dashboard left open keeps up with the day's sales.
    refetchInterval: 5 * 60_000,
  });
