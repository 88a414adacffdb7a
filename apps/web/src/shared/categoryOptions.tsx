import type { ComboboxItem, SelectProps } from "@mantine/core";
import { type CategoryNode, flattenTree } from "./api/catalogue";

/**
 * Select choices for a category tree: plain names as labels (so the chosen value reads cleanly)
 * and each option indented by its depth in the list.
 */
export function categoryOptions(tree: CategoryNode[], excluded: Set<number> = new Set()) {
  const flat = flattenTree(tree).filter((f) => !excluded.has(f.node.category_id));
  const depth = new Map(flat.map((f) => [String(f.node.category_id), f.depth]));
  const data: ComboboxItem[] = flat.map((f) => ({ value: String(f.node.category_id), label: f.node.category_name }));
  const renderOption: SelectProps["renderOption"] = ({ option }) => (
    <span style={{ paddingInlineStart: (depth.get(option.value) ?? 0) * 16, fontWeight: depth.get(option.value) ? 400 : 600 }}>
      {option.label}
    </span>
  );
  return { data, renderOption };
}
