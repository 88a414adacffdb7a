import { CHARGE_KINDS, ZPurchaseReceipt } from "@app/contracts";
import { ActionIcon, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from "@mantine/core";
import { IconPackageImport, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { ApiError, api } from "../../shared/api/client";
import { useInvalidateLedger } from "../../shared/api/ledger";
import { DateField } from "../../shared/DateField";
import { today, useFillOnce } from "../../shared/documents/DocHead";
import { DocForm, LinesPanel, PaymentFields, type PaymentType } from "../../shared/documents/DocumentLines";
import { AmountCell } from "../../shared/documents/LineCells";
import { SupplierSelect } from "../../shared/documents/pickers";
import { issuesByPath, routeId } from "../../shared/documents/routeParams";
import { plainDecimal, useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { notifyError, notifySuccess } from "../../shared/notify";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { ORDER_PATHS, PURCHASE_ORDERS, type PurchaseOrderRecord, purchaseOrderQuery } from "./purchaseOrders.queries";
import "../../shared/amount.css";

interface ReceiptLine {
  order_line_id: number;
  quantity: string;
  bonus: string;
  unit_price: string;
  batch_no: string;
  expire_date: string;
}
interface ChargeForm {
  key: number;
  kind: (typeof CHARGE_KINDS)[number];
  consumer_id: string;
  amount: string;
}
let nextKey = 1;
/** The fields the form shows a server's message under. */
const ON_FORM = /^((lines|charges)\.\d+\.[a-z_]+|reference_no|date|paid_amount|account_id|note)$/;

/**
 * Receiving against an order: one purchase (bill) with the goods as they came, each line at most
 * what is still to come (the server refuses more unless the user may over-receive), its batch,
 * expiry and the billed price (the expected one unless changed), its transport and other charges
 * owed to their suppliers, and its payment. Saved, the purchase is complete: stock in and posted.
 */
export function PurchaseOrderReceivePage() {
  const { t: tp } = useTranslation("purchases");
  const { t } = useTranslation("purchaseorders");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  const fmt = useFormat();
  const names = useSeededNames();
  const id = routeId(useParams().id);
  const doc = useQuery(purchaseOrderQuery(id));
  const form = useZodForm({
    reference_no: "",
    date: today(),
    payment_type: "On Account" as PaymentType,
    account_id: "",
    paid_amount: "",
    note: "",
    lines: [] as ReceiptLine[],
    charges: [] as ChargeForm[],
  });
  const { reset } = form;
  useFillOnce(
    doc.data,
    (o) => `${o.id}:${o.receipts.length}`,
    (o) =>
      reset({
        ...form.values,
        lines: o.lines
          .filter((l) => Number(l.remaining_quantity) > 0)
          .map((l) => ({
            order_line_id: l.line_id,
            quantity: plainDecimal(l.remaining_quantity),
            bonus: "",
            unit_price: plainDecimal(l.unit_price),
            batch_no: "",
            expire_date: "",
          })),
      }),
  );
  const v = form.values;
  const setLine = (i: number, patch: Partial<ReceiptLine>) =>
    form.set(
      "lines",
      v.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );
  const setCharge = (i: number, patch: Partial<ChargeForm>) =>
    form.set(
      "charges",
      v.charges.map((c, j) => (j === i ? { ...c, ...patch } : c)),
    );
  const o = doc.data;
  const orderLine = (lineId: number) => o?.lines.find((l) => l.line_id === lineId);
  // Lines left at 0 are not received this time.
  const sent = v.lines.map((l, i) => ({ l, i })).filter(({ l }) => Number(l.quantity) > 0);
  const payload = () => ({
    reference_no: v.reference_no.trim() || null,
    date: v.date || null,
    payment_type: v.payment_type,
    account_id: v.account_id || null,
    paid_amount: v.paid_amount === "" ? null : v.paid_amount,
    note: v.note.trim() || null,
    lines: sent.map(({ l }) => ({
      order_line_id: l.order_line_id,
      quantity: l.quantity,
      bonus: l.bonus || null,
      unit_price: l.unit_price || null,
      batch_no: l.batch_no.trim() || null,
      expire_date: l.expire_date || null,
    })),
    charges: v.charges.map((c) => ({
      kind: c.kind,
      consumer_id: c.consumer_id,
      payment_type: "On Account",
      currency_id: o?.currency_id ?? 1,
      amount: c.amount,
    })),
  });
  /** A message for line `n` of what is sent, under the form's own line. */
  const toForm = (errors: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(errors).map(([k, msg]) => {
        const m = /^lines\.(\d+)\.(.+)$/.exec(k);
        return [m ? `lines.${sent[Number(m[1])]?.i ?? 0}.${m[2]}` : k, msg];
      }),
    );
  const save = useMutation({
    mutationFn: async () =>
      (
        await api<{ data: PurchaseOrderRecord & { purchase: { number: string } } }>(`${PURCHASE_ORDERS}/${id}/receive`, {
          method: "POST",
          body: payload(),
        })
      ).data,
    onSuccess: (r) => {
      notifySuccess(t("received", { number: r.purchase.number }));
      void queryClient.invalidateQueries({ queryKey: [PURCHASE_ORDERS] });
      void queryClient.invalidateQueries({ queryKey: ["purchases"] });
      invalidateLedger();
      void navigate(ORDER_PATHS.view(id));
    },
    onError: (err) => {
      // Field messages stand under their fields; anything else is a notice.
      if (err instanceof ApiError && err.status === 422 && err.body.errors) {
        form.setErrors(
          toForm(Object.fromEntries(Object.entries(err.body.errors).map(([k, m]) => [k, (Array.isArray(m) ? m[0] : m) ?? ""]))),
        );
        if (Object.keys(err.body.errors).every((k) => ON_FORM.test(k))) return;
      }
      notifyError(err);
    },
    meta: { silent: true },
  });
  const submit = () => {
    const checked = ZPurchaseReceipt.safeParse(payload());
    if (!checked.success) {
      form.setErrors(toForm(issuesByPath(checked.error.issues)));
      return;
    }
    save.mutate();
  };
  if (!o) return doc.isPending ? null : <Text c="red">{t("notFound")}</Text>;

  return (
    <DocForm
      testId="receive-form"
      onSubmit={submit}
      title={t("receiveTitle", { number: o.number ?? "" })}
      description={t("receiveDescription", { supplier: o.consumer_name })}
      back={{ label: t("actions.back"), onClick: () => void navigate(ORDER_PATHS.view(id)) }}
      save={{ label: t("actions.receiveSave"), saving: save.isPending, testId: "receive-save" }}
    >
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label={tp("fields.reference_no")} maxLength={140} {...form.text("reference_no")} data-testid="receive-reference" />
          <DateField
            label={tp("fields.date")}
            withAsterisk
            value={v.date || null}
            onChange={(val) => form.set("date", val ?? "")}
            error={form.error("date")}
          />
          <Text size="sm" mt={28}>
            {t("fields.supplier")}: {o.consumer_name} · {names.inventory(o.inventory_name)} · {o.currency_name}
          </Text>
        </SimpleGrid>
      </Paper>
      <LinesPanel
        title={t("lines")}
        minWidth={1100}
        testId="receive-lines"
        headers={(
          ["item", "unit", "ordered", "received", "remaining", "receiving", "bonus", "unit_price", "batch_no", "expire_date"] as const
        ).map((k) => t(`fields.${k}`))}
        error={form.error("lines")}
      >
        {v.lines.map((l, i) => {
          const ol = orderLine(l.order_line_id);
          return (
            <Table.Tr key={l.order_line_id} data-testid="receive-line">
              <Table.Td>{ol?.item_name}</Table.Td>
              <Table.Td>{names.unit(ol?.unit_name ?? null)}</Table.Td>
              <Table.Td className="amount">{fmt.amount(ol?.quantity ?? "0")}</Table.Td>
              <Table.Td className="amount">{fmt.amount(ol?.received_quantity ?? "0")}</Table.Td>
              <Table.Td className="amount" data-testid="receive-remaining">
                {fmt.amount(ol?.remaining_quantity ?? "0")}
              </Table.Td>
              <AmountCell
                label={t("fields.receiving")}
                value={l.quantity}
                onChange={(quantity) => setLine(i, { quantity })}
                error={form.error(`lines.${i}.quantity`)}
                testId="receive-quantity"
              />
              <AmountCell
                label={t("fields.bonus")}
                width={80}
                value={l.bonus}
                onChange={(bonus) => setLine(i, { bonus })}
                error={form.error(`lines.${i}.bonus`)}
                testId="receive-bonus"
              />
              <AmountCell
                label={t("fields.unit_price")}
                width={120}
                value={l.unit_price}
                onChange={(unit_price) => setLine(i, { unit_price })}
                error={form.error(`lines.${i}.unit_price`)}
                testId="receive-price"
              />
              <Table.Td miw={110}>
                <TextInput
                  aria-label={t("fields.batch_no")}
                  value={l.batch_no}
                  onChange={(e) => setLine(i, { batch_no: e.currentTarget.value })}
                  error={form.error(`lines.${i}.batch_no`)}
                  data-testid="receive-batch"
                />
              </Table.Td>
              <Table.Td miw={140}>
                <DateField
                  aria-label={t("fields.expire_date")}
                  withAsterisk={ol?.has_expire}
                  value={l.expire_date || null}
                  onChange={(val) => setLine(i, { expire_date: val ?? "" })}
                  error={form.error(`lines.${i}.expire_date`)}
                  data-testid="receive-expiry"
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </LinesPanel>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{tp("charges")}</Title>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.set("charges", [...v.charges, { key: nextKey++, kind: "transport", consumer_id: "", amount: "" }])}
          >
            {tp("actions.addCharge")}
          </Button>
        </Group>
        <Stack gap="sm">
          {v.charges.map((c, i) => (
            <SimpleGrid key={c.key} cols={{ base: 1, sm: 4 }} spacing="sm">
              <Select
                label={tp("fields.charge_kind")}
                allowDeselect={false}
                data={CHARGE_KINDS.map((k) => ({ value: k, label: tp(`chargeKinds.${k}`) }))}
                value={c.kind}
                onChange={(val) => setCharge(i, { kind: (val ?? "transport") as ChargeForm["kind"] })}
              />
              <SupplierSelect
                label={tp("fields.supplier")}
                value={c.consumer_id}
                onChange={(val) => setCharge(i, { consumer_id: val })}
                error={form.error(`charges.${i}.consumer_id`)}
              />
              <MoneyInput
                label={`${tp("fields.amount")} (${o.currency_name})`}
                withAsterisk
                value={c.amount}
                zeroWhenEmpty={false}
                onChange={(val) => setCharge(i, { amount: val })}
                error={form.error(`charges.${i}.amount`)}
              />
              <ActionIcon
                mt={28}
                variant="subtle"
                color="red"
                aria-label={tp("actions.removeCharge")}
                onClick={() =>
                  form.set(
                    "charges",
                    v.charges.filter((_, j) => j !== i),
                  )
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </SimpleGrid>
          ))}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <PaymentFields
            testPrefix="receive"
            labels={{ paymentType: tp("fields.payment_type"), paid: tp("fields.paid_amount"), account: tp("fields.account") }}
            typeLabel={(p) => tp(`paymentTypes.${p}`)}
            type={{ value: v.payment_type, onChange: (p) => form.set("payment_type", p) }}
            fallback="On Account"
            paid={{
              value: v.paid_amount,
              placeholder: "0",
              onChange: (val) => form.set("paid_amount", val),
              error: form.error("paid_amount"),
            }}
            showAccount={v.payment_type === "Cash" || Number(v.paid_amount) > 0}
            account={{ value: v.account_id, onChange: (val) => form.set("account_id", val), error: form.error("account_id") }}
          />
          <Textarea label={tp("fields.note")} maxLength={140} autosize minRows={2} {...form.text("note")} />
          <Group>
            <IconPackageImport size={16} />
            <Text size="sm">{t("receiveHint")}</Text>
          </Group>
        </Stack>
      </Paper>
    </DocForm>
  );
}
