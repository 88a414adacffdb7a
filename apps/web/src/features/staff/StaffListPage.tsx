import { USER_STATUSES } from "@app/contracts";
import { Badge, Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { STAFF_ENDPOINT, type StaffRow } from "../../shared/api/staff";
import { type Column, DataTable, editDeleteActions, type FilterField, StatusBadge } from "../../shared/DataTable";
import { ListThumb } from "../../shared/ListThumb";
import { PageHeader } from "../../shared/PageHeader";
import { type SeededNames, useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { StaffForm } from "./StaffForm";

export const STATUS_COLORS = { active: "teal", inactive: "gray", blocked: "red" };

const columnsOf = (names: SeededNames): Column<StaffRow>[] => [
  { key: "user_image_path", label: "fields:image", render: (r) => <ListThumb file={r.user_image_path} /> },
  { key: "user_name", label: "staff:fields.user_name" },
  { key: "user_code", label: "staff:fields.user_code" },
  { key: "user_full_name", label: "staff:fields.user_full_name" },
  { key: "email", label: "staff:fields.email" },
  { key: "role_name", label: "staff:fields.role_name", text: (r) => names.role(r.role_name) },
  { key: "outlet_name", label: "staff:fields.outlet_name", text: (r) => names.outlet(r.outlet_name) },
  { key: "status", label: "staff:fields.status", render: (r) => <StatusBadge value={r.status} colors={STATUS_COLORS} /> },
  { key: "is_cashier", label: "staff:fields.is_cashier", render: (r) => <CashierBadge on={r.is_cashier} /> },
  { key: "created_at", label: "common:createdAt", format: "datetime" },
];

const filters: FilterField[] = [
  {
    key: "status",
    label: "staff:fields.status",
    type: "select",
    options: USER_STATUSES.map((s) => ({ value: s, label: `common:status.${s}` })),
  },
  {
    key: "is_cashier",
    label: "staff:fields.is_cashier",
    type: "select",
    options: [
      { value: "1", label: "common:yes" },
      { value: "0", label: "common:no" },
    ],
  },
];

function CashierBadge({ on }: { on: boolean }) {
  const { t } = useTranslation("common");
  return (
    <Badge variant="dot" color={on ? "teal" : "gray"}>
      {on ? t("yes") : t("no")}
    </Badge>
  );
}

export function StaffListPage() {
  const { t } = useTranslation("staff");
  const names = useSeededNames();
  const can = useCan();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const del = useConfirmDelete<StaffRow>(STAFF_ENDPOINT, { idOf: (r) => r.user_id, nameOf: (r) => r.user_name });

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <DataTable<StaffRow>
        endpoint={STAFF_ENDPOINT}
        model="users"
        title="nav:items.staff"
        columns={columnsOf(names)}
        rowKey={(r) => r.user_id}
        filters={filters}
        dateFilter
        defaultSort="user_id"
        toolbar={
          can("users/store") && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="staff-add">
              {t("add")}
            </Button>
          )
        }
        actions={editDeleteActions<StaffRow>("users", (r) => setEditing(r.user_id), del.ask)}
      />
      {editing !== null && <StaffForm id={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}
