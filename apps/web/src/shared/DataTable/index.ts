export type { FilterField } from "./AdvancedSearch";
export { type Column, DataTable, listKey, type RowAction, StatusBadge } from "./DataTable";
export { editDeleteActions } from "./rowActions";
