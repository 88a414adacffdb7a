import { ZSaleTransfer, ZSaleTransferReturn } from "@app/contracts";
import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Textarea } from "@mantine/core";
import { IconDeviceFloppy, IconSend } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan, useSession } from "../../app/session";
import { api } from "../../shared/api/client";
import { businessNow } from "../../shared/businessTime";
import { CurrencyPicker, type CurrencyValue } from "../../shared/CurrencyPicker";
import { DateField } from "../../shared/DateField";
import { plainDecimal } from "../../shared/format";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { useZodForm } from "../../shared/useZodForm";
import { docDay } from "../accounting/ledger.queries";
import { LinesPanel } from "../purchases/DocumentLines";
import { AmountCell, ItemCell, pickItemOf, RemoveLineOf, UnitCell } from "../purchases/LineCells";
import { InventorySelect } from "../purchases/pickers";
import type { PickItem } from "../purchases/purchases.queries";
import { issuesByPath, routeId } from "../purchases/routeParams";
import { CustomerSelect } from "../quotations/CustomerSelect";
import {
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
  const params = useParams();
  const id = routeId(params.id);
  const isUpdate = params.isUpdate === "1" && id > 0;
  const from = routeId(params.from) || (!isUpdate ? id : 0);
  const navigate = useNavigate();
  const can = useCan();
  const { systemConfig, me } = useSession();
  const system = systemConfig.currency_fk;
  const queryClient = useQueryClient();
  const isTransfer = kind === "transfer";
  const endpoint = isTransfer ? SALE_TRANSFERS : SALE_TRANSFER_RETURNS;
  // A transfer's own record, or (a return made from a sale transfer, `from`) the transfer it answers.
  const transfer = useQuery(saleTransferQuery(isTransfer ? (isUpdate ? id : from) : isUpdate ? 0 : from));
  const ownReturn = useQuery(saleTransferReturnQuery(!isTransfer && isUpdate ? id : 0));
  const source = !isTransfer && isUpdate ? ownReturn : transfer;
  const form = useZodForm({
    consumer_fk: "",
    date: businessNow().format("YYYY-MM-DD"),
    inventory_fk: String(me.inventories[0]?.inventory_id ?? ""),
    sale_transfer_fk: "",
    money: { currency_id: system, rate: "1", amount: "0", foreign_amount: "0" } as CurrencyValue,
    note: "",
    lines: [emptyLine()] as Line[],
  });
  const { reset } = form;
  const [loadedFor, setLoadedFor] = useState(0);
  useEffect(() => {
    const r = source.data as (Partial<SaleTransferRecord> & SaleTransferReturnRecord) | undefined;
    if (!r || loadedFor === r.id) return;
    setLoadedFor(r.id);
    const transfer = !isTransfer && !isUpdate ? r.id : (r.sale_transfer_fk ?? null);
    reset({
      consumer_fk: String(r.consumer_fk),
      date: isUpdate ? docDay(r.date) : businessNow().format("YYYY-MM-DD"),
      inventory_fk: String(r.inventory_fk),
      sale_transfer_fk: transfer ? String(transfer) : "",
      money: { currency_id: r.currency_id ?? system, rate: plainDecimal(r.rate ?? "1"), amount: "0", foreign_amount: "0" },
      note: isUpdate ? (r.note ?? "") : "",
      lines: r.lines.length ? r.lines.map(lineOf) : [emptyLine()],
    });
  }, [source.data, reset, isUpdate, isTransfer, loadedFor, system]);

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
  const save = useMutation({
    mutationFn: async ({ send }: { send: boolean }) => {
      const body = payload();
      const saved = isUpdate
        ? await api<{ data: { id: number; number: string | null; status?: string } }>(`${endpoint}/${id}`, { method: "PATCH", body })
        : await api<{ data: { id: number; number: string | null; status?: string } }>(endpoint, { method: "POST", body });
      if (send && saved.data.status === "pending") await api(`${SALE_TRANSFERS}/${saved.data.id}/send`, { method: "POST", body: {} });
      return saved.data;
    },
    onSuccess: (doc) => {
      notifySuccess(t("saved", { number: doc.number ?? "" }));
      void queryClient.invalidateQueries({ queryKey: [endpoint] });
      void queryClient.invalidateQueries({ queryKey: [SALE_TRANSFERS] });
      const tab = params.newTab === "1" ? 1 : 0;
      void navigate(isTransfer ? TRANSFER_PATHS.view(doc.id, tab) : TRANSFER_PATHS.returnView(doc.id, tab));
    },
    onError: (err) => {
      if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });
  const submit = (send: boolean) => {
    const result = (isTransfer ? ZSaleTransfer : ZSaleTransferReturn).safeParse(payload());
    if (!result.success) {
      form.setErrors(issuesByPath(result.error.issues));
      return;
    }
    save.mutate({ send });
  };

  if ((isUpdate || from > 0) && source.isPending) return <PageLoader />;
  const number = isUpdate ? (source.data?.number ?? "") : "";
  const prefix = isTransfer ? "transfer" : "return";
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit(false);
      }}
      data-testid={`${prefix}-form`}
    >
      <PageHeader
        title={isUpdate ? t(`${prefix}.editTitle`, { number }) : t(`${prefix}.newTitle`)}
        description={t(`${prefix}.formDescription`)}
        actions={
          <Group>
            <Button variant="default" onClick={() => void navigate(isTransfer ? TRANSFER_PATHS.list : TRANSFER_PATHS.returns)}>
              {t("actions.back")}
            </Button>
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} data-testid={`${prefix}-save`}>
              {t("actions.save")}
            </Button>
            {isTransfer && can("sale_transfers/transfer") && (
              <Button
                color="green"
                leftSection={<IconSend size={16} />}
                loading={save.isPending}
                onClick={() => submit(true)}
                data-testid="transfer-save-send"
              >
                {t("actions.saveSend")}
              </Button>
            )}
          </Group>
        }
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <CustomerSelect
              label={t("fields.customer")}
              value={v.consumer_fk}
              onChange={(val) => form.set("consumer_fk", val)}
              error={form.error("consumer_fk")}
              testId={`${prefix}-customer`}
            />
            <DateField
              label={t("fields.date")}
              withAsterisk
              value={v.date || null}
              onChange={(val) => form.set("date", val ?? "")}
              error={form.error("date")}
            />
            <InventorySelect
              label={isTransfer ? t("fields.from_inventory") : t("fields.to_inventory")}
              value={v.inventory_fk}
              onChange={(val) => form.set("inventory_fk", val)}
              error={form.error("inventory_fk")}
            />
          </SimpleGrid>
          {isTransfer ? (
            <Stack mt="md">
              <CurrencyPicker
                value={v.money}
                onChange={(m) => form.set("money", m)}
                rateKind="in"
                withAmount={false}
                errors={{ rate: form.error("rate"), currency: form.error("currency_id") }}
              />
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" mt="sm">
              {t("return.hint")}
            </Text>
          )}
        </Paper>
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
                line={{ ...l, bonus: "", unit_price: "" }}
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
      </Stack>
    </form>
  );
}

export const SaleTransferUpsertPage = () => <ConsignmentUpsert kind="transfer" />;
export const SaleTransferReturnUpsertPage = () => <ConsignmentUpsert kind="return" />;
