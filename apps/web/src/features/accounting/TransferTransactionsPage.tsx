import { CURRENCY_IQD, MSG, ZCashTransaction } from "@app/contracts";
import { Alert, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconArrowsExchange } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { api } from "../../shared/api/client";
import { accountCurrencyName, type CashAccount, cashAccountsListQuery, docDay, EP, useInvalidateLedger } from "../../shared/api/ledger";
import type { DataBody } from "../../shared/api/types";
import { businessToday } from "../../shared/businessTime";
import { CashAccountSelect } from "../../shared/CashAccountSelect";
import { currenciesQuery, lastRateQuery } from "../../shared/CurrencyPicker";
import { useCrud } from "../../shared/crud";
import { type Column, DocumentList, editDeleteActions, type FilterField } from "../../shared/DataTable";
import { FromToDateFields } from "../../shared/FromToDateFields";
import { plainDecimal, useFormat } from "../../shared/format";
import { convert, orZero } from "../../shared/money";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import "../../shared/amount.css";
import { useHistoryAction } from "../../shared/documents/useHistoryAction";
import { FormDialog } from "../../shared/FormDialog";
import { MoneyInput } from "../../shared/MoneyInput";
import { useConfirmDelete } from "../../shared/useConfirmDelete";

export interface TransferRow {
  transaction_id: number;
  transaction_no: string | null;
  date: string;
  from_account_name: string | null;
  from_account_system_key?: string | null;
  to_account_name: string | null;
  to_account_system_key?: string | null;
  from_currency_id: number;
  to_currency_id: number;
  amount: string;
  foreign_amount: string;
  rate: string;
  note: string | null;
  created_by_name?: string | null;
}

interface TransferRecord extends TransferRow {
  from_account_fk: number;
  to_account_fk: number;
  rate_in: string;
  rate_out: string;
  last_rate_in: string | null;
  last_rate_out: string | null;
}

const currencyOf = (a: CashAccount | undefined) => a?.currency_id ?? a?.currency?.currency_id ?? 0;

const EMPTY = {
  from_account_fk: "",
  to_account_fk: "",
  date: businessToday(),
  amount: "",
  rate_in: "",
  rate_out: "",
  note: "",
};

function TransferForm({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation("accounting");
  const fmt = useFormat();
  const accounts = useQuery(cashAccountsListQuery);
  const last = useQuery(lastRateQuery);
  const record = useQuery({
    queryKey: [EP.cashTransactions, "show", id],
    queryFn: async () => (await api<DataBody<TransferRecord>>(`${EP.cashTransactions}/${id}`)).data,
    enabled: id !== null,
  });
  const form = useZodForm(EMPTY);
  const { create, update, question } = useCrud(EP.cashTransactions, { onInvalid: form.applyServerErrors, confirmable: true });
  const invalidateLedger = useInvalidateLedger();
  const { load, set } = form;
  const v = form.values;

  useEffect(() => {
    const r = record.data;
    if (!r) return;
    load({
      from_account_fk: String(r.from_account_fk),
      to_account_fk: String(r.to_account_fk),
      date: docDay(r.date),
      amount: r.amount,
      rate_in: plainDecimal(r.rate_in),
      rate_out: plainDecimal(r.rate_out),
      note: r.note ?? "",
    });
  }, [record.data, load]);

  // The current rates start from the last recorded ones (SPEC §4).
  useEffect(() => {
    if (id !== null || !last.data) return;
    set("rate_in", plainDecimal(last.data.in_rate));
    set("rate_out", plainDecimal(last.data.rate));
  }, [last.data, id, set]);

  const from = accounts.data?.find((a) => String(a.account_id) === v.from_account_fk);
  const to = accounts.data?.find((a) => String(a.account_id) === v.to_account_fk);
  const fromCur = currencyOf(from);
  const toCur = currencyOf(to);
  const exchange = fromCur !== 0 && toCur !== 0 && fromCur !== toCur;
  // Paying IQD for USD buys dollars at the out-rate; paying USD for IQD sells them at the in-rate.
  const rate = fromCur === CURRENCY_IQD ? v.rate_out : v.rate_in;
  const foreignAmount = exchange ? convert(orZero(v.amount), fromCur, toCur, rate) : v.amount;
  const sameAccount = v.from_account_fk !== "" && v.from_account_fk === v.to_account_fk;

  const submit = () => {
    const payload = {
      from_account_id: v.from_account_fk,
      to_account_id: v.to_account_fk,
      date: v.date || null,
      amount: v.amount,
      foreign_amount: foreignAmount || "0",
      rate_in: v.rate_in,
      rate_out: v.rate_out,
      note: v.note.trim() || null,
    };
    if (!form.validate(ZCashTransaction, payload)) return;
    const done = () => {
      invalidateLedger();
      onClose();
    };
    if (id !== null) update.mutate({ id, body: payload }, { onSuccess: done });
    else create.mutate(payload, { onSuccess: done });
  };
  const money = (label: string, key: "rate_in" | "rate_out", testId: string) => (
    <MoneyInput
      label={label}
      withAsterisk
      value={v[key]}
      onChange={(val) => form.set(key, val)}
      error={form.error(key)}
      data-testid={testId}
    />
  );

  return (
    <FormDialog
      title={id === null ? t("transfers.add") : t("transfers.edit")}
      icon={<IconArrowsExchange size={20} />}
      onClose={onClose}
      size="xl"
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      loading={id !== null && record.isPending}
      testId="transfer-form"
      saveTestId="transfer-save"
    >
      <FromToDateFields
        from={
          <CashAccountSelect
            label={t("fields.from_account")}
            withCurrency
            value={v.from_account_fk}
            onChange={(val) => form.set("from_account_fk", val)}
            error={form.error("from_account_id")}
            testId="transfer-from"
          />
        }
        to={
          <CashAccountSelect
            label={t("fields.to_account")}
            withCurrency
            value={v.to_account_fk}
            onChange={(val) => form.set("to_account_fk", val)}
            error={form.error("to_account_id") ?? (sameAccount ? translateMessage(MSG.accountsMustDiffer) : undefined)}
            testId="transfer-to"
          />
        }
        dateLabel={t("fields.date")}
        date={v.date}
        onDate={(d) => form.set("date", d)}
        dateError={form.error("date")}
      />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group gap="lg">
            <Text size="sm" c="dimmed">
              {t("transfers.lastRates")}
            </Text>
            <Text size="sm" data-testid="transfer-last-in">
              {t("fields.rate_in")}: <b className="amount">{fmt.rate(last.data?.in_rate ?? "")}</b>
            </Text>
            <Text size="sm" data-testid="transfer-last-out">
              {t("fields.rate_out")}: <b className="amount">{fmt.rate(last.data?.rate ?? "")}</b>
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: exchange ? 4 : 3 }} spacing="md">
            {money(t("fields.current_rate_in"), "rate_in", "transfer-rate-in")}
            {money(t("fields.current_rate_out"), "rate_out", "transfer-rate-out")}
            <MoneyInput
              label={from ? t("transfers.amountIn", { currency: accountCurrencyName(from) }) : t("fields.amount")}
              withAsterisk
              value={v.amount}
              onChange={(val) => form.set("amount", val)}
              error={form.error("amount")}
              data-testid="transfer-amount"
            />
            {exchange && (
              <TextInput
                label={toCur === CURRENCY_IQD ? t("common:currency.iqdAmount") : t("common:currency.usdAmount")}
                readOnly
                value={fmt.money(foreignAmount, toCur)}
                data-testid="transfer-foreign-amount"
              />
            )}
          </SimpleGrid>
        </Stack>
      </Paper>
      {sameAccount && (
        <Alert color="red" variant="light" data-testid="accounts-must-differ">
          {translateMessage(MSG.accountsMustDiffer)}
        </Alert>
      )}
      <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
      {question}
    </FormDialog>
  );
}

/** Transfers between cash and bank accounts, converting at the stated rate when the currencies differ. */
export function TransferTransactionsPage() {
  const { t } = useTranslation("accounting");
  const names = useSeededNames();
  const fmt = useFormat();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const invalidateLedger = useInvalidateLedger();
  const history = useHistoryAction<TransferRow>(EP.cashTransactions, (r) => r.transaction_id);
  const del = useConfirmDelete<TransferRow>(EP.cashTransactions, {
    idOf: (r) => r.transaction_id,
    nameOf: (r) => r.transaction_no ?? String(r.transaction_id),
    onDeleted: invalidateLedger,
  });
  const accounts = useQuery(cashAccountsListQuery);
  const currencies = useQuery(currenciesQuery);
  const currencyName = (id: number) => currencies.data?.find((c) => c.currency_id === id)?.currency_name ?? "";
  const accountFilter = (accounts.data ?? []).map((a) => ({
    value: String(a.account_id),
    label: names.account(a.account_name, a.system_key),
  }));
  const columns: Column<TransferRow>[] = [
    { key: "transaction_no", label: "accounting:fields.number" },
    { key: "date", label: "accounting:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
    {
      key: "from_account_name",
      label: "accounting:fields.from_account",
      text: (r) => names.account(r.from_account_name, r.from_account_system_key),
    },
    {
      key: "to_account_name",
      label: "accounting:fields.to_account",
      text: (r) => names.account(r.to_account_name, r.to_account_system_key),
    },
    {
      key: "amount",
      label: "accounting:fields.amount",
      format: "amount",
      currency: (r) => r.from_currency_id,
      render: (r) => `${fmt.money(r.amount, r.from_currency_id)} ${currencyName(r.from_currency_id)}`,
    },
    {
      key: "foreign_amount",
      label: "accounting:fields.foreign_amount",
      format: "amount",
      currency: (r) => r.to_currency_id,
      render: (r) => `${fmt.money(r.foreign_amount, r.to_currency_id)} ${currencyName(r.to_currency_id)}`,
    },
    { key: "rate", label: "common:currency.rate", format: "rate" },
    { key: "note", label: "accounting:fields.note" },
    { key: "created_by_name", label: "accounting:fields.created_by" },
  ];
  const filters: FilterField[] = [
    { key: "from_account_fk", label: "accounting:fields.from_account", type: "select", options: accountFilter },
    { key: "to_account_fk", label: "accounting:fields.to_account", type: "select", options: accountFilter },
  ];
  return (
    <DocumentList<TransferRow>
      title={t("transfers.title")}
      description={t("transfers.description")}
      endpoint={EP.cashTransactions}
      listTitle="accounting:transfers.title"
      columns={columns}
      rowKey={(r) => r.transaction_id}
      filters={filters}
      defaultSort="transaction_id"
      actions={[...editDeleteActions<TransferRow>(EP.cashTransactions, (r) => setEditing(r.transaction_id), del.ask), history.action]}
      add={{
        permission: `${EP.cashTransactions}/store`,
        label: t("transfers.add"),
        testId: "transfer-add",
        onClick: () => setEditing("new"),
      }}
      dialogs={
        <>
          {editing !== null && <TransferForm id={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
          {del.dialog}
          {history.dialog}
        </>
      }
    />
  );
}
