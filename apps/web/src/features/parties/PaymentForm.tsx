import { CURRENCY_IQD, ZConsumerTransaction } from "@app/contracts";
import { SimpleGrid, Textarea } from "@mantine/core";
import { IconCashBanknote } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import Decimal from "decimal.js";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import { api } from "../../shared/api/client";
import { docDay, useInvalidateLedger } from "../../shared/api/ledger";
import { PARTY, type PartyKind } from "../../shared/api/parties";
import type { DataBody } from "../../shared/api/types";
import { businessToday } from "../../shared/businessTime";
import { CashAccountSelect } from "../../shared/CashAccountSelect";
import { CurrencyPicker, type CurrencyValue } from "../../shared/CurrencyPicker";
import { useCrud } from "../../shared/crud";
import { DateField } from "../../shared/DateField";
import { FormDialog } from "../../shared/FormDialog";
import { plainDecimal } from "../../shared/format";
import { useZodForm } from "../../shared/useZodForm";

interface PaymentRecord {
  transaction_id: number;
  consumer_id: number;
  account_id: number;
  currency_id: number;
  rate: string;
  amount: string;
  date: string;
  note: string | null;
}

/** A receipt from a customer (in-rate) or a payment to a supplier (out-rate), through a cash account. */
export function PaymentForm({ kind, partyId, id, onClose }: { kind: PartyKind; partyId: number; id: number | null; onClose: () => void }) {
  const cfg = PARTY[kind];
  const { t } = useTranslation("parties");
  const { systemConfig } = useSession();
  const system = systemConfig.currency_fk;
  const record = useQuery({
    queryKey: [cfg.transactions, "show", id],
    queryFn: async () => (await api<DataBody<PaymentRecord>>(`${cfg.transactions}/${id}`)).data,
    enabled: id !== null,
  });
  const form = useZodForm({
    account_id: "",
    date: businessToday(),
    note: "",
    money: { currency_id: system, rate: "1", amount: "", foreign_amount: "" } as CurrencyValue,
  });
  const { create, update, question } = useCrud(cfg.transactions, { onInvalid: form.applyServerErrors, confirmable: true });
  const invalidateLedger = useInvalidateLedger();
  const { load } = form;
  useEffect(() => {
    const r = record.data;
    if (!r) return;
    const foreign = r.currency_id !== system;
    load({
      account_id: String(r.account_id),
      date: docDay(r.date),
      note: r.note ?? "",
      money: {
        currency_id: r.currency_id,
        rate: plainDecimal(r.rate),
        foreign_amount: r.amount,
        amount: foreign
          ? new Decimal(r.amount)
              .mul(r.currency_id === CURRENCY_IQD ? new Decimal(1).div(r.rate) : r.rate)
              .toDecimalPlaces(3)
              .toFixed()
          : r.amount,
      },
    });
  }, [record.data, load, system]);

  const submit = () => {
    const v = form.values;
    const foreign = v.money.currency_id !== system;
    // The amount is in the party balance's currency (the one chosen), as the user typed it.
    const amount = foreign ? v.money.foreign_amount : v.money.amount;
    const payload = {
      consumer_id: partyId,
      account_id: v.account_id,
      currency_id: v.money.currency_id,
      rate: foreign ? v.money.rate : "1",
      amount,
      date: v.date || null,
      note: v.note.trim() || null,
    };
    if (!form.validate(ZConsumerTransaction, payload)) return;
    const done = () => {
      invalidateLedger();
      onClose();
    };
    if (id === null) create.mutate(payload, { onSuccess: done });
    else update.mutate({ id, body: payload }, { onSuccess: done });
  };

  return (
    <FormDialog
      title={t(`${cfg.ns}.${id === null ? "addPayment" : "editPayment"}`)}
      icon={<IconCashBanknote size={20} />}
      onClose={onClose}
      size="xl"
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      loading={id !== null && record.isPending}
      testId="payment-form"
      saveTestId="payment-save"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CashAccountSelect
          label={t("fields.account")}
          value={form.values.account_id}
          onChange={(val) => form.set("account_id", val)}
          error={form.error("account_id")}
          testId="payment-account"
        />
        <DateField
          label={t("fields.date")}
          withAsterisk
          value={form.values.date || null}
          onChange={(val) => form.set("date", val ?? "")}
          error={form.error("date")}
        />
      </SimpleGrid>
      <CurrencyPicker
        value={form.values.money}
        onChange={(m) => form.set("money", m)}
        rateKind={cfg.rateKind}
        errors={{ amount: form.error("amount"), rate: form.error("rate"), currency: form.error("currency_id") }}
      />
      <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
      {question}
    </FormDialog>
  );
}
