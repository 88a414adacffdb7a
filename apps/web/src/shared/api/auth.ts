import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { DataBody, LoginOptions, MessageBody } from "./types";

export interface LoginCashier {
  user_id: number;
  user_name: string;
  user_code: string | null;
}

export const loginOptionsQuery = queryOptions({
  queryKey: ["login_options"],
  queryFn: async () => (await api<DataBody<LoginOptions>>("login_options")).data,
  staleTime: 60_000,
});

export const loginCashiersQuery = (outletId: number | null, option: "Name" | "Code") =>
  queryOptions({
    queryKey: ["login_cashiers", outletId, option],
    queryFn: async () =>
      (await api<MessageBody<LoginCashier[]>>(`login_cashiers_list/${outletId}`, { query: { cashier_login_option: option } })).message,
    enabled: outletId !== null,
    retry: false,
  });
