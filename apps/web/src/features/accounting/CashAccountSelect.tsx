import { Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSeededNames } from "../../shared/seededNames";
import { accountCurrencyName, type CashAccount, cashAccountsListQuery } from "./ledger.queries";

/**
 * The cash or bank account a document pays from or into: `cashes/accounts_list`, seeded accounts
 * in the user's language, optionally with each account's currency.
 */
export function CashAccountSelect({
  label,
  value,
  onChange,
  error,
  withCurrency = false,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string, account: CashAccount | undefined) => void;
  error?: string;
  withCurrency?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const names = useSeededNames();
  const accounts = useQuery(cashAccountsListQuery);
  const data = (accounts.data ?? []).map((a) => {
    const name = names.account(a.account_name, a.system_key);
    return { value: String(a.account_id), label: withCurrency ? `${name} (${accountCurrencyName(a)})` : name };
  });
  return (
    <Select
      label={label}
      withAsterisk
      searchable
      data={data}
      value={value || null}
      onChange={(v) =>
        onChange(
          v ?? "",
          accounts.data?.find((a) => String(a.account_id) === v),
        )
      }
      error={error}
      nothingFoundMessage={t("messages:nothingFound")}
      data-testid={testId}
    />
  );
}
