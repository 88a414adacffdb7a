import { type PAYMENT_TYPES, ZPurchaseReturn } from "@app/contracts";
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
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { docDay } from "../accounting/ledger.queries";
import { DocFormHeader, LinesPanel } from "./DocumentLines";
import { ItemPicker } from "./ItemPicker";
import { AmountCells, BatchCell, pickItemOf, RemoveLineOf, UnitCell } from "./LineCells";
import { InventorySelect, SupplierSelect } from "./pickers";
import {
  PATHS,
  type PickItem,
  PURCHASE_RETURNS,
  type PurchaseRecord,
  type PurchaseReturnRecord,
  purchaseQuery,
  purchaseReturnQuery,
} from "./purchases.queries";
import { ReturnSettlement } from "./ReturnSettlement";
import { routeId } from "./routeParams";
import { useSaveDocument } from "./useSaveDocument";
import "../accounting/amount.css";

interface ReturnLine {
  key: number;
  purchase_line_id: number | null;
  item: PickItem | null;
  unit_id: string;
  quantity: string;
  bonus: string;
  unit_price: string;
  batch_no: string;
  expire_date: string;
  /** From a purchase: what is left to return. */
  max_quantity?: string;
  max_bonus?: string;
}

let nextKey = 1;
const D = (v: string | null | undefined) => new Decimal(v && v !== "" ? v : "0");
const blank = (): ReturnLine => ({
  key: nextKey++,
  purchase_line_id: null,
  item: null,
  unit_id: "",
  quantity: "",
  bonus: "",
  unit_price: "",
  batch_no: "",
  expire_date: "",
});

/** The purchase's lines as return lines: what is left of each, priced at what was paid for one unit after the discount. */
function fromPurchase(p: PurchaseRecord, mine?: PurchaseReturnRecord): ReturnLine[] {
  const share = D(p.subtotal).isZero() ? new Decimal(1) : D(p.total).div(D(p.subtotal));
  return p.lines.map((l) => {
    const own = mine?.lines.find((m) => m.purchase_line_fk === l.line_id);
    // Editing a return: its own quantities are not "already returned".
    const leftQ = D(l.quantity)
      .minus(l.returned_quantity)
      .plus(own ? D(own.quantity) : 0);
    const leftB = D(l.bonus)
      .minus(l.returned_bonus)
      .plus(own ? D(own.bonus) : 0);
    return {
      key: nextKey++,
      purchase_line_id: l.line_id,
      item: pickItemOf(l),
      unit_id: String(l.unit_fk),
      quantity: own ? plainDecimal(own.quantity) : "",
      bonus: own && Number(own.bonus) ? plainDecimal(own.bonus) : "",
      unit_price: own
        ? plainDecimal(own.unit_price)
        : D(l.line_total).mul(share).div(D(l.quantity)).toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed(),
      batch_no: l.batch_no ?? "",
      expire_date: l.expire_date ?? "",
      max_quantity: leftQ.toFixed(),
      max_bonus: leftB.toFixed(),
    };
  });
}

/**
 * A purchase return (SPEC §2 `/purchases/purchase-return/upsert/{id}/{isUpdate}/{from}/{newTab}`):
 * from purchase `from` (its lines, batches, supplier and currency; no more than is left) or on its own.
 */
export function PurchaseReturnUpsertPage() {
  const { t } = useTranslation("purchases");
  const params = useParams();
  const id = routeId(params.id);
  const isUpdate = params.isUpdate === "1" && id > 0;
  const navigate = useNavigate();
  const fmt = useFormat();
  const names = useSeededNames();
  const { systemConfig, me } = useSession();
  const system = systemConfig.currency_fk;
  const existing = useQuery(purchaseReturnQuery(isUpdate ? id : 0));
  const purchaseId = isUpdate ? (existing.data?.purchase_fk ?? 0) : routeId(params.from);
  const purchase = useQuery(purchaseQuery(purchaseId));
  const form = useZodForm({
    consumer_id: "",
    reference_no: "",
    date: businessNow().format("YYYY-MM-DD"),
    inventory_id: String(me.inventories[0]?.inventory_id ?? ""),
    money: { currency_id: system, rate: "1", amount: "0", foreign_amount: "0" } as CurrencyValue,
    payment_type: "On Account" as (typeof PAYMENT_TYPES)[number],
    account_id: "",
    note: "",
    lines: [blank()] as ReturnLine[],
  });
  const { reset } = form;
  const [loaded, setLoaded] = useState("");

  useEffect(() => {
    const r = existing.data;
    const p = purchase.data;
    if (isUpdate && !r) return;
    if (purchaseId > 0 && !p) return;
    const mark = `${r?.id ?? 0}:${p?.id ?? 0}`;
    if (loaded === mark || mark === "0:0") return;
    setLoaded(mark);
    const head = r ?? p!;
    reset({
      consumer_id: String(head.consumer_fk),
      reference_no: r?.reference_no ?? "",
      date: r ? docDay(r.date) : businessNow().format("YYYY-MM-DD"),
      inventory_id: String(head.inventory_fk),
      money: { currency_id: head.currency_id, rate: plainDecimal(head.rate), amount: "0", foreign_amount: "0" },
      payment_type: (r?.payment_type ?? "On Account") as (typeof PAYMENT_TYPES)[number],
      account_id: r?.account_fk ? String(r.account_fk) : "",
      note: r?.note ?? "",
      lines: p
        ? fromPurchase(p, r)
        : (r?.lines ?? []).map((l) => ({
            key: nextKey++,
            purchase_line_id: null,
            item: pickItemOf({ ...l, has_expire: false }),
            unit_id: String(l.unit_fk),
            quantity: plainDecimal(l.quantity),
            bonus: Number(l.bonus) ? plainDecimal(l.bonus) : "",
            unit_price: plainDecimal(l.unit_price),
            batch_no: l.batch_no ?? "",
            expire_date: l.expire_date ?? "",
          })),
    });
  }, [existing.data, purchase.data, isUpdate, purchaseId, reset, loaded]);

  const v = form.values;
  const fromAPurchase = purchaseId > 0;
  const setLine = (i: number, patch: Partial<ReturnLine>) =>
    form.set(
      "lines",
      v.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );
  const sent = v.lines.filter((l) => !fromAPurchase || D(l.quantity).plus(D(l.bonus)).gt(0));
  const total = sent.reduce((s, l) => s.plus(D(l.quantity).mul(D(l.unit_price)).toDecimalPlaces(3, Decimal.ROUND_HALF_UP)), new Decimal(0));

  const payload = () => ({
    purchase_id: fromAPurchase ? purchaseId : null,
    consumer_id: v.consumer_id,
    reference_no: v.reference_no.trim() || null,
    date: v.date || null,
    inventory_id: v.inventory_id,
    currency_id: v.money.currency_id,
    rate: v.money.currency_id === system ? "1" : v.money.rate,
    payment_type: v.payment_type,
    account_id: v.payment_type === "Cash" ? v.account_id || null : null,
    note: v.note.trim() || null,
    lines: sent.map((l) => ({
      purchase_line_id: l.purchase_line_id,
      item_id: l.item?.item_id ?? "",
      unit_id: l.unit_id,
      quantity: l.quantity || "0",
      bonus: l.bonus || "0",
      unit_price: l.unit_price,
      batch_no: l.batch_no.trim() || null,
      expire_date: l.expire_date || null,
    })),
  });

  const { save, submit } = useSaveDocument<PurchaseReturnRecord>({
    endpoint: PURCHASE_RETURNS,
    id: isUpdate ? id : 0,
    schema: ZPurchaseReturn,
    payload,
    form,
    savedMessage: (doc) => t("returns.saved", { number: doc.number ?? "" }),
    invalidates: ["purchases"],
    onSaved: (doc) => void navigate(PATHS.returnView(doc.id, params.newTab === "1" ? 1 : 0)),
  });
  // Messages name the lines sent; on a purchase's sheet those are the lines with a quantity.
  const lineIndex = (i: number) => sent.indexOf(v.lines[i]!);

  if ((isUpdate && existing.isPending) || (fromAPurchase && purchase.isPending)) return <PageLoader />;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="return-form"
    >
      <DocFormHeader
        title={isUpdate ? t("returns.edit", { number: existing.data?.number ?? "" }) : t("returns.add")}
        description={fromAPurchase ? t("returns.fromPurchase", { number: purchase.data?.number ?? "" }) : t("returns.description")}
        back={{ label: t("actions.back"), onClick: () => void navigate(PATHS.returns) }}
        save={{ label: t("actions.save"), saving: save.isPending, testId: "return-save" }}
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            {fromAPurchase ? (
              <TextInput label={t("fields.supplier")} value={purchase.data?.consumer_name ?? ""} readOnly dir="auto" />
            ) : (
              <SupplierSelect
                label={t("fields.supplier")}
                value={v.consumer_id}
                onChange={(val) => form.set("consumer_id", val)}
                error={form.error("consumer_id")}
                testId="return-supplier"
              />
            )}
            <TextInput label={t("fields.reference_no")} maxLength={140} {...form.text("reference_no")} />
            <DateField
              label={t("fields.date")}
              withAsterisk
              value={v.date || null}
              onChange={(val) => form.set("date", val ?? "")}
              error={form.error("date")}
              data-testid="return-date"
            />
            <InventorySelect
              label={t("fields.inventory")}
              value={v.inventory_id}
              disabled={fromAPurchase}
              onChange={(val) => form.set("inventory_id", val)}
              error={form.error("inventory_id")}
            />
          </SimpleGrid>
          <Stack mt="md">
            <CurrencyPicker
              value={v.money}
              onChange={(m) => form.set("money", m)}
              rateKind="out"
              withAmount={false}
              errors={{ rate: form.error("rate"), currency: form.error("currency_id") }}
            />
          </Stack>
        </Paper>

        <LinesPanel
          title={t("lines")}
          add={fromAPurchase ? undefined : { label: t("actions.addLine"), onClick: () => form.set("lines", [...v.lines, blank()]) }}
          minWidth={960}
          testId="return-lines"
          headers={[
            t("fields.item"),
            t("fields.unit"),
            fromAPurchase && t("returns.returnable"),
            t("fields.quantity"),
            t("fields.return_bonus"),
            t("fields.unit_price"),
            t("fields.batch_no"),
            t("fields.line_total"),
          ]}
          removeHeader={fromAPurchase ? undefined : t("actions.removeLine")}
          error={form.error("lines") ?? form.error("purchase_id")}
        >
          {v.lines.map((l, i) => {
            const at = lineIndex(i);
            const err = (f: string) => (at >= 0 ? form.error(`lines.${at}.${f}`) : undefined);
            return (
              <Table.Tr key={l.key} data-testid="return-line">
                <Table.Td miw={220}>
                  {fromAPurchase ? (
                    <Text size="sm">{l.item?.item_name}</Text>
                  ) : (
                    <ItemPicker
                      inline
                      label={t("fields.item")}
                      value={l.item}
                      onChange={(item) =>
                        setLine(i, { item, unit_id: item ? String(item.default_unit ?? item.item_units[0]?.unit_fk ?? "") : "" })
                      }
                      error={err("item_id")}
                    />
                  )}
                </Table.Td>
                {fromAPurchase ? (
                  <Table.Td miw={110}>
                    <Text size="sm">{names.unit(l.item?.item_units[0]?.unit_name)}</Text>
                  </Table.Td>
                ) : (
                  <UnitCell line={l} onChange={(unit_id) => setLine(i, { unit_id })} error={err("unit_id")} />
                )}
                {fromAPurchase && (
                  <Table.Td>
                    <Text size="sm" className="amount" data-testid="returnable">
                      {fmt.amount(l.max_quantity)}
                      {Number(l.max_bonus) ? ` + ${fmt.amount(l.max_bonus)}` : ""}
                    </Text>
                  </Table.Td>
                )}
                <AmountCells
                  line={l}
                  onChange={(patch) => setLine(i, patch)}
                  error={err}
                  prefix="return"
                  bonusLabel="fields.return_bonus"
                />
                <BatchCell
                  fixed={fromAPurchase}
                  label={t("fields.batch_no")}
                  value={l.batch_no}
                  onChange={(batch_no) => setLine(i, { batch_no })}
                />
                <Table.Td>
                  <span className="amount">{fmt.amount(D(l.quantity).mul(D(l.unit_price)).toFixed())}</span>
                </Table.Td>
                {!fromAPurchase && <RemoveLineOf lines={v.lines} index={i} onChange={(lines) => form.set("lines", lines)} />}
              </Table.Tr>
            );
          })}
        </LinesPanel>

        <ReturnSettlement
          labels={{
            receivedType: t("fields.received_type"),
            types: { Cash: t("paymentTypes.Cash"), "On Account": t("paymentTypes.On Account") },
            account: t("fields.account"),
            note: t("fields.note"),
            total: t("fields.total"),
          }}
          value={v.payment_type}
          onChange={(val) => form.set("payment_type", val)}
          account={v.account_id}
          onAccount={(val) => form.set("account_id", val)}
          accountError={form.error("account_id")}
          note={form.text("note")}
          total={`${fmt.amount(total.toFixed())} ${v.money.currency_id === 2 ? "USD" : "IQD"}`}
          testPrefix="return"
        />
      </Stack>
    </form>
  );
}
