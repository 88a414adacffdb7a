import { LOG_GROUP } from "@app/contracts";
import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

/** The audit log (issue 42), under the staff: for whoever may read at least one module's log. */
export const AUDIT_FEATURES: Feature[] = [
  {
    key: "auditLog",
    path: "/staff/audit-log",
    screen: lazyScreen(() => import("./AuditLogPage"), "AuditLogPage"),
    // Holding any `model_loges/{module}_log` key grants the group key (`expandPermissions`).
    permission: LOG_GROUP,
    area: "staff",
    menu: true,
    tile: false,
  },
];
