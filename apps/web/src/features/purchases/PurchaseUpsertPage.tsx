import { CHARGE_KINDS, PAYMENT_TYPES, ZPurchase } from "@app/contracts";
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan } from "../../app/session";
import { docDay } from "../../shared/api/ledger";
import { PATHS, type PickItem, PURCHASES, type PurchaseRecord, purchaseQuery } from "../../shared/api/purchases";
import { CashAccountSelect } from "../../shared/CashAccountSelect";
import { CurrencyPicker, type CurrencyValue } from "../../shared/CurrencyPicker";
import { DateField } from "../../shared/DateField";
import { DocHead, docMoney, today, useFillOnce, useNewDocHead } from "../../shared/documents/DocHead";
import { DocForm, DocSummary, LinesPanel, PaymentFields, type PaymentType } from "../../shared/documents/DocumentLines";
import { purchaseTotals } from "../../shared/documents/figures";
import { AmountCells, ItemCell, pickItemOf, RemoveLineOf, UnitCell } from "../../shared/documents/LineCells";
import { SupplierSelect } from "../../shared/documents/pickers";
import { useDocRoute } from "../../shared/documents/routeParams";
import { useSaveDocument } from "../../shared/documents/useSaveDocument";
import { plainDecimal, useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { useZodForm } from "../../shared/useZodForm";
import { PurchaseImport } from "./PurchaseImport";
import "../../shared/amount.css";

interface LineForm {
  key: number;
  item: PickItem | null;
  unit_id: string;
  quantity: string;
  bonus: string;
  unit_price: string;
  batch_no: string;
  expire_date: string;
  description: string;
}

interface ChargeForm {
  key: number;
  kind: (typeof CHARGE_KINDS)[number];
  consumer_id: string;
  payment_type: PaymentType;
  account_id: string;
  money: CurrencyValue;
  amount: string;
}

let nextKey = 1;
const emptyLine = (): LineForm => ({
  key: nextKey++,
  item: null,
  unit_id: "",
  quantity: "",
  bonus: "",
  unit_price: "",
  batch_no: "",
  expire_date: "",
  description: "",
});

/** A stored line as the picker holds it: the item with the units the line may use. */
const lineOf = (l: PurchaseRecord["lines"][number]): LineForm => ({
  key: nextKey++,
  item: pickItemOf(l),
  unit_id: String(l.unit_fk),
  quantity: plainDecimal(l.quantity),
  bonus: Number(l.bonus) ? plainDecimal(l.bonus) : "",
  unit_price: plainDecimal(l.unit_price),
  batch_no: l.batch_no ?? "",
  expire_date: l.expire_date ?? "",
  description: l.description ?? "",
});

/**
 * The purchase form (SPEC §2 `upsert/{id}/{isUpdate}/{from}/{newTab}`): a new purchase (id 0), an
 * edit (isUpdate 1) or a new one copied from purchase `from`.
 */
export function PurchaseUpsertPage() {
  const { t } = useTranslation("purchases");
  const route = useDocRoute();
  const { id, isUpdate, copyOf: from } = route;
  const navigate = useNavigate();
  const can = useCan();
  const fmt = useFormat();
  const head = useNewDocHead();
  const { system } = head;
  const source = useQuery(purchaseQuery(isUpdate ? id : from));
  const form = useZodForm({
    consumer_id: "",
    reference_no: "",
    date: head.date,
    inventory_id: head.inventory,
    money: head.money,
    discount_type: "amount" as "amount" | "percent",
    discount: "",
    payment_type: "On Account" as PaymentType,
    account_id: "",
    paid_amount: "",
    note: "",
    lines: [emptyLine()] as LineForm[],
    charges: [] as ChargeForm[],
  });
  const { reset } = form;
  const fill = useFillOnce(
    source.data,
    (r) => String(r.id),
    (r) =>
      reset({
        consumer_id: String(r.consumer_fk),
        reference_no: isUpdate ? (r.reference_no ?? "") : "",
        date: isUpdate ? docDay(r.date) : today(),
        inventory_id: String(r.inventory_fk),
        money: docMoney(r.currency_id, r.rate),
        discount_type: r.discount_type,
        discount: Number(r.discount) ? plainDecimal(r.discount) : "",
        payment_type: r.payment_type as PaymentType,
        account_id: r.account_fk ? String(r.account_fk) : "",
        paid_amount: Number(r.paid_amount) ? plainDecimal(r.paid_amount) : "",
        note: r.note ?? "",
        lines: r.lines.length ? r.lines.map(lineOf) : [emptyLine()],
        charges: r.charges.map((c) => ({
          key: nextKey++,
          kind: c.kind,
          consumer_id: c.consumer_fk ? String(c.consumer_fk) : "",
          payment_type: c.payment_type,
          account_id: c.account_fk ? String(c.account_fk) : "",
          money: docMoney(c.currency_id, c.rate),
          amount: plainDecimal(c.amount),
        })),
      }),
  );

  const v = form.values;
  const totals = purchaseTotals({
    lines: v.lines,
    discount_type: v.discount_type,
    discount: v.discount,
    paid_amount: v.payment_type === "Cash" && v.paid_amount === "" ? "" : v.paid_amount,
  });
  const setLine = (i: number, patch: Partial<LineForm>) =>
    form.set(
      "lines",
      v.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );
  const setCharge = (i: number, patch: Partial<ChargeForm>) =>
    form.set(
      "charges",
      v.charges.map((c, j) => (j === i ? { ...c, ...patch } : c)),
    );

  const payload = () => ({
    consumer_id: v.consumer_id,
    reference_no: v.reference_no.trim() || null,
    date: v.date || null,
    inventory_id: v.inventory_id,
    currency_id: v.money.currency_id,
    rate: v.money.currency_id === system ? "1" : v.money.rate,
    discount_type: v.discount_type,
    discount: v.discount || "0",
    payment_type: v.payment_type,
    account_id: v.account_id || null,
    paid_amount: v.paid_amount === "" ? null : v.paid_amount,
    note: v.note.trim() || null,
    lines: v.lines.map((l) => ({
      item_id: l.item?.item_id ?? "",
      unit_id: l.unit_id,
      quantity: l.quantity,
      bonus: l.bonus || "0",
      unit_price: l.unit_price,
      batch_no: l.batch_no.trim() || null,
      expire_date: l.expire_date || null,
      description: l.description.trim() || null,
    })),
    charges: v.charges.map((c) => ({
      kind: c.kind,
      // Paid in cash, the supplier may be left empty.
      consumer_id: c.consumer_id || (c.payment_type === "Cash" ? null : ""),
      payment_type: c.payment_type,
      account_id: c.payment_type === "Cash" ? c.account_id || null : null,
      currency_id: c.money.currency_id,
      rate: c.money.currency_id === system ? "1" : c.money.rate,
      amount: c.amount,
    })),
  });

  const { save, submit, question } = useSaveDocument<PurchaseRecord>({
    endpoint: PURCHASES,
    id: isUpdate ? id : 0,
    schema: ZPurchase,
    payload,
    form,
    savedMessage: (doc) => t("saved", { number: doc.number ?? "" }),
    onSaved: (doc) => void navigate(PATHS.view(doc.id, route.newTab)),
  });

  if ((isUpdate || from > 0) && source.isPending) return <PageLoader />;
  const record = isUpdate ? source.data : undefined;
  const complete = record?.status === "complete";
  const currencyName = (cid: number) => (cid === 2 ? "USD" : "IQD");

  return (
    <DocForm
      testId="purchase-form"
      onSubmit={() => submit(false)}
      title={isUpdate ? t("editTitle", { number: record?.number ?? "" }) : t("newTitle")}
      description={t("formDescription")}
      back={{ label: t("actions.back"), onClick: () => void navigate(PATHS.list) }}
      save={{ label: complete ? t("actions.save") : t("actions.saveDraft"), saving: save.isPending, testId: "purchase-save" }}
      complete={
        !complete &&
        can("purchases/complete") && { label: t("actions.saveComplete"), onClick: () => submit(true), testId: "purchase-save-complete" }
      }
    >
      <DocHead
        testId="purchase-header"
        labels={{ date: t("fields.date"), inventory: t("fields.inventory") }}
        party={<SupplierSelect label={t("fields.supplier")} {...form.field("consumer_id")} testId="purchase-supplier" />}
        afterParty={
          <TextInput label={t("fields.reference_no")} maxLength={140} {...form.text("reference_no")} data-testid="purchase-reference" />
        }
        date={{ ...form.field("date"), testId: "purchase-date" }}
        inventory={form.field("inventory_id")}
        currency={{ ...form.field("money"), rateKind: "out", fieldError: form.error }}
      />

      <LinesPanel
        title={t("lines")}
        tools={
          isUpdate &&
          record?.status === "draft" &&
          can("purchases/import") && (
            <PurchaseImport
              id={id}
              onImported={() => {
                fill.again();
                void source.refetch();
              }}
            />
          )
        }
        add={{ label: t("actions.addLine"), onClick: () => form.set("lines", [...v.lines, emptyLine()]), testId: "line-add" }}
        minWidth={1100}
        testId="purchase-lines"
        headers={(["item", "unit", "quantity", "bonus", "unit_price", "batch_no", "expire_date", "description", "line_total"] as const).map(
          (k) => t(`fields.${k}`),
        )}
        removeHeader={t("actions.removeLine")}
        error={form.error("lines")}
      >
        {v.lines.map((l, i) => (
          <Table.Tr key={l.key} data-testid="purchase-line">
            <ItemCell
              label={t("fields.item")}
              value={l.item}
              onPick={(item, unit_id) => setLine(i, { item, unit_id })}
              error={form.error(`lines.${i}.item_id`)}
            />
            <UnitCell
              line={l}
              onChange={(unit_id) => setLine(i, { unit_id })}
              error={form.error(`lines.${i}.unit_id`)}
              testId="line-unit"
            />
            <AmountCells line={l} onChange={(patch) => setLine(i, patch)} error={(f) => form.error(`lines.${i}.${f}`)} prefix="line" />
            <Table.Td miw={110}>
              <TextInput
                aria-label={t("fields.batch_no")}
                value={l.batch_no}
                onChange={(e) => setLine(i, { batch_no: e.currentTarget.value })}
                error={form.error(`lines.${i}.batch_no`)}
                data-testid="line-batch"
              />
            </Table.Td>
            <Table.Td miw={140}>
              <DateField
                aria-label={t("fields.expire_date")}
                withAsterisk={l.item?.has_expire}
                value={l.expire_date || null}
                onChange={(val) => setLine(i, { expire_date: val ?? "" })}
                error={form.error(`lines.${i}.expire_date`)}
                data-testid="line-expiry"
              />
            </Table.Td>
            <Table.Td miw={140}>
              <TextInput
                aria-label={t("fields.description")}
                value={l.description}
                onChange={(e) => setLine(i, { description: e.currentTarget.value })}
                error={form.error(`lines.${i}.description`)}
              />
            </Table.Td>
            <Table.Td>
              <span className="amount" data-testid="line-total">
                {fmt.docAmount(totals.lineTotals[i], v.money.currency_id)}
              </span>
            </Table.Td>
            <RemoveLineOf lines={v.lines} index={i} onChange={(lines) => form.set("lines", lines)} />
          </Table.Tr>
        ))}
      </LinesPanel>

      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t("charges")}</Title>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() =>
              form.set("charges", [
                ...v.charges,
                {
                  key: nextKey++,
                  kind: "transport",
                  consumer_id: "",
                  payment_type: "On Account",
                  account_id: "",
                  money: { currency_id: system, rate: "1", amount: "0", foreign_amount: "0" },
                  amount: "",
                },
              ])
            }
            data-testid="charge-add"
          >
            {t("actions.addCharge")}
          </Button>
        </Group>
        <Stack gap="md">
          {v.charges.length === 0 && (
            <Text c="dimmed" size="sm">
              {t("noCharges")}
            </Text>
          )}
          {v.charges.map((c, i) => (
            <Paper key={c.key} withBorder radius="sm" p="sm" data-testid="charge-row">
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
                <Select
                  label={t("fields.charge_kind")}
                  allowDeselect={false}
                  data={CHARGE_KINDS.map((k) => ({ value: k, label: t(`chargeKinds.${k}`) }))}
                  value={c.kind}
                  onChange={(val) => setCharge(i, { kind: (val ?? "transport") as ChargeForm["kind"] })}
                  data-testid="charge-kind"
                />
                <SupplierSelect
                  label={t("fields.supplier")}
                  value={c.consumer_id}
                  optional={c.payment_type === "Cash"}
                  onChange={(val) => setCharge(i, { consumer_id: val })}
                  error={form.error(`charges.${i}.consumer_id`)}
                  testId="charge-supplier"
                />
                <Select
                  label={t("fields.payment_type")}
                  allowDeselect={false}
                  data={PAYMENT_TYPES.map((p) => ({ value: p, label: t(`paymentTypes.${p}`) }))}
                  value={c.payment_type}
                  onChange={(val) => setCharge(i, { payment_type: (val ?? "On Account") as ChargeForm["payment_type"] })}
                  data-testid="charge-payment-type"
                />
                {c.payment_type === "Cash" && (
                  <CashAccountSelect
                    label={t("fields.account")}
                    value={c.account_id}
                    withCurrency
                    onChange={(val) => setCharge(i, { account_id: val })}
                    error={form.error(`charges.${i}.account_id`)}
                    testId="charge-account"
                  />
                )}
              </SimpleGrid>
              <Group align="flex-start" mt="sm" grow>
                <CurrencyPicker
                  value={c.money}
                  onChange={(m) => setCharge(i, { money: m })}
                  rateKind="out"
                  withAmount={false}
                  errors={{ rate: form.error(`charges.${i}.rate`) }}
                />
                <MoneyInput
                  label={t("fields.amount")}
                  withAsterisk
                  value={c.amount}
                  zeroWhenEmpty={false}
                  onChange={(val) => setCharge(i, { amount: val })}
                  error={form.error(`charges.${i}.amount`)}
                  rightSection={<Text size="xs">{currencyName(c.money.currency_id)}</Text>}
                  rightSectionWidth={44}
                  data-testid="charge-amount"
                />
                <Group justify="flex-end" style={{ flexGrow: 0 }}>
                  <ActionIcon
                    mt={28}
                    variant="subtle"
                    color="red"
                    aria-label={t("actions.removeCharge")}
                    onClick={() =>
                      form.set(
                        "charges",
                        v.charges.filter((_, j) => j !== i),
                      )
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Paper>

      <DocSummary
        t={t}
        testId="purchase-totals"
        rows={[
          ["subtotal", totals.subtotal],
          ["discount_amount", totals.discount],
          ["total", totals.total],
          ["remaining", v.payment_type === "Cash" && v.paid_amount === "" ? "0" : totals.remaining],
        ]}
        show={(val) => `${fmt.docAmount(val, v.money.currency_id)} ${currencyName(v.money.currency_id)}`}
        extra={
          <Group justify="space-between">
            <Text>{t("fields.payment_status")}</Text>
            <Text>{t(`paymentStatus.${v.payment_type === "Cash" && v.paid_amount === "" ? "paid" : totals.status}`)}</Text>
          </Group>
        }
      >
        <Group align="flex-end" grow>
          <div>
            <Text size="sm" fw={500} mb={4} id="discount-type-label">
              {t("fields.discount_type")}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="discount-type-label"
              data={[
                { value: "amount", label: t("discountTypes.amount") },
                { value: "percent", label: t("discountTypes.percent") },
              ]}
              value={v.discount_type}
              onChange={(val) => form.set("discount_type", val as "amount" | "percent")}
            />
          </div>
          <MoneyInput
            label={t("fields.discount")}
            value={v.discount}
            zeroWhenEmpty={false}
            onChange={(val) => form.set("discount", val)}
            error={form.error("discount")}
            data-testid="purchase-discount"
          />
        </Group>
        <PaymentFields
          testPrefix="purchase"
          labels={{ paymentType: t("fields.payment_type"), paid: t("fields.paid_amount"), account: t("fields.account") }}
          typeLabel={(p) => t(`paymentTypes.${p}`)}
          type={form.field("payment_type")}
          fallback="On Account"
          paid={{ ...form.field("paid_amount"), placeholder: v.payment_type === "Cash" ? fmt.amount(totals.total) : "0" }}
          showAccount={v.payment_type === "Cash" || (v.paid_amount !== "" && Number(v.paid_amount) > 0)}
          account={form.field("account_id")}
        />
        <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
      </DocSummary>
      {question}
    </DocForm>
  );
}
