import { ZQuotation } from "@app/contracts";
import { Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Textarea } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useSession } from "../../app/session";
import { api } from "../../shared/api/client";
import { businessNow } from "../../shared/businessTime";
import { CurrencyPicker, type CurrencyValue } from "../../shared/CurrencyPicker";
import { DateField } from "../../shared/DateField";
import { plainDecimal, useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { notifyError, notifySuccess } from "../../shared/notify";
import { useZodForm } from "../../shared/useZodForm";
import { docDay } from "../accounting/ledger.queries";
import { DocFormHeader, DocTotals } from "../purchases/DocumentLines";
import { InventorySelect } from "../purchases/pickers";
import { issuesByPath, routeId } from "../purchases/routeParams";
import { emptyPricedLine, type PricedLine, PricedLinesPanel, pricedLineOf, useLineQuote } from "../salesdocs/PricedLines";
import { CustomerSelect } from "./CustomerSelect";
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
  const params = useParams();
  const id = routeId(params.id);
  const isUpdate = params.isUpdate === "1" && id > 0;
  const from = routeId(params.from) || (!isUpdate ? id : 0);
  const navigate = useNavigate();
  const fmt = useFormat();
  const { systemConfig, me } = useSession();
  const system = systemConfig.currency_fk;
  const queryClient = useQueryClient();
  const source = useQuery(quotationQuery(isUpdate ? id : from));
  const today = businessNow().format("YYYY-MM-DD");
  const form = useZodForm({
    consumer_fk: "",
    date: today,
    valid_until: businessNow().add(14, "day").format("YYYY-MM-DD"),
    inventory_fk: String(me.inventories[0]?.inventory_id ?? ""),
    money: { currency_id: system, rate: "1", amount: "0", foreign_amount: "0" } as CurrencyValue,
    discount_type: "item" as "item" | "invoice",
    invoice_discount_type: "amount" as "amount" | "percent",
    invoice_discount: "",
    note: "",
    lines: [emptyLine()] as PricedLine[],
  });
  const { reset } = form;
  const [loadedFor, setLoadedFor] = useState(0);
  useEffect(() => {
    const r = source.data;
    if (!r || loadedFor === r.id) return;
    setLoadedFor(r.id);
    reset({
      consumer_fk: String(r.consumer_fk),
      date: isUpdate ? docDay(r.date) : today,
      valid_until: isUpdate ? r.valid_until : businessNow().add(14, "day").format("YYYY-MM-DD"),
      inventory_fk: String(r.inventory_fk),
      money: { currency_id: r.currency_id, rate: plainDecimal(r.rate), amount: "0", foreign_amount: "0" },
      discount_type: r.discount_type,
      invoice_discount_type: r.invoice_discount_type,
      invoice_discount: Number(r.invoice_discount) ? plainDecimal(r.invoice_discount) : "",
      note: r.note ?? "",
      lines: r.lines.length ? r.lines.map((l) => pricedLineOf(l)) : [emptyLine()],
    });
  }, [source.data, reset, isUpdate, loadedFor, today]);

  const v = form.values;
  const perItem = v.discount_type === "item";
  const quote = useLineQuote({
    customer: v.consumer_fk,
    money: v.money,
    system,
    date: v.date,
    byItem: perItem,
    invoiceDiscount: { type: v.invoice_discount_type, value: v.invoice_discount },
    lines: v.lines,
  });
  const payload = () => ({
    consumer_fk: v.consumer_fk,
    date: v.date || null,
    valid_until: v.valid_until,
    inventory_fk: v.inventory_fk || null,
    currency_id: v.money.currency_id,
    rate: v.money.currency_id === system ? "1" : v.money.rate,
    discount_type: v.discount_type,
    invoice_discount_type: v.invoice_discount_type,
    invoice_discount: perItem ? "0" : v.invoice_discount || "0",
    note: v.note.trim() || null,
    lines: v.lines.map((l) => ({
      item_fk: l.item?.item_id ?? "",
      unit_fk: l.unit_id,
      quantity: l.quantity,
      ...(perItem ? { discount_type: l.discount_type, discount: l.discount || "0" } : {}),
    })),
  });

  const save = useMutation({
    mutationFn: async () => {
      const body = payload();
      return isUpdate
        ? (await api<{ data: QuotationRecord }>(`${QUOTATIONS}/${id}`, { method: "PATCH", body })).data
        : (await api<{ data: QuotationRecord }>(QUOTATIONS, { method: "POST", body })).data;
    },
    onSuccess: (doc) => {
      notifySuccess(t("saved", { number: doc.number ?? "" }));
      void queryClient.invalidateQueries({ queryKey: [QUOTATIONS] });
      void navigate(QUOTATION_PATHS.view(doc.id, params.newTab === "1" ? 1 : 0));
    },
    onError: (err) => {
      if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });
  const submit = () => {
    const result = ZQuotation.safeParse(payload());
    if (!result.success) {
      form.setErrors(issuesByPath(result.error.issues));
      return;
    }
    save.mutate();
  };

  if ((isUpdate || from > 0) && source.isPending) return <PageLoader />;
  const record = isUpdate ? source.data : undefined;
  const cur = v.money.currency_id === 2 ? "USD" : "IQD";
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="quotation-form"
    >
      <DocFormHeader
        title={isUpdate ? t("editTitle", { number: record?.number ?? "" }) : t("newTitle")}
        description={t("formDescription")}
        back={{ label: t("actions.back"), onClick: () => void navigate(QUOTATION_PATHS.list) }}
        save={{ label: t("actions.save"), saving: save.isPending, testId: "quotation-save" }}
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            <CustomerSelect
              label={t("fields.customer")}
              value={v.consumer_fk}
              onChange={(val) => form.set("consumer_fk", val)}
              error={form.error("consumer_fk")}
              testId="quotation-customer"
            />
            <DateField
              label={t("fields.date")}
              withAsterisk
              value={v.date || null}
              onChange={(val) => form.set("date", val ?? "")}
              error={form.error("date")}
              data-testid="quotation-date"
            />
            <DateField
              label={t("fields.valid_until")}
              withAsterisk
              value={v.valid_until || null}
              onChange={(val) => form.set("valid_until", val ?? "")}
              error={form.error("valid_until")}
              data-testid="quotation-valid-until"
            />
            <InventorySelect
              label={t("fields.inventory")}
              value={v.inventory_fk}
              onChange={(val) => form.set("inventory_fk", val)}
              error={form.error("inventory_fk")}
            />
          </SimpleGrid>
          <Stack mt="md">
            <CurrencyPicker
              value={v.money}
              onChange={(m) => form.set("money", m)}
              rateKind="in"
              withAmount={false}
              errors={{ rate: form.error("rate"), currency: form.error("currency_id") }}
            />
            <Group align="flex-end">
              <SegmentedControl
                aria-label={t("fields.discount_type")}
                value={v.discount_type}
                onChange={(val) => form.set("discount_type", val === "invoice" ? "invoice" : "item")}
                data={[
                  { value: "item", label: t("discountTypes.item") },
                  { value: "invoice", label: t("discountTypes.invoice") },
                ]}
                data-testid="quotation-discount-type"
              />
              {!perItem && (
                <>
                  <Select
                    label={t("fields.invoice_discount_type")}
                    allowDeselect={false}
                    data={[
                      { value: "amount", label: t("discountKinds.amount") },
                      { value: "percent", label: t("discountKinds.percent") },
                    ]}
                    value={v.invoice_discount_type}
                    onChange={(val) => form.set("invoice_discount_type", val === "percent" ? "percent" : "amount")}
                  />
                  <MoneyInput
                    label={t("fields.invoice_discount")}
                    value={v.invoice_discount}
                    zeroWhenEmpty={false}
                    onChange={(val) => form.set("invoice_discount", val)}
                    error={form.error("invoice_discount")}
                    data-testid="quotation-invoice-discount"
                  />
                </>
              )}
            </Group>
          </Stack>
        </Paper>
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
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Textarea label={t("fields.note")} maxLength={140} autosize minRows={2} {...form.text("note")} />
            <DocTotals
              testId="quotation-totals"
              rows={[
                ["subtotal", quote.figure("gross")],
                ["discount_amount", quote.figure("discount")],
                ["tax_amount", quote.figure("tax")],
                ["total", quote.figure("total")],
              ]}
              label={(k) => t(`fields.${k}`)}
              show={(x) => `${fmt.amount(x)} ${cur}`}
            />
          </SimpleGrid>
        </Paper>
      </Stack>
    </form>
  );
}
