import { MSG } from "@app/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../shared/api/client";
import type { FilterField } from "../../shared/DataTable";
import { notifyError, notifySuccess } from "../../shared/notify";

/** Shows or hides an item or a category in the mobile app (the `activate` permission of SPEC §6). */
export function useToggleOnline(endpoint: "items" | "categories") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, online }: { id: number; online: boolean }) =>
      api<{ message?: string }>(`${endpoint}/${id}/activate`, { method: "POST", body: { is_active_online: online } }),
    onSuccess: (res) => {
      notifySuccess(res?.message ?? MSG.updated);
      void queryClient.invalidateQueries({ queryKey: [endpoint] });
    },
    onError: notifyError,
    meta: { silent: true },
  });
}

/** The list filter on whether a row is shown in the online shop (items and categories). */
export const ONLINE_FILTER: FilterField = {
  key: "is_active_online",
  label: "catalogue:fields.is_active_online",
  type: "select",
  options: [
    { value: "1", label: "catalogue:online.visible" },
    { value: "0", label: "catalogue:online.hidden" },
  ],
};
