import { Combobox, Group, InputBase, Loader, ScrollArea, Text, useCombobox } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSelector } from "@tabler/icons-react";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
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

/**
 * A choice from a list searched on the server, the next page loaded as the options scroll to their
 * end. A typed name whose matches are in and find one choice is picked by Enter; a typed text that
 * finds nothing stays in the field with the field's error when the field is left, instead of being
 * dropped, until it is typed again or a choice is picked.
 */
export function Autocomplete<Row>({ endpoint, toChoice, value, onChange, label, placeholder, error, pageSize = 20, ...rest }: Props<Row>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [typing, setTyping] = useState(false);
  const [unmatched, setUnmatched] = useState<string | null>(null);
  // What was typed and not picked since (a ref: a pick closes the dropdown in the same event).
  const typed = useRef("");
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const combobox = useCombobox({
    onDropdownClose: () => {
      // Typed and never picked: the text stays, with the field's error (cleared or picked, it goes).
      const text = typed.current.trim();
      if (text) setUnmatched(text);
      else setTyping(false);
    },
  });
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
  // The choices answer what is typed now (not a search typed before, kept while the next comes).
  const settled = debounced === search && results.isSuccess && !results.isFetching && !results.isPlaceholderData;
  const choose = (picked: Choice | null) => {
    typed.current = "";
    onChange(picked);
    setTyping(false);
    setUnmatched(null);
  };

  return (
    <Combobox
      store={combobox}
      withinPortal
      onOptionSubmit={(v) => {
        choose(choices.find((c) => String(c.value) === v) ?? null);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          placeholder={placeholder}
          error={unmatched !== null ? t("common:noMatch", { text: unmatched }) : error}
          value={typing ? search : (value?.label ?? "")}
          rightSection={results.isFetching ? <Loader size={14} /> : <IconSelector size={16} />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onChange={(e) => {
            setTyping(true);
            setUnmatched(null);
            typed.current = e.currentTarget.value;
            setSearch(e.currentTarget.value);
            combobox.openDropdown();
            if (e.currentTarget.value === "") choose(null);
          }}
          onKeyDown={(e) => {
            // An option highlighted with the arrow keys is the combobox's own to take.
            if (e.key !== "Enter" || e.nativeEvent.isComposing || combobox.getSelectedOptionIndex() !== -1) return;
            if (!typing || !search.trim()) return;
            e.preventDefault();
            if (settled && choices.length === 1) {
              choose(choices[0]!);
              combobox.closeDropdown();
            }
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
