import { ZSaleReturn } from "@app/contracts";
import { Paper, SimpleGrid, Stack, Table, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import Decimal from "decimal.js";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useSession } from "../../app/session";
import { businessNow } from "../../shared/businessTime";
import { CurrencyPicker, type CurrencyValue } from "../../shared/CurrencyPicker";
import { DateField } from "../../shared/DateField";
import { plainDecimal, useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { docDay } from "../accounting/ledger.queries";
import { DocFormHeader, LinesPanel } from "../purchases/DocumentLines";
import { ItemPicker } from "../purchases/ItemPicker";
import { BatchCell, pickItemOf, RemoveLineOf, UnitCell } from "../purchases/LineCells";
import { InventorySelect } from "../purchases/pickers";
import type { PickItem } from "../purchases/purchases.queries";
import { ReturnSettlement } from "../purchases/ReturnSettlement";
import { routeId } from "../purchases/routeParams";
import { useSaveDocument } from "../purchases/useSaveDocument";
import { CustomerSelect } from "../salesdocs/CustomerSelect";
import {
  PATHS,
  type ReceivedType,
  type Returnable,
  returnableQuery,
  SALE_RETURNS,
  type SaleReturnRecord,
  saleReturnQuery,
} from "./saleReturns.queries";
import "../accounting/amount.css";

interface ReturnLine {
  key: number;
  sale_line_fk: number | null;
  item: PickItem | null;
  unit_id: string;
  quantity: string;
  unit_price: string;
  batch_no: string;
  expire_date: string;
  /** From a sale: the line as sold and what can still come back. */
  sold?: Returnable["lines"][number];
}

let nextKey = 1;
const D = (v: string | null | undefined) => new Decimal(v && v !== "" ? v : "0");
const blank = (): ReturnLine => ({
  key: nextKey++,
  sale_line_fk: null,
  item: null,
  unit_id: "",
  quantity: "",
  unit_price: "",
  batch_no: "",
  expire_date: "",
});

/** The sale's lines as return lines; editing a return, its own quantities filled in. */
const fromSale = (r: Returnable, mine?: SaleReturnRecord): ReturnLine[] =>
  r.lines.map((l) => {
    const own = mine?.lines.filter((m) => m.sale_line_fk === l.sale_line_id).reduce((s, m) => s.plus(m.quantity), new Decimal(0));
    return {
      key: nextKey++,
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
  const params = useParams();
  const id = routeId(params.id);
  const isUpdate = params.isUpdate === "1" && id > 0;
  const navigate = useNavigate();
  const fmt = useFormat();
  const names = useSeededNames();
  const { systemConfig, me } = useSession();
  const system = systemConfig.currency_fk;
  const existing = useQuery(saleReturnQuery(isUpdate ? id : 0));
  const saleId = isUpdate ? (existing.data?.sale_fk ?? 0) : routeId(params.from);
  const returnable = useQuery(returnableQuery(saleId, isUpdate ? id : 0));
  const form = useZodForm({
    consumer_fk: "",
    date: businessNow().format("YYYY-MM-DD"),
    inventory_fk: String(me.inventories[0]?.inventory_id ?? ""),
    money: { currency_id: system, rate: "1", amount: "0", foreign_amount: "0" } as CurrencyValue,
    received_type: "On Account" as ReceivedType,
    account_fk: "",
    note: "",
    lines: [blank()] as ReturnLine[],
  });
  const { reset } = form;
  const [loaded, setLoaded] = useState("");

  useEffect(() => {
    const r = existing.data;
    const s = returnable.data;
    if (isUpdate && !r) return;
    if (saleId > 0 && !s) return;
    const mark = `${r?.id ?? 0}:${s?.sale.id ?? 0}`;
    if (loaded === mark || mark === "0:0") return;
    setLoaded(mark);
    reset({
      consumer_fk: String(r?.consumer_fk ?? s?.sale.consumer_fk ?? ""),
      date: r ? docDay(r.date) : businessNow().format("YYYY-MM-DD"),
      inventory_fk: String(r?.inventory_fk ?? s?.sale.inventory_fk ?? me.inventories[0]?.inventory_id ?? ""),
      money: {
        currency_id: r?.currency_id ?? s?.sale.currency_id ?? system,
        rate: plainDecimal(r?.rate ?? s?.sale.rate ?? "1"),
        amount: "0",
        foreign_amount: "0",
      },
      // A cash sale is paid back in cash from the till it came into, by default.
      received_type: r?.received_type ?? (s?.sale.payment_type === "Cash" && s.sale.account_fk ? "Cash" : "On Account"),
      account_fk: String(r?.account_fk ?? (s?.sale.payment_type === "Cash" ? (s.sale.account_fk ?? "") : "")),
      note: r?.note ?? "",
      lines: s
        ? fromSale(s, r)
        : (r?.lines ?? []).map((l) => ({
            key: nextKey++,
            sale_line_fk: null,
            item: pickItemOf({ ...l, has_expire: !!l.expire_date }),
            unit_id: String(l.unit_fk),
            quantity: plainDecimal(l.quantity),
            unit_price: plainDecimal(l.unit_price),
            batch_no: l.batch_no ?? "",
            expire_date: l.expire_date ?? "",
          })),
    });
  }, [existing.data, returnable.data, isUpdate, saleId, reset, loaded, me.inventories, system]);

  const v = form.values;
  const fromASale = saleId > 0;
  const setLine = (i: number, patch: Partial<ReturnLine>) =>
    form.set(
      "lines",
      v.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );
  const sent = v.lines.filter((l) => !fromASale || D(l.quantity).gt(0));
  const lineTotal = (l: ReturnLine) => D(l.quantity).mul(D(l.unit_price)).toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
  const total = sent.reduce((s, l) => s.plus(lineTotal(l)), new Decimal(0));
  const currencyName = returnable.data?.sale.currency_name ?? (v.money.currency_id === 2 ? "USD" : "IQD");
  // A unit's sale price is in the system currency; a return in the other one shows it at the return's rate.
  const priceIn = (price: string) => {
    if (v.money.currency_id === system || !D(v.money.rate).gt(0)) return plainDecimal(price);
    const r = D(v.money.rate);
    return (system === 1 ? D(price).div(r) : D(price).mul(r)).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed();
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

  const { save, submit } = useSaveDocument<SaleReturnRecord>({
    endpoint: SALE_RETURNS,
    id: isUpdate ? id : 0,
    schema: ZSaleReturn,
    payload,
    form,
    savedMessage: (doc) => t("saved", { number: doc.number ?? "" }),
    invalidates: ["sales", "stocks"],
    onSaved: (doc) => void navigate(PATHS.view(doc.id, params.newTab === "1" ? 1 : 0)),
  });
  // Messages name the lines sent; on a sale's sheet those are the lines with a quantity.
  const lineIndex = (i: number) => sent.indexOf(v.lines[i]!);

  if ((isUpdate && existing.isPending) || (fromASale && returnable.isPending)) return <PageLoader />;
  const sale = returnable.data?.sale;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="sale-return-form"
    >
      <DocFormHeader
        title={isUpdate ? t("edit", { number: existing.data?.number ?? "" }) : t("add")}
        description={fromASale ? t("fromSale", { number: sale?.number ?? "" }) : t("description")}
        back={{ label: t("actions.back"), onClick: () => void navigate(PATHS.list) }}
        save={{ label: t("actions.save"), saving: save.isPending, testId: "sale-return-save" }}
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {fromASale ? (
              <TextInput label={t("fields.customer")} value={names.party(sale?.consumer_name ?? "")} readOnly dir="auto" />
            ) : (
              <CustomerSelect
                label={t("fields.customer")}
                value={v.consumer_fk}
                onChange={(val) => form.set("consumer_fk", val)}
                error={form.error("consumer_fk")}
              />
            )}
            <DateField
              label={t("fields.date")}
              withAsterisk
              value={v.date || null}
              onChange={(val) => form.set("date", val ?? "")}
              error={form.error("date")}
              data-testid="sale-return-date"
            />
            <InventorySelect
              label={t("fields.inventory")}
              value={v.inventory_fk}
              onChange={(val) => form.set("inventory_fk", val)}
              error={form.error("inventory_fk")}
            />
            {fromASale && <TextInput label={t("fields.sale")} value={sale?.number ?? ""} readOnly />}
          </SimpleGrid>
          {!fromASale && (
            <Stack mt="md">
              <CurrencyPicker
                value={v.money}
                onChange={(m) => form.set("money", m)}
                rateKind="in"
                withAmount={false}
                errors={{ rate: form.error("rate"), currency: form.error("currency_id") }}
              />
            </Stack>
          )}
        </Paper>

        <LinesPanel
          title={t("lines")}
          add={fromASale ? undefined : { label: t("actions.addLine"), onClick: () => form.set("lines", [...v.lines, blank()]) }}
          minWidth={900}
          testId="sale-return-lines"
          headers={[
            t("fields.item"),
            t("fields.unit"),
            fromASale && t("fields.sold"),
            fromASale && t("fields.returnable"),
            t("fields.quantity"),
            t("fields.unit_price"),
            t("fields.batch_no"),
            !fromASale && t("fields.expire_date"),
            t("fields.line_total"),
          ]}
          removeHeader={fromASale ? undefined : t("actions.removeLine")}
          error={form.error("lines") ?? form.error("sale_fk")}
        >
          {v.lines.map((l, i) => {
            const at = lineIndex(i);
            const err = (f: string) => (at >= 0 ? form.error(`lines.${at}.${f}`) : undefined);
            return (
              <Table.Tr key={l.key} data-testid="sale-return-line">
                <Table.Td miw={220}>
                  {l.sold ? (
                    <Text size="sm">{l.sold.item_name}</Text>
                  ) : (
                    <ItemPicker
                      inline
                      label={t("fields.item")}
                      value={l.item}
                      onChange={(item) => {
                        const unit = item?.item_units.find((u) => u.unit_fk === item.default_unit) ?? item?.item_units[0];
                        setLine(i, { item, unit_id: unit ? String(unit.unit_fk) : "", unit_price: unit ? priceIn(unit.price) : "" });
                      }}
                      error={err("item_fk")}
                      testId="sale-return-item"
                    />
                  )}
                </Table.Td>
                {l.sold ? (
                  <Table.Td miw={110}>
                    <Text size="sm">{names.unit(l.sold.unit_name)}</Text>
                  </Table.Td>
                ) : (
                  <UnitCell
                    line={{ ...l, bonus: "" }}
                    onChange={(unit_id) => {
                      const unit = l.item?.item_units.find((u) => String(u.unit_fk) === unit_id);
                      setLine(i, { unit_id, unit_price: unit ? priceIn(unit.price) : l.unit_price });
                    }}
                    error={err("unit_fk")}
                  />
                )}
                {l.sold && (
                  <Table.Td>
                    <Text size="sm" className="amount">
                      {fmt.amount(l.sold.sold)}
                    </Text>
                  </Table.Td>
                )}
                {l.sold && (
                  <Table.Td>
                    <Text size="sm" className="amount" data-testid="sale-return-returnable">
                      {fmt.amount(l.sold.returnable)}
                    </Text>
                  </Table.Td>
                )}
                <Table.Td miw={100}>
                  <MoneyInput
                    aria-label={t("fields.quantity")}
                    value={l.quantity}
                    zeroWhenEmpty={false}
                    onChange={(val) => setLine(i, { quantity: val })}
                    error={err("quantity")}
                    data-testid="sale-return-quantity"
                  />
                </Table.Td>
                <Table.Td miw={120}>
                  {l.sold ? (
                    <Text size="sm" className="amount">
                      {fmt.amount(l.unit_price)}
                    </Text>
                  ) : (
                    <MoneyInput
                      aria-label={t("fields.unit_price")}
                      value={l.unit_price}
                      zeroWhenEmpty={false}
                      onChange={(val) => setLine(i, { unit_price: val })}
                      error={err("unit_price")}
                      data-testid="sale-return-price"
                    />
                  )}
                </Table.Td>
                <BatchCell
                  fixed={!!l.sold}
                  label={t("fields.batch_no")}
                  value={l.batch_no}
                  onChange={(batch_no) => setLine(i, { batch_no })}
                />
                {!l.sold && (
                  <Table.Td miw={150}>
                    <DateField
                      aria-label={t("fields.expire_date")}
                      value={l.expire_date || null}
                      onChange={(val) => setLine(i, { expire_date: val ?? "" })}
                      error={err("expire_date")}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <span className="amount">{fmt.amount(lineTotal(l).toFixed())}</span>
                </Table.Td>
                {!fromASale && <RemoveLineOf lines={v.lines} index={i} onChange={(lines) => form.set("lines", lines)} />}
              </Table.Tr>
            );
          })}
        </LinesPanel>

        <ReturnSettlement
          labels={{
            receivedType: t("fields.received_type"),
            types: { Cash: t("receivedTypes.Cash"), "On Account": t("receivedTypes.On Account") },
            account: t("fields.account"),
            note: t("fields.note"),
            total: t("fields.total"),
          }}
          value={v.received_type}
          onChange={(val) => form.set("received_type", val)}
          account={v.account_fk}
          onAccount={(val) => form.set("account_fk", val)}
          accountError={form.error("account_fk")}
          note={form.text("note")}
          total={`${fmt.amount(total.toFixed())} ${currencyName}`}
          testPrefix="sale-return"
        />
      </Stack>
    </form>
  );
}
