import { Combobox, Group, InputBase, Loader, ScrollArea, Text, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSelector } from "@tabler/icons-react";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "./api/client";
import type { ListBody } from "./api/types";
import { SEARCH_DEBOUNCE_MS } from "./DataTable/listState";

export interface Choice {
  value: number;
  label: string;
}

interface Props<Row> {
  /** A paginated list endpoint (SPEC §7); the next page loads when the list scrolls to its end. */
  endpoint: string;
  toChoice: (row: Row) => Choice;
  value: Choice | null;
  onChange: (choice: Choice | null) => void;
  label: string;
  placeholder?: string;
  error?: string;
  pageSize?: number;
  "data-testid"?: string;
}

export function Autocomplete<Row>({ endpoint, toChoice, value, onChange, label, placeholder, error, pageSize = 20, ...rest }: Props<Row>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [typing, setTyping] = useState(false);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const combobox = useCombobox({ onDropdownClose: () => setTyping(false) });
  const opened = combobox.dropdownOpened;
  const results = useInfiniteQuery({
    queryKey: [endpoint, "autocomplete", debounced, pageSize],
    queryFn: async ({ pageParam }) =>
      (await api<ListBody<Row>>(endpoint, { query: { search: debounced || undefined, page: pageParam, per_page: pageSize } })).data,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
    enabled: opened,
    // The choices shown stay until the next search's arrive: a choice clicked as the search
    // changes (typing, then picking at once) is still there to be picked, never an empty list.
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const choices = (results.data?.pages ?? []).flatMap((p) => p.data.map(toChoice));

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(v) => {
        const picked = choices.find((c) => String(c.value) === v) ?? null;
        onChange(picked);
        setTyping(false);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          placeholder={placeholder}
          error={error}
          value={typing ? search : (value?.label ?? "")}
          rightSection={results.isFetching ? <Loader size={14} /> : <IconSelector size={16} />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onChange={(e) => {
            setTyping(true);
            setSearch(e.currentTarget.value);
            combobox.openDropdown();
            if (e.currentTarget.value === "") onChange(null);
          }}
          data-testid={rest["data-testid"]}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          <ScrollArea.Autosize
            mah={220}
            type="scroll"
            onBottomReached={() => {
              if (results.hasNextPage && !results.isFetchingNextPage) void results.fetchNextPage();
            }}
          >
            {choices.map((c) => (
              <Combobox.Option key={c.value} value={String(c.value)} active={c.value === value?.value}>
                {c.label}
              </Combobox.Option>
            ))}
            {results.isFetchingNextPage && (
              <Group justify="center" py={6}>
                <Loader size="xs" />
              </Group>
            )}
            {!results.isFetching && choices.length === 0 && (
              <Combobox.Empty>
                <Text size="sm" c="dimmed">
                  {t("messages:nothingFound")}
                </Text>
              </Combobox.Empty>
            )}
          </ScrollArea.Autosize>
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
