import { Select, type SelectProps } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ComponentProps } from "react";
import { Autocomplete } from "../Autocomplete";
import { categoryTreeQuery, flattenTree } from "../api/catalogue";
import { inventoriesListQuery } from "../api/settings";
import { useSeededNames } from "../seededNames";

/** A report's filter by one of a list's ids (a salesman, a category, an inventory); cleared, it takes them all. */
export function IdSelect({
  value,
  onChange,
  ...select
}: { value: number | null; onChange: (v: number | null) => void } & Omit<SelectProps, "value" | "onChange">) {
  return <Select clearable {...select} value={value ? String(value) : null} onChange={(v) => onChange(v ? Number(v) : null)} />;
}

/** A report's filter by a record found by typing (a customer, an item), as wide as its names want. */
export function ChoiceField<Row>({ minWidth = 220, ...picker }: ComponentProps<typeof Autocomplete<Row>> & { minWidth?: number }) {
  return (
    <div style={{ minWidth }}>
      <Autocomplete<Row> {...picker} />
    </div>
  );
}

/** The inventories as a select's choices, by their names in the screen's language. */
export function useInventoryChoices() {
  const names = useSeededNames();
  const inventories = useQuery(inventoriesListQuery);
  return (inventories.data ?? []).map((i) => ({ value: String(i.inventory_id), label: names.inventory(i.inventory_name) }));
}

/** The categories as a select's choices, the tree's order flattened. */
export function useCategoryChoices() {
  const tree = useQuery(categoryTreeQuery);
  return flattenTree(tree.data ?? []).map((f) => ({ value: String(f.node.category_id), label: f.node.category_name }));
}
