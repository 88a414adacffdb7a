import { Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSeededNames } from "../../shared/seededNames";
import { customersListQuery } from "./saleReturns.queries";

/** A customer chosen from the list (SPEC §5); empty is the walk-in customer. */
export function CustomerSelect({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const names = useSeededNames();
  const customers = useQuery(customersListQuery);
  return (
    <Select
      label={label}
      searchable
      clearable
      data={(customers.data ?? []).map((c) => ({ value: String(c.consumer_id), label: names.party(c.consumer_name) }))}
      value={value || null}
      onChange={(v) => onChange(v ?? "")}
      error={error}
      nothingFoundMessage={t("messages:nothingFound")}
      data-testid="sale-return-customer"
    />
  );
}
