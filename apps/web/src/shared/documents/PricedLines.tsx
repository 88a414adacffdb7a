import { normalizeDigits } from "@app/contracts";
import { Badge, Group, SegmentedControl, Select, Table, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Decimal from "decimal.js";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../api/client";
import type { PickItem } from "../api/purchases";
import type { PriceStep, Quote, QuotedLine } from "../api/sales";
import type { CurrencyValue } from "../CurrencyPicker";
import { plainDecimal, useFormat } from "../format";
import { MoneyInput } from "../MoneyInput";
import { LinesPanel } from "./DocumentLines";
import { AmountCell, ItemCell, pickItemOf, RemoveLineOf, UnitCell } from "./LineCells";
import { PriceSteps } from "./PriceSteps";
import "../amount.css";

/** A line of a sale-like document (a sale, a quotation) as typed: priced by the server's price function. */
export interface PricedLine {
  key: number;
  item: PickItem | null;
  unit_id: string;
  quantity: string;
  /** A price typed by hand; empty: the price function's. */
  unit_price: string;
  discount_type: "amount" | "percent";
  discount: string;
}

let nextKey = 1;
export const emptyPricedLine = (discountType: PricedLine["discount_type"]): PricedLine => ({
  key: nextKey++,
  item: null,
  unit_id: "",
  quantity: "",
  unit_price: "",
  discount_type: discountType,
  discount: "",
});

/** A stored line as the form holds it: its item with the unit it uses (and that unit's id, to price it again). */
export function pricedLineOf(l: {
  item_fk: number;
  item_name: string;
  unit_fk: number;
  unit_name: string;
  unit_base_qty: string;
  item_unit_id?: number | null;
  quantity: string;
  discount_type: "amount" | "percent" | null;
  discount: string;
  steps: PriceStep[];
  sale_price?: string;
}): PricedLine {
  const item = pickItemOf({ ...l, has_expire: false });
  item.item_units[0]!.item_unit_id = l.item_unit_id ?? 0;
  return {
    key: nextKey++,
    item,
    unit_id: String(l.unit_fk),
    quantity: plainDecimal(l.quantity),
    unit_price: l.steps[0]?.manual && l.sale_price ? plainDecimal(l.sale_price) : "",
    discount_type: l.discount_type ?? "amount",
    discount: Number(l.discount) ? plainDecimal(l.discount) : "",
  };
}

/** A typed amount as plain digits (Arabic-Indic digits and thousands separators read). */
const plainTyped = (v: string) => normalizeDigits(v).replace(/,/g, "");
/** A typed amount as a decimal; not a number: 0. */
export const typedDecimal = (v: string | null | undefined) => {
  try {
    return new Decimal(v ? plainTyped(v) : 0);
  } catch {
    return new Decimal(0);
  }
};

const unitOf = (l: PricedLine) => l.item?.item_units.find((u) => String(u.unit_fk) === l.unit_id);

/** What the price function reads of a sale-like document's form (a sale, a quotation). */
export interface PricedDoc {
  consumer_fk: string;
  money: CurrencyValue;
  date: string;
  /** Discounts per line (item), else one for the invoice. */
  discount_type: "item" | "invoice";
  invoice_discount_type: "amount" | "percent";
  invoice_discount: string;
  lines: PricedLine[];
}

type InvoiceDiscount = Pick<PricedDoc, "discount_type" | "invoice_discount_type" | "invoice_discount">;

/** How a sale-like document's form holds its discount (`InvoiceDiscountFields` edits it). */
export const invoiceDiscount = {
  /** A new document's: per line, none on the invoice. */
  none: (): InvoiceDiscount => ({ discount_type: "item", invoice_discount_type: "amount", invoice_discount: "" }),
  /** A stored document's. */
  of: (r: Omit<InvoiceDiscount, "invoice_discount"> & { invoice_discount: string }): InvoiceDiscount => ({
    discount_type: r.discount_type,
    invoice_discount_type: r.invoice_discount_type,
    invoice_discount: Number(r.invoice_discount) ? plainDecimal(r.invoice_discount) : "",
  }),
  /** As the document sends it: an invoice discount only when discounted on the invoice. */
  sent: (v: InvoiceDiscount) => ({
    discount_type: v.discount_type,
    invoice_discount_type: v.invoice_discount_type,
    invoice_discount: v.discount_type === "item" ? "0" : v.invoice_discount || "0",
  }),
};

/**
 * The server's one price function (`pricing/quote`) over a document's lines as they are typed:
 * each line's price, discount, tax and total with the steps that made them, and the document's
 * figures. Only lines with an item, a unit and a quantity are priced.
 */
export function useLineQuote(doc: PricedDoc, system: number) {
  const priced = doc.lines.map((l) => ({ l, unit: unitOf(l) })).filter((x) => x.unit?.item_unit_id && typedDecimal(x.l.quantity).gt(0));
  const byItem = doc.discount_type === "item";
  const body = {
    customer_id: doc.consumer_fk || null,
    currency_id: doc.money.currency_id,
    rate: doc.money.currency_id === system ? null : doc.money.rate || null,
    date: doc.date || undefined,
    lines: priced.map(({ l, unit }) => ({
      item_unit_id: unit!.item_unit_id,
      quantity: plainTyped(l.quantity),
      unit_price: l.unit_price ? plainTyped(l.unit_price) : null,
      discount: byItem && typedDecimal(l.discount).gt(0) ? { type: l.discount_type, value: plainTyped(l.discount) } : null,
    })),
    invoice_discount:
      !byItem && typedDecimal(doc.invoice_discount).gt(0)
        ? { type: doc.invoice_discount_type, value: plainTyped(doc.invoice_discount) }
        : null,
  };
  const [debounced] = useDebouncedValue(JSON.stringify(body), 250);
  const quote = useQuery({
    queryKey: ["pricing", "quote", debounced],
    queryFn: async () => (await api<{ data: Quote }>("pricing/quote", { method: "POST", body: JSON.parse(debounced) })).data,
    enabled: JSON.parse(debounced).lines.length > 0,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
  const quoted = new Map(priced.map((x, i) => [x.l.key, quote.data?.lines[i]]));
  const some = !!quote.data && priced.length > 0;
  return {
    /** The priced line of the line with key `key`, once the server has answered. */
    line: (key: number): QuotedLine | undefined => quoted.get(key),
    /** A figure of the whole document; "0" with no line priced. */
    figure: (k: "gross" | "discount" | "tax" | "total") => (some ? quote.data![k] : "0"),
  };
}

/** The price function's figures of the document as its totals' first rows: the gross (named `gross`), the discount and the tax. */
export const quoteRows = <G extends string>(quote: ReturnType<typeof useLineQuote>, gross: G) =>
  [
    [gross, quote.figure("gross")],
    ["discount_amount", quote.figure("discount")],
    ["tax_amount", quote.figure("tax")],
  ] as const;

/**
 * The lines of a sale-like form under the sale's columns: each line's item (with why its price is
 * what it is and its promotion), unit, quantity, unit price (typed by hand with `manualPrice`, else
 * the price function's), its discount when discounts are per line, tax and line total.
 */
export function PricedLinesPanel<L extends PricedLine>({
  title,
  addLabel,
  tools,
  lines,
  onChange,
  newLine,
  quote,
  currency,
  byItem,
  manualPrice,
  mayDiscount = true,
  error,
  testId,
  rowTestId,
}: {
  title: string;
  addLabel: string;
  tools?: ReactNode;
  lines: L[];
  onChange: (lines: L[]) => void;
  newLine: () => L;
  quote: ReturnType<typeof useLineQuote>;
  /** The document currency's short name (IQD, USD). */
  currency: string;
  byItem: boolean;
  manualPrice: boolean;
  /** The user holds the section's Discount permission: without it a line's discount cannot be typed (the server refuses one). */
  mayDiscount?: boolean;
  error: (field: string) => string | undefined;
  testId: string;
  rowTestId: string;
}) {
  const { t } = useTranslation("salesdocs");
  const fmt = useFormat();
  const setLine = (i: number, patch: Partial<PricedLine>) => onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <LinesPanel
      title={title}
      align="flex-end"
      tools={tools}
      add={{ label: addLabel, onClick: () => onChange([...lines, newLine()]), testId: "line-add" }}
      minWidth={manualPrice ? 1000 : 960}
      testId={testId}
      headers={[
        t("fields.item"),
        t("fields.unit"),
        t("fields.quantity"),
        t("fields.unit_price"),
        byItem && t("fields.discount"),
        t("fields.tax"),
        t("fields.line_total"),
      ]}
      removeHeader={t("actions.removeLine")}
      error={error("lines")}
    >
      {lines.map((l, i) => {
        const q = quote.line(l.key);
        return (
          <Table.Tr key={l.key} data-testid={rowTestId}>
            <ItemCell
              label={t("fields.item")}
              width={220}
              value={l.item}
              onPick={(item, unit_id) => setLine(i, { item, unit_id, quantity: l.quantity || (item ? "1" : "") })}
              error={error(`lines.${i}.item_fk`)}
            >
              {q && <PriceSteps steps={q.steps} currency={currency} />}
              {q?.promotion_title && (
                <Badge variant="light" color="grape" mt={4} data-testid="line-promotion">
                  {q.promotion_title}
                </Badge>
              )}
            </ItemCell>
            <UnitCell
              line={{ ...l, bonus: "" }}
              onChange={(unit_id) => setLine(i, { unit_id })}
              error={error(`lines.${i}.unit_fk`)}
              testId="line-unit"
            />
            <AmountCell
              label={t("fields.quantity")}
              value={l.quantity}
              onChange={(quantity) => setLine(i, { quantity })}
              error={error(`lines.${i}.quantity`)}
              testId="line-quantity"
            />
            {manualPrice ? (
              <AmountCell
                label={t("fields.unit_price")}
                width={120}
                value={l.unit_price}
                placeholder={q ? fmt.amount(q.unit_price) : ""}
                disabled={q ? !q.price_editable : false}
                onChange={(unit_price) => setLine(i, { unit_price })}
                error={error(`lines.${i}.unit_price`)}
                testId="line-price"
              />
            ) : (
              <Table.Td miw={110}>
                <span className="amount" data-testid="line-price">
                  {q ? fmt.amount(q.unit_price) : ""}
                </span>
              </Table.Td>
            )}
            {byItem && (
              <Table.Td miw={190}>
                <Group gap={4} wrap="nowrap">
                  <Select
                    aria-label={t("fields.discount_kind")}
                    w={90}
                    style={{ flexShrink: 0 }}
                    rightSectionWidth={24}
                    allowDeselect={false}
                    data={[
                      { value: "amount", label: currency },
                      { value: "percent", label: "%" },
                    ]}
                    value={l.discount_type}
                    onChange={(val) => setLine(i, { discount_type: (val ?? "amount") as "amount" | "percent" })}
                    data-testid="line-discount-type"
                  />
                  <MoneyInput
                    aria-label={t("fields.discount")}
                    value={l.discount}
                    disabled={!mayDiscount}
                    zeroWhenEmpty={false}
                    onChange={(discount) => setLine(i, { discount })}
                    error={error(`lines.${i}.discount`)}
                    data-testid="line-discount"
                  />
                </Group>
              </Table.Td>
            )}
            <Table.Td>
              <span className="amount">{q ? fmt.amount(q.tax) : ""}</span>
            </Table.Td>
            <Table.Td>
              <span className="amount" data-testid="line-total">
                {q ? fmt.amount(q.total) : ""}
              </span>
            </Table.Td>
            <RemoveLineOf lines={lines} index={i} onChange={onChange} />
          </Table.Tr>
        );
      })}
    </LinesPanel>
  );
}

/**
 * How a sale-like document is discounted: per line (item) or on the invoice, and then by an amount
 * or a percent and how much (`{prefix}-discount-type`, `{prefix}-invoice-discount-type`,
 * `{prefix}-invoice-discount`); labelled by the form's `t` (`fields.discount_type`, `kindLabel`,
 * `fields.invoice_discount`). `inline`: in one row (under the currency), else one under the other.
 */
export function InvoiceDiscountFields(props: {
  t: (key: string) => string;
  testPrefix: string;
  kindLabel: string;
  inline?: boolean;
  type: { value: PricedDoc["discount_type"]; onChange: (type: PricedDoc["discount_type"]) => void };
  kind: { value: PricedDoc["invoice_discount_type"]; onChange: (kind: PricedDoc["invoice_discount_type"]) => void };
  amount: { value: string; onChange: (value: string) => void; error?: string | undefined; disabled?: boolean };
}) {
  const { t, testPrefix, type, kind, amount } = props;
  const labelId = `${testPrefix}-discount-type-label`;
  const typeControl = (
    <SegmentedControl
      fullWidth={!props.inline}
      {...(props.inline ? { "aria-label": t("fields.discount_type") } : { "aria-labelledby": labelId })}
      data={[
        { value: "item", label: t("discountTypes.item") },
        { value: "invoice", label: t("discountTypes.invoice") },
      ]}
      value={type.value}
      onChange={(val) => type.onChange(val === "invoice" ? "invoice" : "item")}
      data-testid={`${testPrefix}-discount-type`}
    />
  );
  const onInvoice = type.value === "invoice" && (
    <>
      <Select
        label={props.kindLabel}
        allowDeselect={false}
        data={[
          { value: "amount", label: t("discountKinds.amount") },
          { value: "percent", label: t("discountKinds.percent") },
        ]}
        value={kind.value}
        onChange={(val) => kind.onChange(val === "percent" ? "percent" : "amount")}
        data-testid={`${testPrefix}-invoice-discount-type`}
      />
      <MoneyInput
        label={t("fields.invoice_discount")}
        value={amount.value}
        disabled={amount.disabled}
        zeroWhenEmpty={false}
        onChange={amount.onChange}
        error={amount.error}
        data-testid={`${testPrefix}-invoice-discount`}
      />
    </>
  );
  if (props.inline)
    return (
      <Group align="flex-end">
        {typeControl}
        {onInvoice}
      </Group>
    );
  return (
    <>
      <div>
        <Text size="sm" fw={500} mb={4} id={labelId}>
          {t("fields.discount_type")}
        </Text>
        {typeControl}
      </div>
      {onInvoice && (
        <Group grow align="flex-end">
          {onInvoice}
        </Group>
      )}
    </>
  );
}
