import { normalizeSearch } from "@app/contracts";
import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from "@mantine/core";

/** Whether a typed term finds a text the way the server's searches do (letters and digits folded). */
export function foldedIncludes(text: string, term: string): boolean {
  const words = normalizeSearch(term.trim()).split(/\s+/).filter(Boolean);
  const folded = normalizeSearch(text);
  return words.every((w) => folded.includes(w));
}

/** Every searchable dropdown filters its options with the same folding (set in the theme). */
export const foldedOptionsFilter: OptionsFilter = ({ options, search, limit }) => {
  const out: ComboboxParsedItem[] = [];
  for (const item of options) {
    if (out.length >= limit) break;
    if ("group" in item) {
      const items = item.items.filter((o: ComboboxItem) => foldedIncludes(o.label, search));
      if (items.length) out.push({ group: item.group, items });
    } else if (foldedIncludes(item.label, search)) out.push(item);
  }
  return out;
};
