import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { DataBody, MessageBody } from "./types";

export const STAFF_ENDPOINT = "users";

export interface StaffRow {
  user_id: number;
  user_name: string;
  user_code: string | null;
  user_full_name: string | null;
  email: string;
  user_image_path: string | null;
  role_name: string | null;
  outlet_name: string | null;
  status: "active" | "inactive" | "blocked";
  is_cashier: boolean;
  created_at: string;
}

export interface StaffRecord extends StaffRow {
  user_role: number | null;
  outlet_fk: number | null;
  user_dob: string | null;
  user_joining_date: string | null;
  gender: string | null;
  marital_status: string | null;
  blood_group: string | null;
  nationality: string | null;
  is_salesman: boolean;
  sale_man_name: string | null;
  sale_man_mail: string | null;
  /** Decimals as the server keeps them, at a fixed scale ("750000.500", "2.50"). */
  base_salary: string | null;
  commission_type: string | null;
  sale_man_commission_percentage: string | null;
  sale_man_commission_percentage_1: string | null;
  sale_man_commission_percentage_2: string | null;
  sale_man_commission_percentage_3: string | null;
  sale_man_quota_1: string | null;
  sale_man_quota_2: string | null;
  sale_man_quota_3: string | null;
  /** Keys given to this person directly, beside those of their role. */
  permissions: string[] | null;
  /** The inventories they use (a cashier sells from one of them). */
  inventory_ids: number[];
}

export const staffQuery = (id: number) =>
  queryOptions({
    queryKey: [STAFF_ENDPOINT, "show", id],
    queryFn: async () => (await api<DataBody<StaffRecord>>(`${STAFF_ENDPOINT}/${id}`)).data,
  });

export const rolesListQuery = queryOptions({
  queryKey: ["roles", "list"],
  queryFn: async () => (await api<MessageBody<{ role_id: number; role_name: string; permissions: string[] }[]>>("roles/list")).message,
});

export const outletsListQuery = queryOptions({
  queryKey: ["outlets_list"],
  queryFn: async () => (await api<MessageBody<{ outlet_id: number; outlet_name: string }[]>>("outlets_list")).message,
});

/** The inventories the signed-in user uses: only those can be given to someone else. */
export const inventoriesListQuery = queryOptions({
  queryKey: ["inventories", "dropdown", "inventories/list"],
  queryFn: async () => (await api<MessageBody<{ inventory_id: number; inventory_name: string }[]>>("inventories/list")).message,
  staleTime: 60_000,
});
