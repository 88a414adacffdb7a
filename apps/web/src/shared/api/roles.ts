import type { MenuTreeNode } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { DataBody, MessageBody } from "./types";

export const ROLES_ENDPOINT = "roles";

export interface RoleRow {
  role_id: number;
  role_name: string;
  permissions_count: number;
  users_count: number;
  created_at: string;
}

export interface RoleRecord {
  role_id: number;
  role_name: string;
  permissions: string[];
}

export const roleQuery = (id: number) =>
  queryOptions({
    queryKey: [ROLES_ENDPOINT, "show", id],
    queryFn: async () => (await api<DataBody<RoleRecord>>(`${ROLES_ENDPOINT}/${id}`)).data,
  });

export const menuTreeQuery = queryOptions({
  queryKey: ["menu", "menu_tree"],
  queryFn: async () => (await api<MessageBody<MenuTreeNode[]>>("menu/menu_tree")).message,
  staleTime: Number.POSITIVE_INFINITY,
});
