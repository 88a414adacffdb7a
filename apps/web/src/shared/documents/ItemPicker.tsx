import { normalizeDigits } from "@app/contracts";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../api/client";
import type { PickItem } from "../api/purchases";
import { SEARCH_DEBOUNCE_MS } from "../DataTable/listState";
import { SearchSelect } from "../SearchSelect";

type CodedItem = Omit<PickItem, "item_units"> & { item_units: (PickItem["item_units"][number] & { barcode?: string | null })[] };

/**
 * The item a code typed or scanned into the picker names: the one whose barcode or code it is,
 * else the only item found; with the unit whose barcode it is (a box's barcode names the box).
 */
export function itemForCode(code: string, found: CodedItem[]): { item: PickItem; unit: number | null } | null {
  const byBarcode = found.find((i) => i.item_units.some((u) => u.barcode === code));
  if (byBarcode) return { item: byBarcode, unit: byBarcode.item_units.find((u) => u.barcode === code)!.unit_fk };
  const item = found.find((i) => i.item_code === code) ?? (found.length === 1 ? found[0]! : null);
  return item ? { item, unit: null } : null;
}

/**
 * An item chosen from the catalogue by name, code or barcode (`items/list`, best matches first);
 * the item comes back with its units. Enter never submits the document from here: a name whose
 * matches are in and find one item takes it; otherwise (a scanner ends its code with Enter,
 * mostly before the matches have come back) the typed code is looked up and the item it names
 * taken.
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
  /** The item chosen, and the unit a scanned barcode names (else null: the caller's default unit). */
  onChange: (item: PickItem | null, unit?: number | null) => void;
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
    // The choices stay until the next search's arrive, so one picked as the search changes is found.
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const rows = [...(value ? [value] : []), ...(found.data ?? []).filter((i) => i.item_id !== value?.item_id)];
  return (
    <SearchSelect
      label={inline ? undefined : label}
      aria-label={label}
      clearable
      data={rows.map((i) => ({ value: String(i.item_id), label: i.item_name }))}
      value={value ? String(value.item_id) : null}
      onChange={(v) => onChange(rows.find((i) => String(i.item_id) === v) ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      error={error}
      nothingFoundMessage={t("messages:nothingFound")}
      // The matches answer the search typed now, not one typed before.
      settled={!found.isFetching && found.isSuccess && term !== "" && term === search}
      onUnmatchedEnter={(typed) => {
        const code = normalizeDigits(typed);
        if (!code || code === value?.item_name) return;
        void api<{ message: CodedItem[] }>("items/list", { query: { search: code, per_page: 5 } }).then(({ message }) => {
          const picked = itemForCode(code, message);
          if (picked) {
            onChange(picked.item, picked.unit);
            setSearch(picked.item.item_name);
          }
        });
      }}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
