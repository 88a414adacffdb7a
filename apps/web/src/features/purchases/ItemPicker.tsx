import { Select } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api/client";
import { SEARCH_DEBOUNCE_MS } from "../../shared/DataTable/listState";
import type { PickItem } from "./purchases.queries";

/**
 * An item chosen from the catalogue by name, code or barcode (`items/list`, best matches first);
 * the item comes back with its units.
 */
export function ItemPicker({
  value,
  onChange,
  label,
  error,
  testId,
  inline = false,
}: {
  value: PickItem | null;
  onChange: (item: PickItem | null) => void;
  label: string;
  /** In a table row: the column names it, so the label is only for assistive technology. */
  inline?: boolean;
  error?: string | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const term = debounced && debounced !== value?.item_name ? debounced : "";
  const found = useQuery({
    queryKey: ["items", "list", term],
    queryFn: async () => (await api<{ message: PickItem[] }>("items/list", { query: { search: term || undefined, per_page: 20 } })).message,
    meta: { silent: true },
  });
  const rows = [...(value ? [value] : []), ...(found.data ?? []).filter((i) => i.item_id !== value?.item_id)];
  return (
    <Select
      label={inline ? undefined : label}
      aria-label={label}
      searchable
      clearable
      data={rows.map((i) => ({ value: String(i.item_id), label: i.item_name }))}
      value={value ? String(value.item_id) : null}
      onChange={(v) => onChange(rows.find((i) => String(i.item_id) === v) ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      error={error}
      nothingFoundMessage={t("messages:nothingFound")}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
