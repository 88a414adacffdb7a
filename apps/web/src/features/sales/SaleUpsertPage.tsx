import { CURRENCY_USD, normalizeDigits, SALE_MSG, ZSale } from "@app/contracts";
import type { DecimalValue } from "@app/contracts/money";
import { Alert, Group, Select, Text, Textarea, TextInput } from "@mantine/core";
import { IconAlertTriangle, IconBarcode } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import Decimal from "decimal.js";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { translateMessage } from "../../app/i18n";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan } from "../../app/session";
import { ApiError, api } from "../../shared/api/client";
import { docDay } from "../../shared/api/ledger";
import type { PickItem } from "../../shared/api/purchases";
import {
  customerInfoQuery,
  customersListQuery,
  ENDPOINTS,
  pathsOf,
  type SaleKind,
  type SaleRecord,
  saleQuery,
  salesmenQuery,
} from "../../shared/api/sales";
import { CustomerSelect } from "../../shared/documents/CustomerSelect";
import { DocHead, docMoney, today, useFillOnce, useNewDocHead } from "../../shared/documents/DocHead";
import { DocForm, DocSummary, PaymentFields, type PaymentType } from "../../shared/documents/DocumentLines";
import {
  emptyPricedLine,
  InvoiceDiscountFields,
  invoiceDiscount,
  type PricedLine,
  PricedLinesPanel,
  pricedLineOf,
  quoteRows,
  typedDecimal,
  useLineQuote,
} from "../../shared/documents/PricedLines";
import { shown, useDocRoute } from "../../shared/documents/routeParams";
import { useSaveDocument } from "../../shared/documents/useSaveDocument";
import { iqdDecimalsShown, plainDecimal, useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { errorText } from "../../shared/notify";
import { useBarcodeScanner } from "../../shared/useBarcodeScanner";
import { useZodForm } from "../../shared/useZodForm";
import "../../shared/amount.css";

interface LineForm extends PricedLine {
  batch_no: string;
  description: string;
}

/** An item as the picker finds it, with each unit's barcode. */
type ScannedItem = Omit<PickItem, "item_units"> & { item_units: (PickItem["item_units"][number] & { barcode?: string | null })[] };

const emptyLine = (): LineForm => ({ ...emptyPricedLine("amount"), batch_no: "", description: "" });

const lineOf = (l: SaleRecord["lines"][number] & { item_unit_id?: number | null }): LineForm => ({
  ...pricedLineOf(l),
  batch_no: l.batch_no ?? "",
  description: l.description ?? "",
});

const D = typedDecimal;

/**
 * The sale form (SPEC §2 `upsert/{id}/{isUpdate}/{from}/{newTab}`) of an invoice sale or a
 * salesman's sale: lines by name or by scanning their barcodes, priced by the server's one price
 * function as they are typed (each line shows why its price is what it is), the payment, and the
 * customer's credit and overdue warnings.
 */
export function SaleUpsertPage({ kind }: { kind: SaleKind }) {
  const { t } = useTranslation("salesdocs");
  const route = useDocRoute();
  const { id, isUpdate, copyOf: from } = route;
  const endpoint = ENDPOINTS[kind];
  const paths = pathsOf(kind);
  const navigate = useNavigate();
  const can = useCan();
  // A discount on a line or on the invoice is the section's Discount permission (the server refuses it without).
  const mayDiscount = can(`${endpoint}/discount`);
  const fmt = useFormat();
  const head = useNewDocHead();
  const { system } = head;
  const source = useQuery(saleQuery(kind, isUpdate ? id : from));
  const customers = useQuery(customersListQuery);
  const salesmen = useQuery({ ...salesmenQuery, enabled: kind === "salesman" });
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [barcode, setBarcode] = useState("");
  const form = useZodForm({
    consumer_fk: "",
    salesman_fk: "",
    date: head.date,
    inventory_fk: head.inventory,
    money: head.money,
    ...invoiceDiscount.none(),
    rounded_discount: "",
    payment_type: "Cash" as PaymentType,
    account_fk: "",
    paid_amount: "",
    received_amount: "",
    note: "",
    lines: [emptyLine()] as LineForm[],
  });
  const { reset, set } = form;
  const v = form.values;

  // The walk-in customer until another is chosen.
  const walkIn = customers.data?.find((c) => c.is_default);
  useEffect(() => {
    if (!v.consumer_fk && walkIn && !isUpdate && !from) set("consumer_fk", String(walkIn.consumer_id));
  }, [walkIn, v.consumer_fk, isUpdate, from, set]);
  // The walk-in customer (anybody) carries no balance: chosen, he pays in cash and the payment follows the total.
  const isWalkIn = !!walkIn && v.consumer_fk === String(walkIn.consumer_id);
  const walkInBefore = useRef(false);
  useEffect(() => {
    if (isWalkIn && !walkInBefore.current) {
      set("payment_type", "Cash");
      set("paid_amount", "");
    }
    walkInBefore.current = isWalkIn;
  }, [isWalkIn, set]);

  useFillOnce(
    source.data,
    (r) => String(r.id),
    (r) =>
      reset({
        consumer_fk: String(r.consumer_fk),
        salesman_fk: r.salesman_fk ? String(r.salesman_fk) : "",
        date: isUpdate ? docDay(r.date) : today(),
        inventory_fk: String(r.inventory_fk),
        money: docMoney(r.currency_id, r.rate),
        ...invoiceDiscount.of(r),
        rounded_discount: Number(r.rounded_discount) ? plainDecimal(r.rounded_discount) : "",
        payment_type: r.payment_type,
        account_fk: r.account_fk ? String(r.account_fk) : "",
        // A cash sale paid in full: its payment follows its total as it is edited (left empty, it is the total).
        paid_amount: isUpdate && !(r.payment_type === "Cash" && D(r.paid_amount).eq(D(r.total))) ? plainDecimal(r.paid_amount) : "",
        received_amount: isUpdate && r.received_amount ? plainDecimal(r.received_amount) : "",
        note: r.note ?? "",
        lines: r.lines.length ? r.lines.map(lineOf) : [emptyLine()],
      }),
  );

  // A scanned or typed barcode adds its item (the unit the barcode names), or one more of it.
  const addByCode = async (code: string) => {
    const term = normalizeDigits(code.trim());
    if (!term) return;
    const found = (await api<{ message: ScannedItem[] }>("items/list", { query: { search: term, per_page: 5 } })).message;
    const item = found[0];
    if (!item) {
      setServerMessage(t("barcodeNotFound", { code: term }));
      return;
    }
    setServerMessage(null);
    const unit = item.item_units.find((u) => u.barcode === term) ?? item.item_units.find((u) => u.is_default) ?? item.item_units[0];
    const unitId = String(unit?.unit_fk ?? "");
    const lines = form.values.lines;
    const same = lines.findIndex((l) => l.item?.item_id === item.item_id && l.unit_id === unitId);
    if (same >= 0) {
      form.set(
        "lines",
        lines.map((l, j) => (j === same ? { ...l, quantity: D(l.quantity).plus(1).toFixed() } : l)),
      );
      return;
    }
    const line = { ...emptyLine(), item, unit_id: unitId, quantity: "1" };
    const blank = lines.length > 0 && !lines[lines.length - 1]!.item;
    form.set("lines", blank ? [...lines.slice(0, -1), line] : [...lines, line]);
  };
  useBarcodeScanner((code) => void addByCode(code));

  // The price function prices the lines as they are typed.
  const byItem = v.discount_type === "item";
  const quote = useLineQuote(v, system);
  const totalBefore = D(quote.figure("total"));
  const due = totalBefore.minus(D(v.rounded_discount));
  // Dollars change hands in cents: as the server does, a USD total's part of a cent is rounded off.
  const usd = v.money.currency_id === CURRENCY_USD;
  const total = usd ? due.toDecimalPlaces(2, Decimal.ROUND_DOWN) : due;
  const rounded = D(v.rounded_discount).plus(due.minus(total));
  const paid = v.paid_amount === "" ? (v.payment_type === "Cash" ? total : new Decimal(0)) : D(v.paid_amount);
  const received = v.received_amount === "" ? paid : D(v.received_amount);
  const change = received.minus(paid);
  const remaining = total.minus(paid);
  const info = useQuery(customerInfoQuery(Number(v.consumer_fk) || 0));

  const payload = () => ({
    date: v.date || null,
    consumer_fk: v.consumer_fk || null,
    salesman_fk: v.salesman_fk || null,
    inventory_fk: v.inventory_fk,
    currency_id: v.money.currency_id,
    rate: v.money.currency_id === system ? "1" : v.money.rate,
    ...invoiceDiscount.sent(v),
    rounded_discount: v.rounded_discount || "0",
    payment_type: v.payment_type,
    account_fk: paid.gt(0) || v.payment_type === "Cash" ? v.account_fk || null : null,
    paid_amount: v.paid_amount === "" ? null : v.paid_amount,
    received_amount: v.received_amount === "" ? null : v.received_amount,
    note: v.note.trim() || null,
    lines: v.lines.map((l) => ({
      item_fk: l.item?.item_id ?? "",
      unit_fk: l.unit_id,
      quantity: l.quantity,
      unit_price: l.unit_price || null,
      discount_type: byItem && l.discount ? l.discount_type : null,
      discount: byItem && l.discount ? l.discount : null,
      batch_no: l.batch_no.trim() || null,
      description: l.description.trim() || null,
    })),
  });

  const {
    save,
    submit: saveAs,
    question,
  } = useSaveDocument<SaleRecord>({
    endpoint,
    id: isUpdate ? id : 0,
    schema: ZSale,
    payload,
    form,
    savedMessage: (doc) => t("saved", { number: doc.number ?? "" }),
    onSaved: (doc) => void navigate(paths.view(doc.id, route.newTab)),
    // The server's own words (the credit limit with the limit and the balance), in the reader's language.
    onError: (err) =>
      setServerMessage(err instanceof ApiError && typeof err.body.message === "string" ? shown(err.body.message) : errorText(err)),
  });
  const submit = (complete: boolean) => {
    setServerMessage(null);
    saveAs(complete);
  };

  if ((isUpdate || from > 0) && source.isPending) return <PageLoader />;
  const record = isUpdate ? source.data : undefined;
  const complete = record?.status === "complete";
  const cur = v.money.currency_id === 2 ? "USD" : "IQD";
  // Dinars to the "IQD decimals shown" setting (whole unless set), dollars in cents.
  const money = (x: DecimalValue) => `${fmt.amount(String(x), cur === "USD" ? 2 : iqdDecimalsShown())} ${cur}`;
  const walkInOwes = isWalkIn && !paid.eq(total) ? translateMessage(SALE_MSG.walkInPaysAll) : undefined;
  const section = endpoint;

  return (
    <DocForm
      testId="sale-form"
      onSubmit={() => submit(false)}
      title={isUpdate ? t("editTitle", { number: record?.number ?? "" }) : t(`newTitle.${kind}`)}
      description={t("formDescription")}
      back={{ label: t("actions.back"), onClick: () => void navigate(paths.list) }}
      save={{ label: complete ? t("actions.save") : t("actions.saveDraft"), saving: save.isPending, testId: "sale-save" }}
      complete={
        !complete &&
        can(`${section}/complete`) && { label: t("actions.saveComplete"), onClick: () => submit(true), testId: "sale-save-complete" }
      }
    >
      {serverMessage && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="sale-error">
          {serverMessage}
        </Alert>
      )}
      <DocHead
        testId="sale-header"
        labels={{ date: t("fields.date"), inventory: t("fields.inventory") }}
        party={<CustomerSelect label={t("fields.customer")} {...form.field("consumer_fk")} />}
        afterParty={
          kind === "salesman" && (
            <Select
              label={t("fields.salesman")}
              withAsterisk
              searchable
              data={(salesmen.data ?? []).map((s) => ({ value: String(s.user_id), label: s.name }))}
              value={v.salesman_fk || null}
              onChange={(val) => form.set("salesman_fk", val ?? "")}
              error={form.error("salesman_fk")}
              data-testid="sale-salesman"
            />
          )
        }
        date={{ ...form.field("date"), testId: "sale-date" }}
        inventory={form.field("inventory_fk")}
        currency={{ ...form.field("money"), rateKind: "in", fieldError: form.error }}
      >
        {info.data && (
          <Group gap="lg" mt="xs" data-testid="sale-customer-info">
            <Text size="sm">
              {t("fields.mobile")}: <span dir="ltr">{info.data.mobile || "—"}</span>
            </Text>
            <Text size="sm">
              {t("fields.address")}: {info.data.address || "—"}
            </Text>
            <Text size="sm">
              {info.data.customer_credit.balance !== null && (
                <>
                  {t("fields.balance")}: <span className="amount">{fmt.sysMoney(info.data.customer_credit.balance)}</span>
                </>
              )}
              {info.data.customer_credit.limit !== null && (
                <>
                  {info.data.customer_credit.balance !== null && " · "}
                  {t("fields.allowed_debit")}: <span className="amount">{fmt.sysMoney(info.data.customer_credit.limit)}</span>
                </>
              )}
            </Text>
          </Group>
        )}
        {info.data?.warnings.map((w) => (
          <Alert key={w} mt="xs" color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="sale-overdue">
            {shown(w)}
          </Alert>
        ))}
      </DocHead>

      <PricedLinesPanel
        title={t("lines")}
        addLabel={t("actions.addLine")}
        tools={
          <TextInput
            label={t("fields.barcode")}
            leftSection={<IconBarcode size={16} />}
            value={barcode}
            onChange={(e) => setBarcode(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key !== "Enter") return;
              e.preventDefault();
              void addByCode(barcode);
              setBarcode("");
            }}
            data-testid="sale-barcode"
          />
        }
        lines={v.lines}
        onChange={(lines) => form.set("lines", lines)}
        newLine={emptyLine}
        quote={quote}
        currency={cur}
        byItem={byItem}
        manualPrice
        mayDiscount={mayDiscount}
        error={form.error}
        testId="sale-lines"
        rowTestId="sale-line"
      />

      <DocSummary
        t={t}
        testId="sale-totals"
        rows={[
          ...quoteRows(quote, "gross"),
          ["rounded_discount", rounded.toFixed()],
          ["total", total.toFixed()],
          ["paid_amount", paid.toFixed()],
          ["change", change.gt(0) ? change.toFixed() : "0"],
          ["remaining", remaining.toFixed()],
        ]}
        show={money}
      >
        <InvoiceDiscountFields
          t={t}
          testPrefix="sale"
          kindLabel={t("fields.discount_kind")}
          type={form.field("discount_type")}
          kind={form.field("invoice_discount_type")}
          amount={{ ...form.field("invoice_discount"), disabled: !mayDiscount }}
        />
        <MoneyInput
          label={t("fields.rounded_discount")}
          value={v.rounded_discount}
          zeroWhenEmpty={false}
          onChange={(val) => form.set("rounded_discount", val)}
          error={form.error("rounded_discount")}
          data-testid="sale-rounded"
        />
        <PaymentFields
          testPrefix="sale"
          labels={{ paymentType: t("fields.payment_type"), paid: t("fields.paid_amount"), account: t("fields.account") }}
          typeLabel={(p) => t(`paymentTypes.${p}`)}
          type={form.field("payment_type")}
          fallback="Cash"
          paid={{
            ...form.field("paid_amount"),
            placeholder: fmt.amount(paid.toFixed(), usd ? 2 : 0),
            error: form.error("paid_amount") ?? walkInOwes,
          }}
          showAccount={v.payment_type === "Cash" || paid.gt(0)}
          account={form.field("account_fk")}
          excludeDrawers
        />
        <MoneyInput
          label={t("fields.received_amount")}
          value={v.received_amount}
          zeroWhenEmpty={false}
          onChange={(val) => form.set("received_amount", val)}
          error={form.error("received_amount")}
          data-testid="sale-received"
        />
        <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
      </DocSummary>
      {question}
    </DocForm>
  );
}
