export type { FilterField } from "./AdvancedSearch";
export { type Column, DataTable, listKey, type RowAction, StatusBadge } from "./DataTable";
export { DocumentList } from "./DocumentList";
export { docActions, editDeleteActions } from "./rowActions";
