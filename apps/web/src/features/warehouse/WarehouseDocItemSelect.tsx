import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SEARCH_DEBOUNCE_MS } from "../../shared/DataTable/listState";
import { SearchSelect } from "../../shared/SearchSelect";
import { itemsPickerQuery, type PickedItem } from "./warehouseDocs.queries";

interface Props {
  label: string;
  value: PickedItem | null;
  onChange: (item: PickedItem | null) => void;
  error?: string;
  testId?: string;
}

const labelOf = (i: PickedItem) => (i.item_code ? `${i.item_name} (${i.item_code})` : i.item_name);

/** An item of the catalogue, searched on the server by name, code or barcode as it is typed. */
export function WarehouseDocItemSelect({ label, value, onChange, error, testId }: Props) {
  const { t } = useTranslation("warehousedocs");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // Once an item is chosen the box shows its label: that is no search.
  // The choices stay until the next search's arrive, so one picked as the search changes is found.
  const term = value && search === labelOf(value) ? "" : debounced;
  const found = useQuery({
    ...itemsPickerQuery(term),
    placeholderData: keepPreviousData,
  });
  const items = [...(value ? [value] : []), ...(found.data ?? []).filter((i) => i.item_id !== value?.item_id)];
  return (
    <SearchSelect
      aria-label={label}
      placeholder={t("chooseItem")}
      size="xs"
      miw={200}
      data={items.map((i) => ({ value: String(i.item_id), label: labelOf(i) }))}
      value={value ? String(value.item_id) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(v) => onChange(items.find((i) => String(i.item_id) === v) ?? null)}
      filter={({ options }) => options}
      // Enter picks the one match only once the matches answer what is typed now.
      settled={!found.isFetching && found.isSuccess && term !== "" && term === search}
      nothingFoundMessage={t("messages:nothingFound")}
      error={error}
      data-testid={testId}
    />
  );
}
