export type { FilterField } from "./AdvancedSearch";
export { type Column, DataTable, type DataTableProps, listKey, type RowAction, StatusBadge } from "./DataTable";
export { DocumentList } from "./DocumentList";
export { useDocColumns } from "./docColumns";
export { docActions, docState, editDeleteActions } from "./rowActions";
