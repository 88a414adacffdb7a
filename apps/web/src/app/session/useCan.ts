import { can, type PermissionRequirement } from "@app/contracts";
import { useCallback } from "react";
import { useSession } from "./session.queries";

/** The permission check of packages/contracts, bound to the signed-in user. */
export function useCan() {
  const { me } = useSession();
  return useCallback((required: PermissionRequirement | undefined) => required === undefined || can(me, required), [me]);
}
