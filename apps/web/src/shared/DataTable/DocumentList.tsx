import { Button } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useCan } from "../../app/session";
import { PageHeader } from "../PageHeader";
import type { FilterField } from "./AdvancedSearch";
import { type Column, DataTable, type RowAction } from "./DataTable";

interface Props<Row> {
  /** The page's title and description, translated. */
  title: string;
  description: string;
  /** Buttons beside the title. */
  headerActions?: ReactNode;
  /** The list endpoint, also the model whose hidden columns are remembered. */
  endpoint: string;
  /** i18n key of the table's title (print and export file). */
  listTitle: string;
  columns: Column<Row>[];
  filters: FilterField[];
  /** The amount filter (on unless said). */
  amountFilter?: boolean;
  /** A row's key: its `id` unless the row names it otherwise. */
  rowKey?: (row: Row) => number;
  /** The column the list is first sorted by (the date unless said). */
  defaultSort?: string;
  actions: RowAction<Row>[];
  /** The "Add" button: shown with `permission`, its translated label, test id and action. */
  add: { permission: string; label: string; testId: string; onClick: () => void };
  /** The delete confirmation (`useConfirmDelete`'s dialog) and any other dialog of the page. */
  dialogs?: ReactNode;
}

const byId = (row: unknown) => (row as { id: number }).id;

/**
 * A document list screen (SPEC §2 "List screens"): the header, the table by date with the date
 * and amount filters, the "Add" button and the rows' actions; a click on a row opens the document
 * as its "view" action does.
 */
export function DocumentList<Row extends object>(props: Props<Row>) {
  const can = useCan();
  const { add } = props;
  const rowKey: (row: Row) => number = props.rowKey ?? byId;
  const view = props.actions.find((a) => a.key === "view" && can(a.permission));
  return (
    <>
      <PageHeader title={props.title} description={props.description} actions={props.headerActions} />
      <DataTable<Row>
        endpoint={props.endpoint}
        model={props.endpoint}
        title={props.listTitle}
        columns={props.columns}
        rowKey={rowKey}
        filters={props.filters}
        dateFilter
        amountFilter={props.amountFilter ?? true}
        defaultSort={props.defaultSort ?? "date"}
        toolbar={
          can(add.permission) && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={add.onClick} data-testid={add.testId}>
              {add.label}
            </Button>
          )
        }
        actions={props.actions}
        onRowClick={view?.onClick}
      />
      {props.dialogs}
    </>
  );
}
