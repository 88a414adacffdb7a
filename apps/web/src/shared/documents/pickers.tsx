import { Select, TextInput } from "@mantine/core";
import { type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { suppliersListQuery } from "../api/purchases";
import { inventoriesListQuery } from "../api/settings";
import { SearchSelect } from "../SearchSelect";
import { useSeededNames } from "../seededNames";

/** A party as its list gives it. */
interface Party {
  consumer_id: number;
  consumer_name: string;
}

/** What a party picker is given by its form. */
export interface PartyPickerProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  testId?: string;
  /** The party the document it comes from fixes: its name, shown read-only instead of the list. */
  fixed?: string | undefined;
  /** The party may be left empty (a charge paid in cash). */
  optional?: boolean;
}

/**
 * A party (a supplier, a customer) chosen from its list (SPEC §5: "A customer or supplier must be
 * chosen from the list"), found by what `optionLabel` shows of each; or, `fixed`, the one named.
 */
export function PartySelect<P extends Party>({
  query,
  optionLabel = (p) => p.consumer_name,
  label,
  value,
  onChange,
  error,
  testId,
  fixed,
  optional = false,
}: PartyPickerProps & {
  query: UseQueryOptions<P[], Error, P[], string[]>;
  optionLabel?: (party: P) => string;
}) {
  const { t } = useTranslation();
  const parties = useQuery({ ...query, enabled: fixed === undefined });
  // The name keeps its own direction (a Latin name on an Arabic page).
  if (fixed !== undefined) return <TextInput label={label} value={fixed} readOnly dir="auto" />;
  return (
    <SearchSelect
      label={label}
      withAsterisk={!optional}
      clearable={optional}
      data={(parties.data ?? []).map((p) => ({ value: String(p.consumer_id), label: optionLabel(p) }))}
      value={value || null}
      onChange={(v) => onChange(v ?? "")}
      error={error}
      nothingFoundMessage={t("messages:nothingFound")}
      data-testid={testId}
    />
  );
}

/** A supplier chosen from the suppliers' list. */
export const SupplierSelect = (props: PartyPickerProps) => <PartySelect query={suppliersListQuery} {...props} />;

/** One of the inventories the user may use. */
export function InventorySelect({
  label,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const names = useSeededNames();
  const inventories = useQuery(inventoriesListQuery);
  return (
    <Select
      label={label}
      withAsterisk
      allowDeselect={false}
      disabled={disabled}
      data={(inventories.data ?? []).map((i) => ({ value: String(i.inventory_id), label: names.inventory(i.inventory_name) }))}
      value={value || null}
      onChange={(v) => onChange(v ?? "")}
      error={error}
      data-testid="purchase-inventory"
    />
  );
}
