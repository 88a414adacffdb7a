import { CASH_TYPES, ZCashAccount } from "@app/contracts";
import { Badge, Button, Select, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { IconBook, IconBuildingBank, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../app/session";
import { accountCurrencyName, type CashAccount, EP, useInvalidateLedger } from "../../shared/api/ledger";
import { currenciesQuery } from "../../shared/CurrencyPicker";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable, editDeleteActions, type FilterField } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { GENERAL_LEDGER_PERMISSION, generalLedgerPath } from "../../shared/ledgerLinks";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { BalanceCards } from "./BalanceCards";
import "../../shared/amount.css";
import { FormDialog } from "../../shared/FormDialog";
import { useConfirmDelete } from "../../shared/useConfirmDelete";

const CASH_TYPE_KEYS: Record<number, string> = { 1: "cash", 2: "bank", 3: "remittance" };
const CASH_TYPE_COLORS: Record<number, string> = { 1: "teal", 2: "blue", 3: "grape" };

function CashTypeBadge({ type }: { type: number }) {
  const { t } = useTranslation("accounting");
  return (
    <Badge variant="light" color={CASH_TYPE_COLORS[type] ?? "gray"}>
      {t(`cashTypes.${CASH_TYPE_KEYS[type] ?? "cash"}`)}
    </Badge>
  );
}

function CashForm({ row, onClose }: { row: CashAccount | null; onClose: () => void }) {
  const { t } = useTranslation("accounting");
  const currencies = useQuery(currenciesQuery);
  const form = useZodForm({
    account_name: row?.account_name ?? "",
    code: row?.code ?? "",
    cash_type: String(row?.cash_type ?? CASH_TYPES.Cash),
    currency_id: String(row?.currency_id ?? row?.currency?.currency_id ?? ""),
    bank_name: row?.bank_name ?? "",
    account_no: row?.account_no ?? "",
    note: row?.note ?? "",
  });
  const { create, update } = useCrud(EP.cashes, { onInvalid: form.applyServerErrors });
  const invalidateLedger = useInvalidateLedger();
  const done = () => {
    invalidateLedger();
    onClose();
  };
  const submit = () => {
    const v = form.values;
    const orNull = (x: string) => (x.trim() === "" ? null : x.trim());
    const body = {
      account_name: v.account_name.trim(),
      code: orNull(v.code),
      cash_type: Number(v.cash_type),
      currency_id: v.currency_id ? Number(v.currency_id) : "",
      account_no: orNull(v.account_no),
      bank_name: orNull(v.bank_name),
      note: orNull(v.note),
    };
    if (!form.validate(ZCashAccount, body)) return;
    if (row) update.mutate({ id: row.account_id, body }, { onSuccess: done });
    else create.mutate(body, { onSuccess: done });
  };
  return (
    <FormDialog
      title={row ? t("cashes.edit") : t("cashes.add")}
      icon={<IconBuildingBank size={20} />}
      onClose={onClose}
      size="lg"
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      testId="cash-form"
      saveTestId="cash-save"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t("fields.account_name")} withAsterisk data-autofocus {...form.text("account_name")} />
        <TextInput label={t("fields.code")} {...form.text("code")} />
        <Select
          label={t("fields.cash_type")}
          withAsterisk
          allowDeselect={false}
          data={Object.entries(CASH_TYPE_KEYS).map(([v, k]) => ({ value: v, label: t(`cashTypes.${k}`) }))}
          value={form.values.cash_type}
          onChange={(v) => form.set("cash_type", v ?? "")}
          error={form.error("cash_type")}
          data-testid="cash-type"
        />
        <Select
          label={t("fields.currency")}
          withAsterisk
          allowDeselect={false}
          disabled={row !== null}
          data={(currencies.data ?? []).map((c) => ({ value: String(c.currency_id), label: c.currency_name }))}
          value={form.values.currency_id || null}
          onChange={(v) => form.set("currency_id", v ?? "")}
          error={form.error("currency_id")}
          data-testid="cash-currency"
        />
        {form.values.cash_type !== String(CASH_TYPES.Cash) && (
          <>
            <TextInput label={t("fields.bank_name")} {...form.text("bank_name")} />
            <TextInput label={t("fields.account_no")} {...form.text("account_no")} />
          </>
        )}
      </SimpleGrid>
      <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
    </FormDialog>
  );
}

/** Cash, bank and remittance accounts with their ledger balances per currency. */
export function CashAndBanksPage() {
  const { t } = useTranslation("accounting");
  const fmt = useFormat();
  const names = useSeededNames();
  const can = useCan();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<CashAccount | "new" | null>(null);
  const invalidateLedger = useInvalidateLedger();
  const del = useConfirmDelete<CashAccount>(EP.cashes, {
    idOf: (r) => r.account_id,
    nameOf: (r) => names.account(r.account_name, r.system_key),
    onDeleted: invalidateLedger,
  });
  // The server answers balances only to a holder of balance_view (SPEC §6 balance view).
  const showBalance = can("cashes/balance_view");

  const columns: Column<CashAccount>[] = [
    { key: "account_name", label: "accounting:fields.account_name", text: (r) => names.account(r.account_name, r.system_key) },
    { key: "code", label: "accounting:fields.code" },
    { key: "cash_type", label: "accounting:fields.cash_type", render: (r) => <CashTypeBadge type={r.cash_type} /> },
    { key: "currency_name", label: "accounting:fields.currency", render: (r) => accountCurrencyName(r) },
    { key: "bank_name", label: "accounting:fields.bank_name" },
    { key: "account_no", label: "accounting:fields.account_no" },
    ...(showBalance
      ? [
          {
            key: "balance",
            label: "accounting:fields.balance",
            format: "amount",
            currency: (r: CashAccount) => r.currency_id,
            render: (r: CashAccount) => (
              <span className="amount" data-testid="cash-balance">
                {fmt.money(r.balance ?? "0", r.currency_id)} {accountCurrencyName(r)}
              </span>
            ),
          } satisfies Column<CashAccount>,
        ]
      : []),
  ];
  const filters: FilterField[] = [
    {
      key: "cash_type",
      label: "accounting:fields.cash_type",
      type: "select",
      options: Object.entries(CASH_TYPE_KEYS).map(([v, k]) => ({ value: v, label: `accounting:cashTypes.${k}` })),
    },
    {
      key: "currency_id",
      label: "accounting:fields.currency",
      type: "select",
      options: [
        { value: "1", label: "accounting:currencies.IQD" },
        { value: "2", label: "accounting:currencies.USD" },
      ],
    },
  ];

  return (
    <>
      <PageHeader title={t("cashes.title")} description={t("cashes.description")} />
      {showBalance && <BalanceCards />}
      <DataTable<CashAccount>
        endpoint={EP.cashes}
        model="cashes"
        title="accounting:cashes.title"
        columns={columns}
        rowKey={(r) => r.account_id}
        filters={filters}
        defaultSort="account_id"
        toolbar={
          can("cashes/store") && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="cash-add">
              {t("cashes.add")}
            </Button>
          )
        }
        actions={[
          {
            key: "ledger",
            label: "ledger:openLedger",
            icon: IconBook,
            permission: [...GENERAL_LEDGER_PERMISSION],
            onClick: (r) => navigate(generalLedgerPath(r.account_id)),
          },
          ...editDeleteActions<CashAccount>("cashes", setEditing, del.ask),
        ]}
      />
      {editing !== null && <CashForm row={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}
