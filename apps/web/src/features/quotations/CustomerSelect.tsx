import { Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { customersListQuery } from "./quotations.queries";

/** A customer chosen from the list (SPEC §5: "A customer or supplier must be chosen from the list"). */
export function CustomerSelect({
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
  const customers = useQuery(customersListQuery);
  return (
    <Select
      label={label}
      withAsterisk
      searchable
      data={(customers.data ?? []).map((c) => ({ value: String(c.consumer_id), label: c.consumer_name }))}
      value={value || null}
      onChange={(v) => onChange(v ?? "")}
      error={error}
      nothingFoundMessage={t("messages:nothingFound")}
      data-testid={testId}
    />
  );
}
