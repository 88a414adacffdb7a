import { ZSaleReturn } from "@app/contracts";
import { Table, Text, TextInput } from "@mantine/core";
import Decimal from "decimal.js";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { docDay } from "../../shared/api/ledger";
import {
  PATHS,
  type ReceivedType,
  type Returnable,
  returnableQuery,
  SALE_RETURNS,
  type SaleReturnRecord,
  saleReturnQuery,
} from "../../shared/api/saleReturns";
import { DateField } from "../../shared/DateField";
import { CustomerSelect } from "../../shared/documents/CustomerSelect";
import { docMoney, today, useNewDocHead } from "../../shared/documents/DocHead";
import { AmountCell } from "../../shared/documents/LineCells";
import { ReturnForm, useReturnSources } from "../../shared/documents/ReturnForm";
import {
  emptyReturnLine,
  FigureCell,
  type ReturnLineBase,
  returnLineKey,
  storedReturnLine,
  typed,
  useReturnLines,
} from "../../shared/documents/ReturnLines";
import { useSaveDocument } from "../../shared/documents/useSaveDocument";
import { plainDecimal, useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import "../../shared/amount.css";

interface ReturnLine extends ReturnLineBase {
  sale_line_fk: number | null;
  /** From a sale: the line as sold and what can still come back. */
  sold?: Returnable["lines"][number];
}

const D = typed;
const blank = (): ReturnLine => ({ ...emptyReturnLine(), sale_line_fk: null });

/** The sale's lines as return lines; editing a return, its own quantities filled in. */
const fromSale = (r: Returnable, mine?: SaleReturnRecord): ReturnLine[] =>
  r.lines.map((l) => {
    const own = mine?.lines.filter((m) => m.sale_line_fk === l.sale_line_id).reduce((s, m) => s.plus(m.quantity), new Decimal(0));
    return {
      key: returnLineKey(),
      sale_line_fk: l.sale_line_id,
      item: null,
      unit_id: String(l.unit_fk),
      quantity: own && !own.isZero() ? own.toFixed() : "",
      unit_price: l.net_unit_price,
      batch_no: l.batch_no ?? "",
      expire_date: l.expire_date ?? "",
      sold: l,
    };
  });

/**
 * A sale return (SPEC §2 `/sales/sale-returns/upsert/{id}/{isUpdate}/{from}/{newTab}`): from sale
 * `from` (its customer, currency and lines; no more than is left to return) or on its own.
 */
export function SaleReturnUpsertPage() {
  const { t } = useTranslation("salereturns");
  const navigate = useNavigate();
  const fmt = useFormat();
  const names = useSeededNames();
  const head = useNewDocHead();
  const { system } = head;
  const form = useZodForm({
    consumer_fk: "",
    date: head.date,
    inventory_fk: head.inventory,
    money: head.money,
    received_type: "On Account" as ReceivedType,
    account_fk: "",
    note: "",
    lines: [blank()] as ReturnLine[],
  });
  const { reset } = form;

  const sources = useReturnSources({
    own: saleReturnQuery,
    sourceOf: (r) => r.sale_fk,
    source: returnableQuery,
    sourceMark: (s) => s.sale.id,
    fill: (r, s) =>
      reset({
        consumer_fk: String(r?.consumer_fk ?? s?.sale.consumer_fk ?? ""),
        date: r ? docDay(r.date) : today(),
        inventory_fk: String(r?.inventory_fk ?? s?.sale.inventory_fk ?? head.inventory),
        money: docMoney(r?.currency_id ?? s?.sale.currency_id ?? system, r?.rate ?? s?.sale.rate ?? "1"),
        // A cash sale is paid back in cash from the till it came into, by default.
        received_type: r?.received_type ?? (s?.sale.payment_type === "Cash" && s.sale.account_fk ? "Cash" : "On Account"),
        account_fk: String(r?.account_fk ?? (s?.sale.payment_type === "Cash" ? (s.sale.account_fk ?? "") : "")),
        note: r?.note ?? "",
        lines: s ? fromSale(s, r) : (r?.lines ?? []).map((l) => ({ ...storedReturnLine(l, !!l.expire_date), sale_line_fk: null })),
      }),
  });

  const { route, source: s, sourceId: saleId, fromSource: fromASale } = sources;
  const v = form.values;
  const setLines = (lines: ReturnLine[]) => form.set("lines", lines);
  const { sent, total } = useReturnLines(v.lines, setLines, fromASale);
  const currencyName = s?.sale.currency_name ?? (v.money.currency_id === 2 ? "USD" : "IQD");
  // A unit's sale price is in the system currency; a return in the other one shows it at the return's rate.
  const priceIn = (price: string) => {
    if (v.money.currency_id === system || !D(v.money.rate).gt(0)) return plainDecimal(price);
    const rate = D(v.money.rate);
    return (system === 1 ? D(price).div(rate) : D(price).mul(rate)).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed();
  };

  const payload = () => ({
    sale_fk: fromASale ? saleId : null,
    consumer_fk: v.consumer_fk || null,
    date: v.date || null,
    inventory_fk: v.inventory_fk,
    currency_id: fromASale ? null : v.money.currency_id,
    rate: fromASale ? null : v.money.currency_id === system ? "1" : v.money.rate,
    received_type: v.received_type,
    account_fk: v.received_type === "Cash" ? v.account_fk || null : null,
    note: v.note.trim() || null,
    lines: sent.map((l) =>
      fromASale
        ? { sale_line_fk: l.sale_line_fk, quantity: l.quantity || "0" }
        : {
            item_fk: l.item?.item_id ?? null,
            unit_fk: l.unit_id || null,
            quantity: l.quantity || "0",
            unit_price: l.unit_price || null,
            batch_no: l.batch_no.trim() || null,
            expire_date: l.expire_date || null,
          },
    ),
  });

  const saving = useSaveDocument<SaleReturnRecord>({
    endpoint: SALE_RETURNS,
    id: sources.ownId,
    schema: ZSaleReturn,
    payload,
    form,
    savedMessage: (doc) => t("saved", { number: doc.number ?? "" }),
    invalidates: ["sales", "stocks"],
    onSaved: (doc) => void navigate(PATHS.view(doc.id, route.newTab)),
  });

  const sale = s?.sale;
  return (
    <ReturnForm<ReturnLine>
      t={t}
      words=""
      from={{ words: "fromSale", number: sale?.number }}
      testPrefix="sale-return"
      sources={sources}
      form={form}
      saving={saving}
      backTo={PATHS.list}
      sourceField="sale_fk"
      head={{
        party: (
          <CustomerSelect
            label={t("fields.customer")}
            {...form.field("consumer_fk")}
            fixed={fromASale ? names.party(sale?.consumer_name ?? "") : undefined}
          />
        ),
        date: form.field("date"),
        inventory: form.field("inventory_fk"),
        afterInventory: fromASale && <TextInput label={t("fields.sale")} value={sale?.number ?? ""} readOnly />,
        currency: !fromASale && { ...form.field("money"), rateKind: "in" },
      }}
      lines={{
        lines: v.lines,
        onChange: setLines,
        newLine: blank,
        fixed: (l) => (l.sold ? { item: l.sold.item_name, unit: l.sold.unit_name } : null),
        fields: { item: "item_fk", unit: "unit_fk" },
        itemTestId: "sale-return-item",
        priceOf: (unit) => priceIn(unit.price),
        cells: {
          headers: [fromASale && t("fields.sold"), fromASale && t("fields.returnable"), t("fields.quantity"), t("fields.unit_price")],
          render: (l, set, err) => (
            <>
              {l.sold && <FigureCell>{fmt.amount(l.sold.sold)}</FigureCell>}
              {l.sold && <FigureCell testId="sale-return-returnable">{fmt.amount(l.sold.returnable)}</FigureCell>}
              <AmountCell
                label={t("fields.quantity")}
                value={l.quantity}
                onChange={(quantity) => set({ quantity })}
                error={err("quantity")}
                testId="sale-return-quantity"
              />
              {l.sold ? (
                <Table.Td miw={120}>
                  <Text size="sm" className="amount">
                    {fmt.docAmount(l.unit_price, currencyName)}
                  </Text>
                </Table.Td>
              ) : (
                <AmountCell
                  label={t("fields.unit_price")}
                  width={120}
                  value={l.unit_price}
                  onChange={(unit_price) => set({ unit_price })}
                  error={err("unit_price")}
                  testId="sale-return-price"
                />
              )}
            </>
          ),
        },
        afterBatch: {
          headers: [!fromASale && t("fields.expire_date")],
          render: (l, set, err) =>
            !l.sold && (
              <Table.Td miw={150}>
                <DateField
                  aria-label={t("fields.expire_date")}
                  value={l.expire_date || null}
                  onChange={(val) => set({ expire_date: val ?? "" })}
                  error={err("expire_date")}
                />
              </Table.Td>
            ),
        },
        minWidth: 900,
      }}
      settlement={{
        types: "receivedTypes",
        type: form.field("received_type"),
        account: form.field("account_fk"),
        note: form.text("note"),
        total,
        currency: currencyName,
      }}
    />
  );
}
