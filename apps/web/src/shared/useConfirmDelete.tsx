import { useState } from "react";
import { ConfirmDelete } from "./ConfirmDialog";
import { useCrud } from "./crud";

interface Options<Row> {
  /** The id sent to `DELETE {endpoint}/{id}`; a row without one cannot be deleted. */
  idOf: (row: Row) => number | null | undefined;
  /** What the question names ("Delete {{name}}?"). */
  nameOf: (row: Row) => string;
  /** After a delete succeeded, besides the endpoint's own queries (the ledger-derived ones, say). */
  onDeleted?: () => void;
}

/**
 * Delete of a list row behind the shared confirmation: `ask(row)` opens it, Delete calls
 * `DELETE {endpoint}/{id}`, shows "Deleted Successfully", refreshes the endpoint's queries and
 * closes; a failure shows its notice and leaves the question open. Render `dialog` once.
 */
export function useConfirmDelete<Row>(endpoint: string, { idOf, nameOf, onDeleted }: Options<Row>) {
  const [row, setRow] = useState<Row | null>(null);
  const { remove } = useCrud(endpoint);
  const close = () => setRow(null);
  const confirm = () => {
    const id = row === null ? null : idOf(row);
    if (!id) return;
    remove.mutate(id, {
      onSuccess: () => {
        onDeleted?.();
        close();
      },
    });
  };
  const dialog = (
    <ConfirmDelete
      opened={row !== null}
      name={row === null ? "" : nameOf(row)}
      loading={remove.isPending}
      onClose={close}
      onConfirm={confirm}
    />
  );
  return { ask: (r: Row) => setRow(() => r), dialog };
}
