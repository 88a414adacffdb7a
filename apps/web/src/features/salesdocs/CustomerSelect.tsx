import { Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSeededNames } from "../../shared/seededNames";
import { customersListQuery } from "./salesdocs.queries";

/** A customer chosen from the list (SPEC §5), found by name, code or mobile; the walk-in customer in the reader's language. */
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
      withAsterisk
      searchable
      data={(customers.data ?? []).map((c) => ({
        value: String(c.consumer_id),
        label: [names.party(c.consumer_name), c.code, c.mobile].filter(Boolean).join(" · "),
      }))}
      value={value || null}
      onChange={(v) => onChange(v ?? "")}
      error={error}
      nothingFoundMessage={t("messages:nothingFound")}
      data-testid="sale-customer"
    />
  );
}
