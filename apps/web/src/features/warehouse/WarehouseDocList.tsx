import { Badge } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { docDay } from "../../shared/api/ledger";
import { type Column, editDeleteActions, type FilterField } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { DocListPage } from "../../shared/ListPage";
import { useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { ROUTES, useInvalidateWarehouse, WD } from "./warehouseDocs.queries";
import "../../shared/amount.css";

/** A document without states (opening stock), or one still a draft. */
const isDraft = (r: object) => !("status" in r) || r.status === "draft";

/** The fields every warehouse document's list row has. */
interface DocListRow {
  id: number;
  number: string | null;
  date: string;
  inventory_name: string;
  note: string | null;
  created_by_name: string | null;
}

/** A draft or Done badge in the reader's language. */
export function DocStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("warehousedocs");
  return (
    <Badge variant="light" color={status === "complete" ? "green" : "gray"} data-testid="doc-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A draft or Done document: its status column and filter. */
export const docStatus = <Row extends { status: string }>(t: TFunction) => ({
  column: {
    key: "status",
    label: "warehousedocs:fields.status",
    text: (r) => t(`status.${r.status}`),
    render: (r) => <DocStatusBadge status={r.status} />,
  } satisfies Column<Row>,
  filter: {
    key: "status",
    label: "warehousedocs:fields.status",
    type: "select",
    options: ["draft", "complete"].map((v) => ({ value: v, label: t(`status.${v}`) })),
  } satisfies FilterField,
});

/**
 * The list of the warehouse documents of `section`: number, date, inventory, the document's own
 * `columns`, note and author, newest first; View opens the row's `viewPath`, Edit calls `onEdit`, Delete asks
 * first. `dialogs` (the document's form) come before the delete confirmation.
 */
export function WarehouseDocList<Row extends DocListRow>({
  section,
  columns,
  filters = [],
  amountFilter = false,
  add,
  viewPath,
  onEdit,
  dialogs,
}: {
  section: keyof typeof WD;
  columns: Column<Row>[];
  filters?: FilterField[];
  amountFilter?: boolean;
  add: { testId: string; onClick: () => void };
  /** What follows `{route}/view/` in the path of a document's view. */
  viewPath: (row: Row) => string;
  onEdit: (row: Row) => void;
  dialogs?: ReactNode;
}) {
  const fmt = useFormat();
  const names = useSeededNames();
  const navigate = useNavigate();
  const invalidate = useInvalidateWarehouse();
  const endpoint = WD[section];
  const del = useConfirmDelete<Row>(endpoint, {
    idOf: (r) => r.id,
    nameOf: (r) => r.number ?? String(r.id),
    onDeleted: () => invalidate(endpoint),
  });
  return (
    <DocListPage<Row>
      of={{ ns: "warehousedocs", name: section, endpoint, section: endpoint, del }}
      columns={[
        { key: "number", label: "warehousedocs:fields.number" },
        { key: "date", label: "warehousedocs:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
        { key: "inventory_name", label: "warehousedocs:fields.inventory", text: (r) => names.inventory(r.inventory_name) },
        ...columns,
        { key: "note", label: "warehousedocs:fields.note" },
        { key: "created_by_name", label: "warehousedocs:fields.createdBy" },
      ]}
      filters={filters}
      amountFilter={amountFilter}
      defaultSort="id"
      actions={[
        {
          key: "view",
          label: "warehousedocs:view",
          icon: IconEye,
          permission: `${endpoint}/show`,
          onClick: (r) => navigate(`${ROUTES[section]}/view/${viewPath(r)}`),
        },
        // A done count or write-off is changed no more (the server refuses it): only a draft is edited or deleted.
        ...editDeleteActions<Row>(endpoint, onEdit, del.ask).map((a) => ({ ...a, when: isDraft })),
      ]}
      add={add}
      dialogs={dialogs}
    />
  );
}
