import { type ComboboxItem, Select, type SelectProps } from "@mantine/core";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { foldedIncludes } from "./textSearch";

export type SearchSelectProps = Omit<SelectProps, "searchable" | "data"> & {
  data: ComboboxItem[];
  /**
   * Whether `data` answers what is typed now (a list searched on the server is a search behind
   * while its answer is on the way): only then does Enter pick the one option it holds.
   */
  settled?: boolean;
  /** Enter with no option highlighted and no single match (a scanned code to look up). */
  onUnmatchedEnter?: (typed: string) => void;
};

/**
 * The options a typed text finds, as the dropdown filters them (a server-searched list is its own
 * filter), the one chosen before aside: the text typed over it names another.
 */
function matches(props: SearchSelectProps, search: string): ComboboxItem[] {
  if (!search.trim()) return [];
  const options = props.data.filter((o) => o.value !== props.value);
  if (props.filter) return props.filter({ options, search, limit: options.length }) as ComboboxItem[];
  return options.filter((o) => foldedIncludes(o.label, search));
}

/**
 * A searchable select as people use it at the counter: a typed name that finds one option is
 * picked by Enter (a select picks an option only when one is highlighted), and a typed text that
 * finds nothing stays in the field with the field's error, instead of being cleared when the field
 * is left; typing again or picking clears that error.
 */
export function SearchSelect({ settled = true, onUnmatchedEnter, ...props }: SearchSelectProps) {
  const { t } = useTranslation();
  const [ownSearch, setOwnSearch] = useState("");
  const controlled = props.searchValue !== undefined;
  const search = controlled ? (props.searchValue ?? "") : ownSearch;
  const setSearch = (s: string) => {
    if (!controlled) setOwnSearch(s);
    props.onSearchChange?.(s);
  };
  // What the person typed last (null once an option is picked or the field is cleared).
  const [typed, setTyped] = useState<string | null>(null);
  const [unmatched, setUnmatched] = useState<string | null>(null);
  const selectedLabel = props.data.find((o) => o.value === props.value)?.label;
  // A value set from outside (a scanned code looked up, a form reset) puts the typed text right.
  const [seenValue, setSeenValue] = useState(props.value);
  if (seenValue !== props.value) {
    setSeenValue(props.value);
    setTyped(null);
    setUnmatched(null);
  }

  const pick = (value: string | null) => {
    setTyped(null);
    setUnmatched(null);
    const option = props.data.find((o) => o.value === value);
    props.onChange?.(value, option ?? (null as unknown as ComboboxItem));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    props.onKeyDown?.(e);
    if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
    // An option highlighted with the arrow keys is the select's own to take.
    if (e.currentTarget.getAttribute("aria-activedescendant")) return;
    const text = search.trim();
    if (!text || text === selectedLabel) return;
    e.preventDefault();
    const found = settled ? matches(props, search) : [];
    if (found.length === 1) {
      pick(found[0]!.value);
      setSearch(found[0]!.label);
    } else onUnmatchedEnter?.(text);
  };

  return (
    <Select
      {...props}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      onInput={(e) => {
        setTyped(e.currentTarget.value);
        setUnmatched(null);
        props.onInput?.(e);
      }}
      onChange={(value) => pick(value)}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        // The select has just put the chosen option's label back (or nothing): what was typed and
        // found nothing stays, with the field's error, so it can be put right.
        const text = typed?.trim();
        if (text && text !== selectedLabel) {
          setSearch(typed ?? "");
          setUnmatched(text);
        }
        props.onBlur?.(e);
      }}
      error={unmatched !== null ? t("common:noMatch", { text: unmatched }) : props.error}
    />
  );
}
