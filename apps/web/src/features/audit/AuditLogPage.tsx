import { LOGGED_SECTIONS, logKey } from "@app/contracts";
import { useState } from "react";
import { useCan } from "../../app/session";
import type { AuditEntry } from "../../shared/api/auditLog";
import { AUDIT_ACTIONS } from "../../shared/audit/actions";
import { useAuditLabels } from "../../shared/audit/labels";
import type { Column } from "../../shared/DataTable";
import { ListPage, selectFilter } from "../../shared/ListPage";
import { AuditEntryDrawer } from "./AuditEntryDrawer";
import { ChainVerify } from "./ChainVerify";

type Row = Omit<AuditEntry, "before" | "after">;

/**
 * The audit log: every change the user may read (the modules whose log key they hold), newest
 * first; a row opens the entry with the record before and after.
 */
export function AuditLogPage() {
  const can = useCan();
  const labels = useAuditLabels();
  const [opened, setOpened] = useState<number | null>(null);
  const modules = LOGGED_SECTIONS.filter((s) => can(logKey(s)));

  const columns: Column<Row>[] = [
    { key: "module", label: "audit:columns.module", text: (r) => labels.module(r.module) },
    { key: "record_id", label: "audit:columns.record_id" },
    { key: "action", label: "audit:columns.action", text: (r) => labels.action(r.action) },
    { key: "user_name", label: "audit:columns.user_name" },
    { key: "created_at", label: "audit:columns.created_at", format: "datetime" },
    { key: "ip", label: "audit:columns.ip" },
  ];

  return (
    <>
      <ListPage<Row>
        ns="audit"
        name="log"
        endpoint="model_loges"
        model="model_loges"
        above={<ChainVerify />}
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort="id"
        defaultDir="desc"
        dateFilter
        onRowClick={(r) => setOpened(Number(r.id))}
        filters={[
          selectFilter(
            "module",
            "audit:columns.module",
            modules.map((m) => ({ value: m, label: `permissions:sections.${m}` })),
          ),
          selectFilter(
            "action",
            "audit:columns.action",
            AUDIT_ACTIONS.map((a) => ({ value: a, label: `audit:actions.${a}` })),
          ),
          { key: "user_name", label: "audit:columns.user_name", type: "text" },
          { key: "record_id", label: "audit:columns.record_id", type: "text" },
          { key: "ip", label: "audit:columns.ip", type: "text" },
        ]}
      />
      <AuditEntryDrawer id={opened} onClose={() => setOpened(null)} />
    </>
  );
}
