import { Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { accountCurrencyName, type CashAccount, cashAccountsListQuery } from "./api/ledger";
import { useSeededNames } from "./seededNames";

/**
 * The accounts a form offers: without the cashiers' drawers when the form is a back-office sale,
 * expense or income (the server refuses them there), but the one already chosen stays, so an old
 * document still shows what it was paid with.
 */
export function offeredAccounts(accounts: CashAccount[], opts: { excludeDrawers: boolean; value: string }): CashAccount[] {
  return opts.excludeDrawers ? accounts.filter((a) => !a.is_drawer || String(a.account_id) === opts.value) : accounts;
}

/**
 * The cash or bank account a document pays from or into: `cashes/accounts_list`, seeded accounts
 * in the user's language, optionally with each account's currency; `excludeDrawers` leaves the
 * cashiers' drawer accounts out.
 */
export function CashAccountSelect({
  label,
  value,
  onChange,
  error,
  withCurrency = false,
  excludeDrawers = false,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string, account: CashAccount | undefined) => void;
  error?: string;
  withCurrency?: boolean;
  excludeDrawers?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const names = useSeededNames();
  const accounts = useQuery(cashAccountsListQuery);
  const data = offeredAccounts(accounts.data ?? [], { excludeDrawers, value }).map((a) => {
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
