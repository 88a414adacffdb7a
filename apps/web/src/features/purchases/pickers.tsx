import { Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSeededNames } from "../../shared/seededNames";
import { inventoriesListQuery } from "../settings/settings.queries";
import { suppliersListQuery } from "./purchases.queries";

/** A supplier chosen from the list (SPEC §5: "A customer or supplier must be chosen from the list"). */
export function SupplierSelect({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  testId?: string;
}) {
  const { t } = useTranslation();
  const suppliers = useQuery(suppliersListQuery);
  return (
    <Select
      label={label}
      withAsterisk
      searchable
      data={(suppliers.data ?? []).map((s) => ({ value: String(s.consumer_id), label: s.consumer_name }))}
      value={value || null}
      onChange={(v) => onChange(v ?? "")}
      error={error}
      nothingFoundMessage={t("messages:nothingFound")}
      data-testid={testId}
    />
  );
}

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
