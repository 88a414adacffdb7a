import { MSG } from "@app/contracts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../shared/api/client";
import type { DataBody, ListBody } from "../../shared/api/types";
import { notifyError, notifySuccess } from "../../shared/notify";

/** The mobile app's settings screens: their endpoints, rows and the arrangement they share. */
export const MOBILE_ENDPOINTS = {
  cancellation: "order_cancellation_messages",
  sections: "mobile_app_sections",
  settings: "mobile_app_settings",
  customers: "online_customers",
} as const;

export interface CancellationMessageRow {
  message_id: number;
  message: string;
  active: boolean;
  arrangement: number;
}

export interface SectionRow {
  section_id: number;
  kind: "section" | "slider";
  title: string;
  description: string | null;
  source: "items" | "filters";
  start_price: string | null;
  end_price: string | null;
  category_fk: number | null;
  category_name: string | null;
  brand_fk: number | null;
  brand_name: string | null;
  items_count: number;
  image: string | null;
  active: boolean;
  arrangement: number;
}

export interface SectionRecord extends Omit<SectionRow, "items_count"> {
  items: { item_id: number; item_name: string }[];
  item_ids: number[];
}

export interface AppSettings {
  online_order_accepted_minutes: number;
  out_of_stock_min_qty: string;
  shop_open: boolean;
  min_order_amount: string;
  delivery_fee_mode: "flat" | "per_city";
  delivery_fee: string;
  city_fees: { city_fk: number; city_name: string; fee: string }[];
  currency_ids: number[];
  contact_phone: string | null;
}

export const sectionQuery = (id: number) =>
  queryOptions({
    queryKey: [MOBILE_ENDPOINTS.sections, "show", id],
    queryFn: async () => (await api<DataBody<SectionRecord>>(`${MOBILE_ENDPOINTS.sections}/${id}`)).data,
  });

export const appSettingsQuery = queryOptions({
  queryKey: [MOBILE_ENDPOINTS.settings, "show"],
  queryFn: async () => (await api<DataBody<AppSettings>>(MOBILE_ENDPOINTS.settings)).data,
});

/** Every row's id in the saved arrangement (the lists are short: a few dozen rows). */
async function arrangedIds(endpoint: string, idOf: (row: Record<string, unknown>) => number): Promise<number[]> {
  const body = await api<ListBody<Record<string, unknown>>>(endpoint, {
    query: { sortColumn: "arrangement", sortDir: "asc", per_page: 1000 },
  });
  return body.data.data.map(idOf);
}

/** The id list with `id` moved one place up (-1) or down (+1); unchanged at either end. */
export function moved(ids: number[], id: number, step: -1 | 1): number[] {
  const at = ids.indexOf(id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[at], next[to]] = [next[to]!, next[at]!];
  return next;
}

/** Moves a row one place up or down and saves the whole order (`POST {endpoint}/arrange`). */
export function useMoveRow(endpoint: string, idKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, step }: { id: number; step: -1 | 1 }) => {
      const ids = await arrangedIds(endpoint, (r) => Number(r[idKey]));
      const next = moved(ids, id, step);
      if (next === ids) return { message: MSG.updated };
      return api<{ message?: string }>(`${endpoint}/arrange`, { method: "POST", body: { ids: next } });
    },
    onSuccess: (res) => {
      notifySuccess(res?.message ?? MSG.updated);
      void queryClient.invalidateQueries({ queryKey: [endpoint] });
    },
    onError: notifyError,
    meta: { silent: true },
  });
}
