import { MSG, ZMoneyDoc } from "@app/contracts";
import { Anchor, Button, FileInput, Select, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { TimePicker } from "@mantine/dates";
import { IconPaperclip, IconPlus, IconReceipt } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan, useSession } from "../../app/session";
import { api } from "../../shared/api/client";
import { docDay, EP, typesListQuery, useInvalidateLedger } from "../../shared/api/ledger";
import type { DataBody } from "../../shared/api/types";
import { businessNow, businessToday } from "../../shared/businessTime";
import { CashAccountSelect } from "../../shared/CashAccountSelect";
import { CurrencyPicker, type CurrencyValue, useCurrencyTotals } from "../../shared/CurrencyPicker";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable, editDeleteActions, type FilterField } from "../../shared/DataTable";
import { plainDecimal, useFormat } from "../../shared/format";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { type SeededNames, useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { imageProblem } from "./attachment";
import "../../shared/amount.css";
import { DateField } from "../../shared/DateField";
import { useHistoryAction } from "../../shared/documents/useHistoryAction";
import { FormDialog } from "../../shared/FormDialog";
import { useConfirmDelete } from "../../shared/useConfirmDelete";

type Kind = "expenses" | "incomes";

const KIND = {
  expenses: { endpoint: EP.expenses, types: EP.expenseTypes, rateKind: "out" },
  incomes: { endpoint: EP.incomes, types: EP.incomeTypes, rateKind: "in" },
} as const;

export interface MoneyDocRow {
  id: number;
  number: string | number | null;
  date: string | null;
  payment_time: string | null;
  type_name?: string | null;
  expense_type_name?: string | null;
  income_type_name?: string | null;
  account_name: string | null;
  account_system_key?: string | null;
  currency_name: string | null;
  currency_id: number;
  rate: string;
  amount: string;
  foreign_amount: string | null;
  reference_no: string | null;
  note: string | null;
  attachment: string | null;
  created_by_name?: string | null;
  updated_by_name?: string | null;
  updated_at?: string | null;
}

interface MoneyDocRecord extends MoneyDocRow {
  account_id?: number;
  type_id?: number;
  account_fk?: number;
  type_fk?: number;
}

const typeNameOf = (r: MoneyDocRow) => r.type_name ?? r.expense_type_name ?? r.income_type_name ?? "";

/** A type's name in the user's language while it keeps a starter type's name. */
const typeLabelOf = (names: SeededNames, kind: Kind) => (kind === "expenses" ? names.expenseType : names.incomeType);

function MoneyDocForm({ kind, id, onClose }: { kind: Kind; id: number | null; onClose: () => void }) {
  const { t } = useTranslation("accounting");
  const typeLabel = typeLabelOf(useSeededNames(), kind);
  const cfg = KIND[kind];
  const { systemConfig } = useSession();
  const system = systemConfig.currency_fk;
  const record = useQuery({
    queryKey: [cfg.endpoint, "show", id],
    queryFn: async () => (await api<DataBody<MoneyDocRecord>>(`${cfg.endpoint}/${id}`)).data,
    enabled: id !== null,
  });
  const types = useQuery(typesListQuery(cfg.types));
  const form = useZodForm({
    type_id: "",
    account_id: "",
    date: businessToday(),
    payment_time: businessNow().format("HH:mm"),
    reference_no: "",
    note: "",
    attachment: "" as string,
    money: { currency_id: system, rate: "1", amount: "", foreign_amount: "" } as CurrencyValue,
  });
  const [file, setFile] = useState<File | null>(null);
  const { create, update, question, ask } = useCrud(cfg.endpoint, { onInvalid: form.applyServerErrors, confirmable: true });
  const invalidateLedger = useInvalidateLedger();
  const queryClient = useQueryClient();
  const { load } = form;

  useEffect(() => {
    const r = record.data;
    if (!r) return;
    load({
      type_id: String(r.type_id ?? r.type_fk ?? ""),
      account_id: String(r.account_id ?? r.account_fk ?? ""),
      date: docDay(r.date),
      payment_time: r.payment_time ?? "",
      reference_no: r.reference_no ?? "",
      note: r.note ?? "",
      attachment: r.attachment ?? "",
      money: {
        currency_id: r.currency_id,
        rate: plainDecimal(r.rate ?? "1"),
        amount: r.amount ?? "",
        foreign_amount: r.foreign_amount ?? r.amount ?? "",
      },
    });
  }, [record.data, load]);

  // With an image the document goes as multipart form data (the server reads the file itself).
  const sendForm = useMutation({
    mutationFn: (data: FormData) =>
      api<{ message?: string }>(id === null ? cfg.endpoint : `${cfg.endpoint}/${id}`, { method: "POST", body: data }),
    meta: { silent: true },
  });

  const submit = () => {
    const v = form.values;
    const m = v.money;
    const foreign = m.currency_id !== system;
    // The amount is in the document's currency (as typed); the server converts it for the cash account.
    const amount = foreign ? m.foreign_amount : m.amount;
    const payload: Record<string, string | number | null> = {
      type_id: v.type_id,
      account_id: v.account_id,
      date: v.date || null,
      payment_time: v.payment_time,
      currency_id: m.currency_id,
      rate: foreign ? m.rate : "1",
      amount,
      reference_no: v.reference_no.trim() || null,
      note: v.note.trim() || null,
    };
    if (!form.validate(ZMoneyDoc, payload)) return;
    const problem = file ? imageProblem(file) : null;
    if (problem) {
      form.setErrors({ attachment: problem });
      return;
    }
    const done = () => {
      invalidateLedger();
      onClose();
    };
    if (file) {
      const data = new FormData();
      for (const [k, val] of Object.entries(payload)) if (val !== null) data.append(k, String(val));
      if (id !== null) data.append("_method", "PATCH");
      data.append("attachment", file);
      const send = () =>
        sendForm.mutate(data, {
          onSuccess: (res) => {
            notifySuccess(res?.message ?? (id === null ? MSG.added : MSG.updated));
            void queryClient.invalidateQueries({ queryKey: [cfg.endpoint] });
            done();
          },
          onError: (err) => {
            // A rate far from the one in force: asked, and sent again confirmed.
            const asked = ask(err, () => {
              data.set("confirmed", "1");
              send();
            });
            if (!form.applyServerErrors(err) && !asked) notifyError(err);
          },
        });
      send();
    } else if (id !== null) update.mutate({ id, body: payload }, { onSuccess: done });
    else create.mutate(payload, { onSuccess: done });
  };

  const typeError = form.error("type_id");
  const title = id === null ? t(`${kind}.add`) : t(`${kind}.edit`);

  return (
    <FormDialog
      title={title}
      icon={<IconReceipt size={20} />}
      onClose={onClose}
      size="xl"
      onSubmit={() => void submit()}
      saving={create.isPending || update.isPending || sendForm.isPending}
      loading={id !== null && record.isPending}
      testId="money-doc-form"
      saveTestId="doc-save"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t(`${kind}.type`)}
          withAsterisk
          searchable
          data={(types.data ?? []).map((x) => ({ value: String(x.type_id), label: typeLabel(x.type_name) }))}
          value={form.values.type_id || null}
          onChange={(val) => form.set("type_id", val ?? "")}
          error={typeError}
          nothingFoundMessage={t("messages:nothingFound")}
          data-testid="doc-type"
        />
        <CashAccountSelect
          label={t("fields.account")}
          value={form.values.account_id}
          excludeDrawers
          onChange={(val, acc) => {
            form.set("account_id", val);
            const cur = acc?.currency_id ?? acc?.currency?.currency_id;
            // The account's own currency is the likely one; the user may still pick the other. The
            // currency picker fills the rate of a currency turned foreign.
            if (cur && cur !== form.values.money.currency_id && id === null && form.values.money.amount === "") {
              form.set("money", { ...form.values.money, currency_id: cur, rate: "1" });
            }
          }}
          error={form.error("account_id")}
          testId="doc-account"
        />
        <DateField
          label={t("fields.date")}
          withAsterisk
          value={form.values.date || null}
          onChange={(val) => form.set("date", val ?? "")}
          error={form.error("date")}
          data-testid="doc-date"
        />
        {/* Mantine's picker, not the browser's: the browser writes "10:20 PM" in its own language
            whatever the screen's; this one has the screen's morning and evening marks. */}
        <TimePicker
          label={t("fields.payment_time")}
          withAsterisk
          format="12h"
          value={form.values.payment_time}
          onChange={(v) => form.set("payment_time", v)}
          error={form.error("payment_time")}
          hoursInputProps={{ "data-testid": "doc-payment-time" } as Record<string, string>}
        />
      </SimpleGrid>
      <CurrencyPicker
        value={form.values.money}
        onChange={(m) => form.set("money", m)}
        rateKind={cfg.rateKind}
        errors={{ amount: form.error("amount"), rate: form.error("rate"), currency: form.error("currency_id") }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t("fields.reference_no")} {...form.text("reference_no")} />
        <FileInput
          label={t("fields.attachment")}
          placeholder={form.values.attachment || t("chooseImage")}
          accept="image/png,image/jpeg"
          clearable
          leftSection={<IconPaperclip size={16} />}
          value={file}
          onChange={setFile}
          error={form.error("attachment")}
          data-testid="doc-attachment"
        />
      </SimpleGrid>
      <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
      {question}
    </FormDialog>
  );
}

/** Expenses (out-rate) and incomes (in-rate): each posts against the chosen cash account. */
export function MoneyDocPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation("accounting");
  const names = useSeededNames();
  const fmt = useFormat();
  const can = useCan();
  const cfg = KIND[kind];
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const invalidateLedger = useInvalidateLedger();
  const history = useHistoryAction<MoneyDocRow>(cfg.endpoint, (r) => r.id);
  const del = useConfirmDelete<MoneyDocRow>(cfg.endpoint, {
    idOf: (r) => r.id,
    nameOf: (r) => String(r.number ?? ""),
    onDeleted: invalidateLedger,
  });
  const types = useQuery(typesListQuery(cfg.types));
  const currencyTotals = useCurrencyTotals();

  const columns: Column<MoneyDocRow>[] = [
    { key: "number", label: "accounting:fields.number" },
    { key: "date", label: "accounting:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
    {
      key: "payment_time",
      label: "accounting:fields.payment_time",
      render: (r) => (r.payment_time ? fmt.time(`${docDay(r.date) || "2000-01-01"}T${r.payment_time}`) : ""),
    },
    { key: "type_name", label: `accounting:${kind}.type`, text: (r) => typeLabelOf(names, kind)(typeNameOf(r)) },
    { key: "account_name", label: "accounting:fields.account", text: (r) => names.account(r.account_name, r.account_system_key) },
    {
      key: "amount",
      label: "accounting:fields.amount",
      format: "amount",
      footer: currencyTotals,
      // Printed as shown: the figure in the document's currency.
      text: (r) => fmt.money(r.foreign_amount ?? r.amount, r.currency_name),
      render: (r) => (
        <span className="amount" data-testid="doc-amount">
          {fmt.money(r.foreign_amount ?? r.amount, r.currency_name)} {r.currency_name ?? ""}
        </span>
      ),
    },
    { key: "rate", label: "accounting:fields.rate", format: "rate" },
    { key: "reference_no", label: "accounting:fields.reference_no" },
    { key: "note", label: "accounting:fields.note" },
    {
      key: "attachment",
      label: "accounting:fields.attachment",
      render: (r) =>
        r.attachment ? (
          <Anchor href={`/images/${r.attachment}`} target="_blank" rel="noreferrer" size="sm" aria-label={t("fields.attachment")}>
            <IconPaperclip size={16} />
          </Anchor>
        ) : null,
    },
    { key: "created_by_name", label: "accounting:fields.created_by" },
    { key: "updated_by_name", label: "accounting:fields.updated_by" },
    { key: "updated_at", label: "accounting:fields.updated_at", format: "datetime" },
  ];
  const filters: FilterField[] = [
    {
      key: "type_id",
      label: `accounting:${kind}.type`,
      type: "select",
      options: (types.data ?? []).map((x) => ({ value: String(x.type_id), label: typeLabelOf(names, kind)(x.type_name) })),
    },
    { key: "reference_no", label: "accounting:fields.reference_no", type: "text" },
  ];

  return (
    <>
      <PageHeader title={t(`${kind}.title`)} description={t(`${kind}.description`)} />
      <DataTable<MoneyDocRow>
        endpoint={cfg.endpoint}
        model={cfg.endpoint}
        title={`accounting:${kind}.title`}
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        dateFilter
        amountFilter
        defaultSort="id"
        toolbar={
          can(`${cfg.endpoint}/store`) && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="doc-add">
              {t(`${kind}.add`)}
            </Button>
          )
        }
        actions={[...editDeleteActions<MoneyDocRow>(cfg.endpoint, (r) => setEditing(r.id), del.ask), history.action]}
      />
      {editing !== null && <MoneyDocForm kind={kind} id={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {del.dialog}
      {history.dialog}
    </>
  );
}

export const ExpensesPage = () => <MoneyDocPage kind="expenses" />;
export const IncomesPage = () => <MoneyDocPage kind="incomes" />;
