import { CURRENCY_IQD, type DocPayments as DocPaymentsShown, type PayableEndpoint, ZDocPayment } from "@app/contracts";
import { ActionIcon, Button, Group, SimpleGrid, Stack, Table, Text, Textarea, Title } from "@mantine/core";
import { IconCash, IconCashBanknote, IconTrash } from "@tabler/icons-react";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import { useCan } from "../../app/session/useCan";
import { api } from "../api/client";
import { docDay, useInvalidateLedger } from "../api/ledger";
import type { DataBody } from "../api/types";
import { businessToday } from "../businessTime";
import { CashAccountSelect } from "../CashAccountSelect";
import { CurrencyPicker, type CurrencyValue } from "../CurrencyPicker";
import { useCrud } from "../crud";
import { DateField } from "../DateField";
import { FormDialog } from "../FormDialog";
import { useFormat } from "../format";
import { useSeededNames } from "../seededNames";
import { useConfirmDelete } from "../useConfirmDelete";
import { useZodForm } from "../useZodForm";

/** `GET {endpoint}/{id}/payments`: a document's payments after the fact and what is left owed. */
export const docPaymentsQuery = (endpoint: PayableEndpoint, id: number) =>
  queryOptions({
    queryKey: [`${endpoint}/${id}/payments`],
    queryFn: async () => (await api<DataBody<DocPaymentsShown>>(`${endpoint}/${id}/payments`)).data,
  });

/**
 * A sale's or a purchase's Payments section (SPEC §6 Update Payment, Destroy Payment): what it
 * came to, what was paid on it and later, what is left; each later payment with its delete; Add
 * payment while something is owed. A sale pays at the in-rate, a purchase at the out-rate.
 */
export function DocPayments({ endpoint, doc }: { endpoint: PayableEndpoint; doc: { id: number; status: string } }) {
  const { t } = useTranslation("doclife");
  const can = useCan();
  const fmt = useFormat();
  const names = useSeededNames();
  const queryClient = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  const system = useSession().systemConfig.currency_fk;
  const [adding, setAdding] = useState(false);
  const url = `${endpoint}/${doc.id}/payments`;
  const payments = useQuery({ ...docPaymentsQuery(endpoint, doc.id), enabled: doc.status === "complete" });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [endpoint] });
    invalidateLedger();
  };
  const remove = useConfirmDelete<DocPaymentsShown["payments"][number]>(url, {
    idOf: (p) => p.payment_id,
    nameOf: (p) => `${fmt.date(docDay(p.date))} · ${fmt.docAmount(p.amount, p.currency_name)} ${p.currency_name}`,
    onDeleted: refresh,
  });
  const d = payments.data;
  if (doc.status !== "complete" || !d) return null;
  const cur = d.currency_id === CURRENCY_IQD ? "IQD" : "USD";
  const money = (v: string) => `${fmt.docAmount(v, cur)} ${cur}`;
  const figures: [string, string][] = [
    [t("payments.total"), money(d.total)],
    [t("payments.paidOnDocument"), money(d.paid_on_document)],
    ...(Number(d.returned_on_account) ? [[t("payments.returnedOnAccount"), money(d.returned_on_account)] as [string, string]] : []),
    [t("payments.paidLater"), money(d.paid_later)],
    [t("payments.left"), money(d.left)],
  ];
  return (
    <Stack gap="xs" data-testid="doc-payments" className="no-print">
      <Group justify="space-between">
        <Title order={5}>{t("payments.title")}</Title>
        {Number(d.left) > 0 && can(`${endpoint}/update_payment`) && (
          <Button size="xs" leftSection={<IconCash size={16} />} onClick={() => setAdding(true)} data-testid="doc-payment-add">
            {t("payments.add")}
          </Button>
        )}
      </Group>
      <Group gap="lg">
        {figures.map(([label, value]) => (
          <Text key={label} size="sm">
            {label}: <span className="amount">{value}</span>
          </Text>
        ))}
        <Text size="sm" data-testid="doc-payment-status">
          {t(`payments.status.${d.payment_status}`)}
        </Text>
      </Group>
      {d.payments.length > 0 && (
        <Table striped withTableBorder data-testid="doc-payments-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("payments.date")}</Table.Th>
              <Table.Th>{t("payments.amount")}</Table.Th>
              <Table.Th>{t("payments.rate")}</Table.Th>
              <Table.Th>{t("payments.settles")}</Table.Th>
              <Table.Th>{t("payments.account")}</Table.Th>
              <Table.Th>{t("payments.note")}</Table.Th>
              <Table.Th>{t("payments.by")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.payments.map((p) => (
              <Table.Tr key={p.payment_id} data-testid="doc-payment-row">
                <Table.Td>{fmt.date(docDay(p.date))}</Table.Td>
                <Table.Td className="amount">
                  {fmt.docAmount(p.amount, p.currency_name)} {p.currency_name}
                </Table.Td>
                {/* A rate turns nothing when the payment, the document and the system share a currency. */}
                <Table.Td className="amount">
                  {p.currency_id === d.currency_id && d.currency_id === system ? "" : fmt.rate(p.rate)}
                </Table.Td>
                <Table.Td className="amount">{money(p.doc_amount)}</Table.Td>
                <Table.Td>{names.account(p.account_name, p.account_system_key)}</Table.Td>
                <Table.Td>{p.note ?? ""}</Table.Td>
                <Table.Td>{p.created_by_name ?? ""}</Table.Td>
                <Table.Td>
                  {can(`${endpoint}/destroy_payment`) && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("payments.delete")}
                      onClick={() => remove.ask(p)}
                      data-testid="doc-payment-delete"
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {adding && <PaymentDialog endpoint={endpoint} id={doc.id} onClose={() => setAdding(false)} onSaved={refresh} />}
      {remove.dialog}
    </Stack>
  );
}

/** Add payment: amount in either currency (the other at its rate), the cash or bank account, the date and a note. */
function PaymentDialog(props: { endpoint: PayableEndpoint; id: number; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation("doclife");
  const system = useSession().systemConfig.currency_fk;
  const form = useZodForm({
    account_id: "",
    date: businessToday(),
    note: "",
    money: { currency_id: system, rate: "1", amount: "", foreign_amount: "" } as CurrencyValue,
  });
  const { create, question } = useCrud(`${props.endpoint}/${props.id}/payments`, { onInvalid: form.applyServerErrors, confirmable: true });
  const submit = () => {
    const v = form.values;
    const foreign = v.money.currency_id !== system;
    const payload = {
      amount: foreign ? v.money.foreign_amount : v.money.amount,
      currency_id: v.money.currency_id,
      // In the system currency the server takes the day's rate to turn it into the document's currency.
      rate: foreign ? v.money.rate : null,
      account_id: v.account_id,
      date: v.date || null,
      note: v.note.trim() || null,
    };
    if (!form.validate(ZDocPayment, payload)) return;
    create.mutate(payload, {
      onSuccess: () => {
        props.onSaved();
        props.onClose();
      },
    });
  };
  return (
    <FormDialog
      title={t("payments.add")}
      icon={<IconCashBanknote size={20} />}
      onClose={props.onClose}
      size="xl"
      onSubmit={submit}
      saving={create.isPending}
      testId="doc-payment-form"
      saveTestId="doc-payment-save"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CashAccountSelect
          label={t("payments.account")}
          value={form.values.account_id}
          onChange={(val) => form.set("account_id", val)}
          error={form.error("account_id")}
          withCurrency
          testId="doc-payment-account"
        />
        <DateField
          label={t("payments.date")}
          withAsterisk
          value={form.values.date || null}
          onChange={(val) => form.set("date", val ?? "")}
          error={form.error("date")}
        />
      </SimpleGrid>
      <CurrencyPicker
        value={form.values.money}
        onChange={(m) => form.set("money", m)}
        rateKind={props.endpoint === "purchases" ? "out" : "in"}
        errors={{ amount: form.error("amount"), rate: form.error("rate"), currency: form.error("currency_id") }}
      />
      <Textarea label={t("payments.note")} autosize minRows={2} {...form.text("note")} />
      {question}
    </FormDialog>
  );
}
