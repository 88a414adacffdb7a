import { IconEdit, IconTrash } from "@tabler/icons-react";
import type { RowAction } from "./DataTable";

/** Edit and Delete of a list row, behind the resource's `update` and `destroy` permissions (SPEC §6). */
export function editDeleteActions<Row>(resource: string, onEdit: (row: Row) => void, onDelete: (row: Row) => void): RowAction<Row>[] {
  return [
    { key: "edit", label: "common:edit", icon: IconEdit, permission: `${resource}/update`, onClick: onEdit },
    { key: "delete", label: "common:delete", icon: IconTrash, color: "red", permission: `${resource}/destroy`, onClick: onDelete },
  ];
}
