import { ZQuotation } from "@app/contracts";
import { Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { docDay } from "../../shared/api/ledger";
import { businessNow } from "../../shared/businessTime";
import { DateField } from "../../shared/DateField";
import { CustomerSelect } from "../../shared/documents/CustomerSelect";
import { DocHead, docMoney, today, useFillOnce, useNewDocHead } from "../../shared/documents/DocHead";
import { DocForm, DocSummary } from "../../shared/documents/DocumentLines";
import {
  emptyPricedLine,
  InvoiceDiscountFields,
  invoiceDiscount,
  type PricedLine,
  PricedLinesPanel,
  pricedLineOf,
  quoteRows,
  useLineQuote,
} from "../../shared/documents/PricedLines";
import { useDocRoute } from "../../shared/documents/routeParams";
import { useSaveDocument } from "../../shared/documents/useSaveDocument";
import { useFormat } from "../../shared/format";
import { useZodForm } from "../../shared/useZodForm";
import { QUOTATION_PATHS, QUOTATIONS, type QuotationRecord, quotationQuery } from "./quotations.queries";

const emptyLine = () => emptyPricedLine("percent");

/**
 * The quotation form (SPEC §2 `upsert/{id}/{isUpdate}/{from}/{newTab}`): a new quotation, an edit,
 * or a new one copied from quotation `from`. Its lines are priced as a sale's, by the server's one
 * price function as they are typed (each line shows why its price is what it is); saving prices
 * them again.
 */
export function QuotationUpsertPage() {
  const { t } = useTranslation("quotations");
  const route = useDocRoute();
  const { id, isUpdate, copyOf: from } = route;
  const navigate = useNavigate();
  const fmt = useFormat();
  const head = useNewDocHead();
  const { system } = head;
  const source = useQuery(quotationQuery(isUpdate ? id : from));
  const validFor14Days = () => businessNow().add(14, "day").format("YYYY-MM-DD");
  const form = useZodForm({
    consumer_fk: "",
    date: head.date,
    valid_until: validFor14Days(),
    inventory_fk: head.inventory,
    money: head.money,
    ...invoiceDiscount.none(),
    note: "",
    lines: [emptyLine()] as PricedLine[],
  });
  const { reset } = form;
  useFillOnce(
    source.data,
    (r) => String(r.id),
    (r) =>
      reset({
        consumer_fk: String(r.consumer_fk),
        date: isUpdate ? docDay(r.date) : today(),
        valid_until: isUpdate ? r.valid_until : validFor14Days(),
        inventory_fk: String(r.inventory_fk),
        money: docMoney(r.currency_id, r.rate),
        ...invoiceDiscount.of(r),
        note: r.note ?? "",
        lines: r.lines.length ? r.lines.map((l) => pricedLineOf(l)) : [emptyLine()],
      }),
  );

  const v = form.values;
  const perItem = v.discount_type === "item";
  const quote = useLineQuote(v, system);
  const payload = () => ({
    consumer_fk: v.consumer_fk,
    date: v.date || null,
    valid_until: v.valid_until,
    inventory_fk: v.inventory_fk || null,
    currency_id: v.money.currency_id,
    rate: v.money.currency_id === system ? "1" : v.money.rate,
    ...invoiceDiscount.sent(v),
    note: v.note.trim() || null,
    lines: v.lines.map((l) => ({
      item_fk: l.item?.item_id ?? "",
      unit_fk: l.unit_id,
      quantity: l.quantity,
      ...(perItem ? { discount_type: l.discount_type, discount: l.discount || "0" } : {}),
    })),
  });

  // A quotation posts nothing: no ledger figure changes.
  const { save, submit, question } = useSaveDocument<QuotationRecord>({
    endpoint: QUOTATIONS,
    id: isUpdate ? id : 0,
    schema: ZQuotation,
    payload,
    form,
    savedMessage: (doc) => t("saved", { number: doc.number ?? "" }),
    ledger: false,
    onSaved: (doc) => void navigate(QUOTATION_PATHS.view(doc.id, route.newTab)),
  });

  if ((isUpdate || from > 0) && source.isPending) return <PageLoader />;
  const record = isUpdate ? source.data : undefined;
  const cur = v.money.currency_id === 2 ? "USD" : "IQD";
  return (
    <DocForm
      testId="quotation-form"
      onSubmit={() => submit()}
      title={isUpdate ? t("editTitle", { number: record?.number ?? "" }) : t("newTitle")}
      description={t("formDescription")}
      back={{ label: t("actions.back"), onClick: () => void navigate(QUOTATION_PATHS.list) }}
      save={{ label: t("actions.save"), saving: save.isPending, testId: "quotation-save" }}
    >
      <DocHead
        labels={{ date: t("fields.date"), inventory: t("fields.inventory") }}
        party={<CustomerSelect label={t("fields.customer")} {...form.field("consumer_fk")} testId="quotation-customer" />}
        date={{ ...form.field("date"), testId: "quotation-date" }}
        afterDate={
          <DateField
            label={t("fields.valid_until")}
            withAsterisk
            value={v.valid_until || null}
            onChange={(val) => form.set("valid_until", val ?? "")}
            error={form.error("valid_until")}
            data-testid="quotation-valid-until"
          />
        }
        inventory={form.field("inventory_fk")}
        currency={{ ...form.field("money"), rateKind: "in", fieldError: form.error }}
        afterCurrency={
          <InvoiceDiscountFields
            t={t}
            testPrefix="quotation"
            kindLabel={t("fields.invoice_discount_type")}
            inline
            type={form.field("discount_type")}
            kind={form.field("invoice_discount_type")}
            amount={form.field("invoice_discount")}
          />
        }
      />
      <PricedLinesPanel
        title={t("lines")}
        addLabel={t("actions.addLine")}
        lines={v.lines}
        onChange={(lines) => form.set("lines", lines)}
        newLine={emptyLine}
        quote={quote}
        currency={cur}
        byItem={perItem}
        manualPrice={false}
        error={form.error}
        testId="quotation-lines"
        rowTestId="doc-line"
      />
      <DocSummary
        t={t}
        testId="quotation-totals"
        rows={[...quoteRows(quote, "subtotal"), ["total", quote.figure("total")]]}
        show={(x) => `${fmt.docAmount(x, cur)} ${cur}`}
      >
        <Textarea label={t("fields.note")} maxLength={140} autosize minRows={2} {...form.text("note")} />
      </DocSummary>
      {question}
    </DocForm>
  );
}
