import { Badge, Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { ROLES_ENDPOINT, type RoleRow } from "../../shared/api/roles";
import { type Column, DataTable, editDeleteActions } from "../../shared/DataTable";
import { PageHeader } from "../../shared/PageHeader";
import { type SeededNames, useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { RoleForm } from "./RoleForm";

function PermissionCount({ count }: { count: number }) {
  const { t } = useTranslation("roles");
  return (
    <Badge variant="light" color="indigo">
      {t("permissionCount", { count })}
    </Badge>
  );
}

const columnsOf = (names: SeededNames): Column<RoleRow>[] => [
  { key: "role_name", label: "roles:fields.role_name", text: (r) => names.role(r.role_name) },
  {
    key: "permissions_count",
    label: "roles:fields.permissions",
    render: (r) => <PermissionCount count={r.permissions_count} />,
  },
  { key: "users_count", label: "roles:fields.users_count" },
  { key: "created_at", label: "common:createdAt", format: "datetime" },
];

export function RoleListPage() {
  const { t } = useTranslation("roles");
  const can = useCan();
  const names = useSeededNames();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const del = useConfirmDelete<RoleRow>(ROLES_ENDPOINT, { idOf: (r) => r.role_id, nameOf: (r) => r.role_name });
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <DataTable<RoleRow>
        endpoint={ROLES_ENDPOINT}
        model="roles"
        title="nav:items.roles"
        columns={columnsOf(names)}
        rowKey={(r) => r.role_id}
        defaultSort="role_id"
        toolbar={
          can("roles/store") && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="role-add">
              {t("add")}
            </Button>
          )
        }
        actions={editDeleteActions<RoleRow>("roles", (r) => setEditing(r.role_id), del.ask)}
      />
      {editing !== null && <RoleForm id={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}
