import { ZExchangeRevaluation } from "@app/contracts";
import { Button, MultiSelect, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { IconCurrencyDollar, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { docDay, useInvalidateLedger } from "../../shared/api/ledger";
import { businessToday } from "../../shared/businessTime";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable } from "../../shared/DataTable";
import { DateField } from "../../shared/DateField";
import { FormDialog } from "../../shared/FormDialog";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import "../../shared/amount.css";

const ENDPOINT = "exchange_revaluations";

interface RevaluationRow {
  id: number;
  date: string;
  rate: string;
  accounts_count: number;
  /** Gains positive, in the system currency. */
  difference: string;
  note: string | null;
  created_by_name: string | null;
}

interface ForeignAccount {
  account_id: number;
  account_name: string;
  system_key: string | null;
  currency_name: string;
  balance: string;
  sys_balance: string;
}

function RevaluationForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("accounting");
  const fmt = useFormat();
  const names = useSeededNames();
  const invalidateLedger = useInvalidateLedger();
  const accounts = useQuery({
    queryKey: [ENDPOINT, "accounts"],
    queryFn: () => api<{ message: ForeignAccount[] }>(`${ENDPOINT}/accounts`),
  });
  const form = useZodForm({ date: businessToday(), rate: "", note: "" });
  const list = accounts.data?.message ?? [];
  // Every account holding foreign money is revalued unless the user leaves it out.
  const [picked, setPicked] = useState<string[] | null>(null);
  const chosen = picked ?? list.filter((a) => Number(a.balance) !== 0).map((a) => String(a.account_id));
  const { create, question } = useCrud(ENDPOINT, { onInvalid: form.applyServerErrors, confirmable: true });
  const submit = () => {
    const body = form.validate(ZExchangeRevaluation, {
      date: form.values.date,
      rate: form.values.rate,
      account_ids: chosen.map(Number),
      note: form.values.note || null,
    });
    if (!body) return;
    create.mutate(body, {
      onSuccess: () => {
        invalidateLedger();
        onClose();
      },
    });
  };
  return (
    <FormDialog
      title={t("revaluations.add")}
      icon={<IconCurrencyDollar size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending}
      testId="revaluation-form"
      saveTestId="revaluation-save"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DateField
          label={t("fields.date")}
          withAsterisk
          value={form.values.date || null}
          onChange={(val) => form.set("date", val ?? "")}
          error={form.error("date")}
          data-testid="revaluation-date"
        />
        <TextInput
          label={t("revaluations.rate")}
          withAsterisk
          inputMode="decimal"
          data-autofocus
          {...form.text("rate")}
          data-testid="revaluation-rate"
        />
      </SimpleGrid>
      <MultiSelect
        label={t("revaluations.accounts")}
        description={t("revaluations.accountsHint")}
        withAsterisk
        searchable
        data={list.map((a) => ({
          value: String(a.account_id),
          label: `${names.account(a.account_name, a.system_key)} · ${fmt.money(a.balance, a.currency_name)} ${a.currency_name}`,
        }))}
        value={chosen}
        onChange={setPicked}
        error={form.error("account_ids")}
        data-testid="revaluation-accounts"
      />
      <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
      {question}
    </FormDialog>
  );
}

/** Month-end restatement of foreign-currency accounts at a rate; each is reversed on the next day. */
export function ExchangeRevaluationsPage() {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const fmt = useFormat();
  const [adding, setAdding] = useState(false);
  const columns: Column<RevaluationRow>[] = [
    { key: "id", label: "accounting:fields.id" },
    { key: "date", label: "accounting:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
    { key: "rate", label: "accounting:revaluations.rate", format: "rate" },
    { key: "accounts_count", label: "accounting:revaluations.accountsCount" },
    {
      key: "difference",
      label: "accounting:revaluations.difference",
      format: "money",
      render: (r) => <span className="amount">{fmt.sysMoney(r.difference)}</span>,
    },
    { key: "note", label: "accounting:fields.note" },
    { key: "created_by_name", label: "accounting:fields.created_by" },
  ];
  return (
    <>
      <PageHeader title={t("revaluations.title")} description={t("revaluations.description")} />
      <DataTable<RevaluationRow>
        endpoint={ENDPOINT}
        model={ENDPOINT}
        title="accounting:revaluations.title"
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort="date"
        toolbar={
          can(`${ENDPOINT}/store`) && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="revaluation-add">
              {t("revaluations.add")}
            </Button>
          )
        }
      />
      {adding && <RevaluationForm onClose={() => setAdding(false)} />}
    </>
  );
}
