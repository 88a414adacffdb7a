import type { Icon } from "@tabler/icons-react";
import { IconEdit, IconEye, IconLock, IconLockOpen, IconTrash } from "@tabler/icons-react";
import type { RowAction } from "./DataTable";

/** Edit and Delete of a list row, behind the resource's `update` and `destroy` permissions (SPEC §6). */
export function editDeleteActions<Row>(resource: string, onEdit: (row: Row) => void, onDelete: (row: Row) => void): RowAction<Row>[] {
  return [docActions<Row>(resource).edit(onEdit), docActions<Row>(resource).delete(onDelete)];
}

/** A document row as its state reads: draft or complete (or its own states), open or closed. */
interface DocState {
  status?: string;
  is_closed?: boolean;
}

/**
 * What a document's state allows its row to offer (SPEC §4: draft and complete, open and closed):
 * a closed document changes only by being opened; a draft is completed, a complete one returned
 * to draft. The server refuses the rest in words; the menu does not offer them.
 */
export const docState = {
  open: (r: DocState) => !r.is_closed,
  closed: (r: DocState) => !!r.is_closed,
  /** Not closed, and in one of these states. */
  in:
    (...states: string[]) =>
    (r: DocState) =>
      !r.is_closed && states.includes(r.status ?? ""),
};

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
      { ...own("close", `${labels}.close`, IconLock, (r) => onClick(r, "close")), when: (r) => docState.open(r as DocState) },
      { ...own("open", `${labels}.open`, IconLockOpen, (r) => onClick(r, "open")), when: (r) => docState.closed(r as DocState) },
    ],
    delete: (onClick: (row: Row) => void): RowAction<Row> => ({
      ...own("delete", "common:delete", IconTrash, onClick, "destroy"),
      color: "red",
    }),
  };
}
