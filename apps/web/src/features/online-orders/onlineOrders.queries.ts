import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../shared/api/client";
import type { DataBody } from "../../shared/api/types";
import { notifyError, notifySuccess } from "../../shared/notify";

/** The back office's online orders: the board, one order, the drivers and the actions. */
export const ONLINE_ORDERS = "online_orders";
export const onlineOrdersKey = [ONLINE_ORDERS] as const;

export type OrderStatus = "pending" | "confirmed" | "delivered" | "cancelled";
export type BoardColumn = "pending" | "confirmed" | "out_for_delivery" | "delivered" | "cancelled";
export const BOARD_COLUMNS: BoardColumn[] = ["pending", "confirmed", "out_for_delivery", "delivered", "cancelled"];

export interface BoardOrder {
  order_id: number;
  order_no: string;
  status: OrderStatus;
  board_column: BoardColumn;
  customer_name: string | null;
  customer_mobile: string | null;
  address: { city_name: string; landmark: string; street: string | null };
  currency_id: number;
  total: string;
  note: string | null;
  ordered_at: string | null;
  confirmed_at: string | null;
  confirmed_by_name: string | null;
  delivered_at: string | null;
  delivered_by_name: string | null;
  cancelled_at: string | null;
  cancelled_by_name: string | null;
  cancel_reason_text: string | null;
  sale_fk: number | null;
  sale_number: string | null;
  invoice_status: "delivered" | "returned" | null;
  driver_fk: number | null;
  driver_name: string | null;
  handed_over_at: string | null;
  collected_amount: string | null;
  settlement_fk: number | null;
  lines_count?: number;
}

export interface OrderShown extends BoardOrder {
  lines: { line_id: number; item_name: string; unit_name: string; quantity: string; net_price: string; line_total: string }[];
  events: {
    event_id: number;
    action: string;
    status: string;
    user_name: string | null;
    by_customer: boolean;
    note: string | null;
    at: string;
  }[];
}

export interface DriverCash {
  driver_id: number;
  user_name: string;
  cash_iqd: string;
  cash_usd: string;
  out_count: number;
  unsettled_count: number;
}

export const boardQuery = queryOptions({
  queryKey: [ONLINE_ORDERS, "board"],
  queryFn: () => api<DataBody<BoardOrder[]>>("online_orders/board").then((r) => r.data),
});

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: [ONLINE_ORDERS, "order", id],
    queryFn: () => api<DataBody<OrderShown>>(`online_orders/${id}`).then((r) => r.data),
  });

/** SPEC §4: the pending count, every 30 seconds (a background read: it is no activity of the user). */
export const PENDING_POLL_MS = 30_000;
export const pendingCountQuery = queryOptions({
  queryKey: [ONLINE_ORDERS, "pending"],
  queryFn: () => api<{ message: number }>("online_orders/pending_order_alert").then((r) => Number(r.message)),
  refetchInterval: PENDING_POLL_MS,
  refetchIntervalInBackground: true,
});

export const driversQuery = queryOptions({
  queryKey: [ONLINE_ORDERS, "drivers"],
  queryFn: () => api<DataBody<DriverCash[]>>("home_delivery/drivers").then((r) => r.data),
});

export const staffQuery = queryOptions({
  queryKey: [ONLINE_ORDERS, "staff"],
  queryFn: () => api<{ message: { user_id: number; user_name: string }[] }>("home_delivery/staff").then((r) => r.message),
  staleTime: 60_000,
});

export const settlementAccountsQuery = queryOptions({
  queryKey: [ONLINE_ORDERS, "accounts"],
  queryFn: () =>
    api<{ message: { account_id: number; account_name: string; currency_id: number; system_key: string | null }[] }>(
      "home_delivery/cash_accounts",
    ).then((r) => r.message),
});

export const cancellationMessagesQuery = queryOptions({
  queryKey: [ONLINE_ORDERS, "cancellation_messages"],
  queryFn: () => api<{ message: { message_id: number; message: string }[] }>("order_cancellation_messages/list").then((r) => r.message),
  staleTime: 60_000,
});

export type OrderAction = "confirm" | "deliver" | "return_to_pending" | "return_to_confirm" | "cancel" | "assign_driver" | "hand_over";

/** One action on an order; the board, the order and the drivers' figures are read again after it. */
export function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: OrderAction; body?: unknown }) =>
      api<{ message: string; data: OrderShown }>(`online_orders/${id}/${action}`, { method: "POST", body: body ?? {} }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void queryClient.invalidateQueries({ queryKey: onlineOrdersKey });
      // A delivery or its return posts a sale: the ledger's and the sales' figures change.
      void queryClient.invalidateQueries({ queryKey: ["sales"] });
    },
    onError: notifyError,
    meta: { silent: true },
  });
}
