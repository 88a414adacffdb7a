import type { Icon } from "@tabler/icons-react";
import { IconEdit, IconEye, IconLock, IconLockOpen, IconTrash } from "@tabler/icons-react";
import type { RowAction } from "./DataTable";

/** Edit and Delete of a list row, behind the resource's `update` and `destroy` permissions (SPEC §6). */
export function editDeleteActions<Row>(resource: string, onEdit: (row: Row) => void, onDelete: (row: Row) => void): RowAction<Row>[] {
  return [docActions<Row>(resource).edit(onEdit), docActions<Row>(resource).delete(onDelete)];
}

/**
 * The row actions of a document list (purchases, returns, quotations, consignments), each behind
 * the permission `{section}/{action}`: view, edit, an action of the section's own (a state change
 * or another screen), close and open, delete.
 */
export function docActions<Row>(section: string) {
  const own = (key: string, label: string, icon: Icon, onClick: (row: Row) => void, permission = key): RowAction<Row> => ({
    key,
    label,
    icon,
    permission: `${section}/${permission}`,
    onClick,
  });
  return {
    /** View, under `show`; `label` is the namespace's own "View". */
    view: (label: string, onClick: (row: Row) => void) => own("view", label, IconEye, onClick, "show"),
    edit: (onClick: (row: Row) => void) => own("edit", "common:edit", IconEdit, onClick, "update"),
    /** An action of the section's own, under `{section}/{permission}` (its key unless said). */
    own,
    /** Close and open (`labels`: the namespace whose `close` and `open` name them, e.g. "purchases:actions"). */
    closeOpen: (labels: string, onClick: (row: Row, action: "close" | "open") => void): RowAction<Row>[] => [
      own("close", `${labels}.close`, IconLock, (r) => onClick(r, "close")),
      own("open", `${labels}.open`, IconLockOpen, (r) => onClick(r, "open")),
    ],
    delete: (onClick: (row: Row) => void): RowAction<Row> => ({
      ...own("delete", "common:delete", IconTrash, onClick, "destroy"),
      color: "red",
    }),
  };
}
