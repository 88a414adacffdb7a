import { ZSaleTransfer, ZSaleTransferReturn } from "@app/contracts";
import { Paper, Table, Text, Textarea } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan } from "../../app/session";
import { docDay } from "../../shared/api/ledger";
import type { PickItem } from "../../shared/api/purchases";
import { CustomerSelect } from "../../shared/documents/CustomerSelect";
import { DocHead, docMoney, today, useFillOnce, useNewDocHead } from "../../shared/documents/DocHead";
import { DocForm, LinesPanel } from "../../shared/documents/DocumentLines";
import { AmountCell, ItemCell, pickItemOf, RemoveLineOf, UnitCell } from "../../shared/documents/LineCells";
import { useDocRoute } from "../../shared/documents/routeParams";
import { useSaveDocument } from "../../shared/documents/useSaveDocument";
import { plainDecimal } from "../../shared/format";
import { useZodForm } from "../../shared/useZodForm";
import {
  returnLinesOf,
  SALE_TRANSFER_RETURNS,
  SALE_TRANSFERS,
  type SaleTransferRecord,
  type SaleTransferReturnRecord,
  saleTransferQuery,
  saleTransferReturnQuery,
  TRANSFER_PATHS,
} from "./saleTransfers.queries";

type Kind = "transfer" | "return";

/** A line as typed: the item, one of its units and the quantity (the goods are valued at cost). */
interface Line {
  key: number;
  item: PickItem | null;
  unit_id: string;
  quantity: string;
}

let nextKey = 1;
const emptyLine = (): Line => ({ key: nextKey++, item: null, unit_id: "", quantity: "" });
const lineOf = (l: SaleTransferRecord["lines"][number]): Line => ({
  key: nextKey++,
  item: pickItemOf({ ...l, has_expire: false }),
  unit_id: String(l.unit_fk),
  quantity: plainDecimal(l.quantity),
});

/**
 * The form of a sale transfer (goods sent to a customer on consignment) or of a sale-transfer
 * return (goods back from the customer into a chosen inventory), on SPEC's route shape
 * `upsert/{id}/{isUpdate}/{from}/{newTab}`; a return `from` a sale transfer starts with its
 * customer and lines.
 */
function ConsignmentUpsert({ kind }: { kind: Kind }) {
  const { t } = useTranslation("saletransfers");
  const route = useDocRoute();
  const { id, isUpdate, copyOf: from } = route;
  const navigate = useNavigate();
  const can = useCan();
  const head = useNewDocHead();
  const { system } = head;
  const isTransfer = kind === "transfer";
  const endpoint = isTransfer ? SALE_TRANSFERS : SALE_TRANSFER_RETURNS;
  // A transfer's own record, or (a return made from a sale transfer, `from`) the transfer it answers.
  const transfer = useQuery(saleTransferQuery(isTransfer ? (isUpdate ? id : from) : isUpdate ? 0 : from));
  const ownReturn = useQuery(saleTransferReturnQuery(!isTransfer && isUpdate ? id : 0));
  const source = !isTransfer && isUpdate ? ownReturn : transfer;
  const form = useZodForm({
    consumer_fk: "",
    date: head.date,
    inventory_fk: head.inventory,
    sale_transfer_fk: "",
    money: head.money,
    note: "",
    lines: [emptyLine()] as Line[],
  });
  const { reset } = form;
  // A new return from a transfer starts with what is left of each of its lines.
  const startLines = (lines: SaleTransferRecord["lines"]) => {
    const shown = !isTransfer && !isUpdate ? returnLinesOf(lines) : lines;
    return shown.length ? shown.map(lineOf) : [emptyLine()];
  };
  useFillOnce(
    source.data as (Partial<SaleTransferRecord> & SaleTransferReturnRecord) | undefined,
    (r) => String(r.id),
    (r) => {
      const transfer = !isTransfer && !isUpdate ? r.id : (r.sale_transfer_fk ?? null);
      reset({
        consumer_fk: String(r.consumer_fk),
        date: isUpdate ? docDay(r.date) : today(),
        inventory_fk: String(r.inventory_fk),
        sale_transfer_fk: transfer ? String(transfer) : "",
        money: docMoney(r.currency_id ?? system, r.rate ?? "1"),
        note: isUpdate ? (r.note ?? "") : "",
        lines: startLines(r.lines),
      });
    },
  );

  const v = form.values;
  const setLine = (i: number, patch: Partial<Line>) =>
    form.set(
      "lines",
      v.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );
  const payload = () => ({
    consumer_fk: v.consumer_fk,
    date: v.date || null,
    inventory_fk: v.inventory_fk,
    note: v.note.trim() || null,
    lines: v.lines.map((l) => ({ item_fk: l.item?.item_id ?? "", unit_fk: l.unit_id, quantity: l.quantity })),
    ...(isTransfer
      ? { currency_id: v.money.currency_id, rate: v.money.currency_id === system ? "1" : v.money.rate }
      : { sale_transfer_fk: v.sale_transfer_fk || null }),
  });
  // Goods sent on consignment stay the shop's: saving or sending one posts nothing.
  const { save, submit, question } = useSaveDocument<{ id: number; number: string | null; status?: string }>({
    endpoint,
    id: isUpdate ? id : 0,
    schema: isTransfer ? ZSaleTransfer : ZSaleTransferReturn,
    payload,
    form,
    savedMessage: (doc) => t("saved", { number: doc.number ?? "" }),
    invalidates: [SALE_TRANSFERS],
    ledger: false,
    onSaved: (doc) =>
      void navigate(isTransfer ? TRANSFER_PATHS.view(doc.id, route.newTab) : TRANSFER_PATHS.returnView(doc.id, route.newTab)),
  });

  if ((isUpdate || from > 0) && source.isPending) return <PageLoader />;
  const number = isUpdate ? (source.data?.number ?? "") : "";
  const prefix = isTransfer ? "transfer" : "return";
  return (
    <DocForm
      testId={`${prefix}-form`}
      onSubmit={() => submit(false)}
      title={isUpdate ? t(`${prefix}.editTitle`, { number }) : t(`${prefix}.newTitle`)}
      description={t(`${prefix}.formDescription`)}
      back={{ label: t("actions.back"), onClick: () => void navigate(isTransfer ? TRANSFER_PATHS.list : TRANSFER_PATHS.returns) }}
      save={{ label: t("actions.save"), saving: save.isPending, testId: `${prefix}-save` }}
      complete={
        isTransfer &&
        can("sale_transfers/transfer") && {
          label: t("actions.saveSend"),
          onClick: () => submit(true),
          testId: "transfer-save-send",
          icon: <IconSend size={16} />,
        }
      }
    >
      <DocHead
        cols={{ base: 1, sm: 3 }}
        labels={{ date: t("fields.date"), inventory: isTransfer ? t("fields.from_inventory") : t("fields.to_inventory") }}
        party={<CustomerSelect label={t("fields.customer")} {...form.field("consumer_fk")} testId={`${prefix}-customer`} />}
        date={form.field("date")}
        inventory={form.field("inventory_fk")}
        currency={isTransfer && { ...form.field("money"), rateKind: "in", fieldError: form.error }}
      >
        {!isTransfer && (
          <Text size="sm" c="dimmed" mt="sm">
            {t("return.hint")}
          </Text>
        )}
      </DocHead>
      <LinesPanel
        title={t("lines")}
        add={{ label: t("actions.addLine"), onClick: () => form.set("lines", [...v.lines, emptyLine()]), testId: "line-add" }}
        minWidth={720}
        testId={`${prefix}-lines`}
        headers={[t("fields.item"), t("fields.unit"), t("fields.quantity")]}
        removeHeader={t("actions.removeLine")}
        error={form.error("lines")}
      >
        {v.lines.map((l, i) => (
          <Table.Tr key={l.key} data-testid="doc-line">
            <ItemCell
              label={t("fields.item")}
              value={l.item}
              onPick={(item, unit_id) => setLine(i, { item, unit_id })}
              error={form.error(`lines.${i}.item_fk`)}
            />
            <UnitCell
              line={l}
              onChange={(unit_id) => setLine(i, { unit_id })}
              error={form.error(`lines.${i}.unit_fk`)}
              testId="line-unit"
            />
            <AmountCell
              label={t("fields.quantity")}
              value={l.quantity}
              onChange={(quantity) => setLine(i, { quantity })}
              error={form.error(`lines.${i}.quantity`)}
              testId="line-quantity"
            />
            <RemoveLineOf lines={v.lines} index={i} onChange={(lines) => form.set("lines", lines)} />
          </Table.Tr>
        ))}
      </LinesPanel>
      <Paper withBorder radius="md" p="md">
        <Textarea label={t("fields.note")} maxLength={140} autosize minRows={2} {...form.text("note")} />
      </Paper>
      {question}
    </DocForm>
  );
}

export const SaleTransferUpsertPage = () => <ConsignmentUpsert kind="transfer" />;
export const SaleTransferReturnUpsertPage = () => <ConsignmentUpsert kind="return" />;
