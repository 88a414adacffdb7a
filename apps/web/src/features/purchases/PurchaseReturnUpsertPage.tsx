import { ZPurchaseReturn } from "@app/contracts";
import { TextInput } from "@mantine/core";
import Decimal from "decimal.js";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { docDay } from "../../shared/api/ledger";
import {
  PATHS,
  PURCHASE_RETURNS,
  type PurchaseRecord,
  type PurchaseReturnRecord,
  purchaseQuery,
  purchaseReturnQuery,
} from "../../shared/api/purchases";
import { docMoney, today, useNewDocHead } from "../../shared/documents/DocHead";
import { AmountCells, pickItemOf } from "../../shared/documents/LineCells";
import { SupplierSelect } from "../../shared/documents/pickers";
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
import type { ReceivedType } from "../../shared/documents/ReturnSettlement";
import { useSaveDocument } from "../../shared/documents/useSaveDocument";
import { plainDecimal, useFormat } from "../../shared/format";
import { useZodForm } from "../../shared/useZodForm";
import "../../shared/amount.css";

interface ReturnLine extends ReturnLineBase {
  purchase_line_id: number | null;
  bonus: string;
  /** From a purchase: what is left to return. */
  max_quantity?: string;
  max_bonus?: string;
}

const D = typed;
const blank = (): ReturnLine => ({ ...emptyReturnLine(), purchase_line_id: null, bonus: "" });
/** A purchase's line returns its quantity and its bonus. */
const returned = (l: ReturnLine) => D(l.quantity).plus(D(l.bonus));

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
      key: returnLineKey(),
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
  const navigate = useNavigate();
  const fmt = useFormat();
  const head = useNewDocHead();
  const form = useZodForm({
    consumer_id: "",
    reference_no: "",
    date: head.date,
    inventory_id: head.inventory,
    money: head.money,
    payment_type: "On Account" as ReceivedType,
    account_id: "",
    note: "",
    lines: [blank()] as ReturnLine[],
  });
  const { reset } = form;

  const sources = useReturnSources({
    own: purchaseReturnQuery,
    sourceOf: (r) => r.purchase_fk,
    source: purchaseQuery,
    sourceMark: (p) => p.id,
    fill: (r, p) => {
      const from = r ?? p!;
      reset({
        consumer_id: String(from.consumer_fk),
        reference_no: r?.reference_no ?? "",
        date: r ? docDay(r.date) : today(),
        inventory_id: String(from.inventory_fk),
        money: docMoney(from.currency_id, from.rate),
        payment_type: (r?.payment_type ?? "On Account") as ReceivedType,
        account_id: r?.account_fk ? String(r.account_fk) : "",
        note: r?.note ?? "",
        lines: p
          ? fromPurchase(p, r)
          : (r?.lines ?? []).map((l) => ({
              ...storedReturnLine(l, false),
              purchase_line_id: null,
              bonus: Number(l.bonus) ? plainDecimal(l.bonus) : "",
            })),
      });
    },
  });

  const { route, source: p, sourceId: purchaseId, fromSource: fromAPurchase } = sources;
  const v = form.values;
  const setLines = (lines: ReturnLine[]) => form.set("lines", lines);
  const { sent, total } = useReturnLines(v.lines, setLines, fromAPurchase, returned);

  const payload = () => ({
    purchase_id: fromAPurchase ? purchaseId : null,
    consumer_id: v.consumer_id,
    reference_no: v.reference_no.trim() || null,
    date: v.date || null,
    inventory_id: v.inventory_id,
    currency_id: v.money.currency_id,
    rate: v.money.currency_id === head.system ? "1" : v.money.rate,
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

  const saving = useSaveDocument<PurchaseReturnRecord>({
    endpoint: PURCHASE_RETURNS,
    id: sources.ownId,
    schema: ZPurchaseReturn,
    payload,
    form,
    savedMessage: (doc) => t("returns.saved", { number: doc.number ?? "" }),
    invalidates: ["purchases"],
    onSaved: (doc) => void navigate(PATHS.returnView(doc.id, route.newTab)),
  });

  return (
    <ReturnForm<ReturnLine>
      t={t}
      words="returns."
      from={{ words: "returns.fromPurchase", number: p?.number }}
      testPrefix="return"
      sources={sources}
      form={form}
      saving={saving}
      backTo={PATHS.returns}
      sourceField="purchase_id"
      head={{
        party: (
          <SupplierSelect
            label={t("fields.supplier")}
            {...form.field("consumer_id")}
            fixed={fromAPurchase ? (p?.consumer_name ?? "") : undefined}
            testId="return-supplier"
          />
        ),
        afterParty: <TextInput label={t("fields.reference_no")} maxLength={140} {...form.text("reference_no")} />,
        date: form.field("date"),
        inventory: { ...form.field("inventory_id"), disabled: fromAPurchase },
        currency: { ...form.field("money"), rateKind: "out" },
      }}
      lines={{
        lines: v.lines,
        onChange: setLines,
        newLine: blank,
        returned,
        fixed: (l) => (fromAPurchase ? { item: l.item?.item_name, unit: l.item?.item_units[0]?.unit_name } : null),
        fields: { item: "item_id", unit: "unit_id" },
        cells: {
          headers: [fromAPurchase && t("returns.returnable"), t("fields.quantity"), t("fields.return_bonus"), t("fields.unit_price")],
          render: (l, set, err) => (
            <>
              {fromAPurchase && (
                <FigureCell testId="returnable">
                  {fmt.amount(l.max_quantity)}
                  {Number(l.max_bonus) ? ` + ${fmt.amount(l.max_bonus)}` : ""}
                </FigureCell>
              )}
              <AmountCells line={l} onChange={set} error={err} prefix="return" bonusLabel="fields.return_bonus" />
            </>
          ),
        },
        minWidth: 960,
      }}
      settlement={{
        types: "paymentTypes",
        type: form.field("payment_type"),
        account: form.field("account_id"),
        note: form.text("note"),
        total,
        currency: v.money.currency_id === 2 ? "USD" : "IQD",
      }}
    />
  );
}
