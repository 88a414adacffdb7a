import { PURCHASE_ORDER_MSG, ZPurchaseOrder } from "@app/contracts";
import { Alert, Paper, Table, Textarea, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { translateMessage } from "../../app/i18n";
import { PageLoader } from "../../app/LoadingScreen";
import { docDay } from "../../shared/api/ledger";
import type { PickItem } from "../../shared/api/purchases";
import { DateField } from "../../shared/DateField";
import { DocHead, docMoney, today, useFillOnce, useNewDocHead } from "../../shared/documents/DocHead";
import { DocForm, LinesPanel } from "../../shared/documents/DocumentLines";
import { purchaseTotals } from "../../shared/documents/figures";
import { AmountCell, ItemCell, pickItemOf, RemoveLineOf, UnitCell } from "../../shared/documents/LineCells";
import { SupplierSelect } from "../../shared/documents/pickers";
import { useDocRoute } from "../../shared/documents/routeParams";
import { useSaveDocument } from "../../shared/documents/useSaveDocument";
import { plainDecimal, useFormat } from "../../shared/format";
import { useZodForm } from "../../shared/useZodForm";
import { ORDER_PATHS, PURCHASE_ORDERS, type PurchaseOrderRecord, purchaseOrderQuery } from "./purchaseOrders.queries";
import "../../shared/amount.css";

interface LineForm {
  key: number;
  item: PickItem | null;
  unit_id: string;
  quantity: string;
  unit_price: string;
  description: string;
}

let nextKey = 1;
const emptyLine = (): LineForm => ({ key: nextKey++, item: null, unit_id: "", quantity: "", unit_price: "", description: "" });
const lineOf = (l: PurchaseOrderRecord["lines"][number]): LineForm => ({
  key: nextKey++,
  item: pickItemOf(l),
  unit_id: String(l.unit_fk),
  quantity: plainDecimal(l.quantity),
  unit_price: Number(l.unit_price) ? plainDecimal(l.unit_price) : "",
  description: l.description ?? "",
});

/**
 * The purchase order form: a new order (id 0), an edit of a draft (isUpdate 1) or a new one copied
 * from order `from`: the supplier, the day the goods are expected, and the lines with the prices
 * expected from the supplier. Saved as a draft; Order is on the order's own page.
 */
export function PurchaseOrderUpsertPage() {
  const { t } = useTranslation("purchaseorders");
  const route = useDocRoute();
  const { id, isUpdate, copyOf: from } = route;
  const navigate = useNavigate();
  const fmt = useFormat();
  const head = useNewDocHead();
  const { system } = head;
  const source = useQuery(purchaseOrderQuery(isUpdate ? id : from));
  const form = useZodForm({
    consumer_id: "",
    reference_no: "",
    date: head.date,
    expected_date: "",
    inventory_id: head.inventory,
    money: head.money,
    note: "",
    lines: [emptyLine()] as LineForm[],
  });
  const { reset } = form;
  useFillOnce(
    source.data,
    (r) => String(r.id),
    (r) =>
      reset({
        consumer_id: String(r.consumer_fk),
        reference_no: isUpdate ? (r.reference_no ?? "") : "",
        date: isUpdate ? docDay(r.date) : today(),
        expected_date: isUpdate ? (r.expected_date ?? "") : "",
        inventory_id: String(r.inventory_fk),
        money: docMoney(r.currency_id, r.rate),
        note: r.note ?? "",
        lines: r.lines.length ? r.lines.map(lineOf) : [emptyLine()],
      }),
  );
  const v = form.values;
  const setLine = (i: number, patch: Partial<LineForm>) =>
    form.set(
      "lines",
      v.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );
  const payload = () => ({
    consumer_id: v.consumer_id,
    reference_no: v.reference_no.trim() || null,
    date: v.date || null,
    expected_date: v.expected_date || null,
    inventory_id: v.inventory_id,
    currency_id: v.money.currency_id,
    rate: v.money.currency_id === system ? "1" : v.money.rate,
    note: v.note.trim() || null,
    lines: v.lines.map((l) => ({
      item_id: l.item?.item_id ?? "",
      unit_id: l.unit_id,
      quantity: l.quantity,
      unit_price: l.unit_price || null,
      description: l.description.trim() || null,
    })),
  });
  const { save, submit, question } = useSaveDocument<PurchaseOrderRecord>({
    endpoint: PURCHASE_ORDERS,
    id: isUpdate ? id : 0,
    schema: ZPurchaseOrder,
    payload,
    form,
    ledger: false,
    savedMessage: (doc) => t("saved", { number: doc.number ?? "" }),
    onSaved: (doc) => void navigate(ORDER_PATHS.view(doc.id, route.newTab)),
  });

  if ((isUpdate || from > 0) && source.isPending) return <PageLoader />;
  const record = isUpdate ? source.data : undefined;
  // The expected figures as the server works them out (no discount, nothing paid on an order).
  const totals = purchaseTotals({ lines: v.lines, discount_type: "amount", discount: "", paid_amount: "" });

  return (
    <DocForm
      testId="order-form"
      onSubmit={() => submit(false)}
      title={isUpdate ? t("editTitle", { number: record?.number ?? "" }) : t("newTitle")}
      description={t("formDescription")}
      back={{ label: t("actions.back"), onClick: () => void navigate(ORDER_PATHS.list) }}
      save={{ label: t("actions.saveDraft"), saving: save.isPending, testId: "order-save" }}
    >
      {record && record.status !== "draft" && (
        <Alert color="orange" data-testid="order-not-draft">
          {translateMessage(PURCHASE_ORDER_MSG.notDraft)}
        </Alert>
      )}
      <DocHead
        testId="order-header"
        labels={{ date: t("fields.date"), inventory: t("fields.inventory") }}
        party={<SupplierSelect label={t("fields.supplier")} {...form.field("consumer_id")} testId="order-supplier" />}
        afterParty={<TextInput label={t("fields.reference_no")} maxLength={140} {...form.text("reference_no")} />}
        date={{ ...form.field("date"), testId: "order-date" }}
        afterDate={
          <DateField
            label={t("fields.expected_date")}
            value={v.expected_date || null}
            onChange={(val) => form.set("expected_date", val ?? "")}
            error={form.error("expected_date")}
            data-testid="order-expected-date"
          />
        }
        inventory={form.field("inventory_id")}
        currency={{ ...form.field("money"), rateKind: "out", fieldError: form.error }}
      />
      <LinesPanel
        title={t("lines")}
        add={{ label: t("actions.addLine"), onClick: () => form.set("lines", [...v.lines, emptyLine()]), testId: "line-add" }}
        minWidth={900}
        testId="order-lines"
        headers={(["item", "unit", "quantity", "unit_price", "description", "line_total"] as const).map((k) => t(`fields.${k}`))}
        removeHeader={t("actions.removeLine")}
        error={form.error("lines")}
      >
        {v.lines.map((l, i) => (
          <Table.Tr key={l.key} data-testid="order-line">
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
            <AmountCell
              label={t("fields.quantity")}
              value={l.quantity}
              onChange={(quantity) => setLine(i, { quantity })}
              error={form.error(`lines.${i}.quantity`)}
              testId="line-quantity"
            />
            <AmountCell
              label={t("fields.unit_price")}
              width={120}
              value={l.unit_price}
              onChange={(unit_price) => setLine(i, { unit_price })}
              error={form.error(`lines.${i}.unit_price`)}
              testId="line-price"
            />
            <Table.Td miw={160}>
              <TextInput
                aria-label={t("fields.description")}
                value={l.description}
                onChange={(e) => setLine(i, { description: e.currentTarget.value })}
                error={form.error(`lines.${i}.description`)}
              />
            </Table.Td>
            <Table.Td>
              <span className="amount" data-testid="line-total">
                {fmt.docAmount(totals.lineTotals[i] ?? "0", v.money.currency_id)}
              </span>
            </Table.Td>
            <RemoveLineOf lines={v.lines} index={i} onChange={(lines) => form.set("lines", lines)} />
          </Table.Tr>
        ))}
      </LinesPanel>
      <Paper withBorder radius="md" p="md">
        <Textarea label={t("fields.note")} maxLength={140} autosize minRows={2} {...form.text("note")} />
        <div className="amount" data-testid="order-total" style={{ marginBlockStart: 12, fontWeight: 700 }}>
          {t("fields.total")}: {fmt.docAmount(totals.total, v.money.currency_id)}
        </div>
      </Paper>
      {question}
    </DocForm>
  );
}
