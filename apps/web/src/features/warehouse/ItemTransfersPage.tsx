import { inventoriesMustDiffer, type TransferStatus, ZItemTransfer } from "@app/contracts";
import { ActionIcon, Badge, Button, Group, Select, Table, Textarea, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconCheck, IconPackageExport, IconPackageImport, IconPlus, IconTransfer, IconTrash, IconX } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { api } from "../../shared/api/client";
import { docDay } from "../../shared/api/ledger";
import { inventoriesListQuery } from "../../shared/api/settings";
import { businessToday } from "../../shared/businessTime";
import { useCrud } from "../../shared/crud";
import { type Column, editDeleteActions, type FilterField, type RowAction } from "../../shared/DataTable";
import { FormDialog } from "../../shared/FormDialog";
import { FromToDateFields } from "../../shared/FromToDateFields";
import { useFormat } from "../../shared/format";
import { DocListPage } from "../../shared/ListPage";
import { notifyError, notifySuccess } from "../../shared/notify";
import { useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { useZodForm } from "../../shared/useZodForm";
import { type InStockRow, inStockQuery, STOCK_EP, type TransferRow, transferQuery, type UnitQty } from "./stock.queries";
import { LinesError } from "./WarehouseDocLineCells";
import { qty } from "./WarehousePage";
import "../../shared/amount.css";
import { useHistoryAction } from "../../shared/documents/useHistoryAction";

/** A line being edited: the batch chosen in the from-inventory (with its units) and the quantity. */
interface Line {
  pick: InStockRow | null;
  unit_id: string;
  quantity: string;
}

const EMPTY = {
  from_inventory_id: "",
  to_inventory_id: "",
  date: businessToday(),
  note: "",
  items: [] as Line[],
};

const STATUS_COLOR: Record<TransferStatus, string> = { pending: "gray", sent: "blue", received: "green" };

/** Picks a batch in stock in the from-inventory by item name, code or barcode. */
function BatchPicker({
  inventoryId,
  value,
  onChange,
  label,
  error,
  testId,
}: {
  inventoryId: number | null;
  value: InStockRow | null;
  onChange: (row: InStockRow | null) => void;
  label: string;
  error?: string | undefined;
  testId: string;
}) {
  const { t } = useTranslation("stock");
  const fmt = useFormat();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery({ ...inStockQuery(inventoryId, debounced), meta: { silent: true } });
  const key = (r: InStockRow) => `${r.item_id}:${r.batch_id}`;
  const describe = (r: InStockRow) =>
    [r.item_name, r.batch_no, r.expire_date ? t("expires", { date: fmt.date(r.expire_date) }) : null, t("onHand", { qty: qty(r.qty) })]
      .filter(Boolean)
      .join(" · ");
  const rows = [...(value ? [value] : []), ...(found.data ?? []).filter((r) => !value || key(r) !== key(value))];
  return (
    <Select
      label={label}
      aria-label={label}
      searchable
      data={rows.map((r) => ({ value: key(r), label: describe(r) }))}
      value={value ? key(value) : null}
      onChange={(v) => onChange(rows.find((r) => key(r) === v) ?? null)}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      error={error}
      disabled={inventoryId === null}
      nothingFoundMessage={t("messages:nothingFound")}
      data-testid={testId}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function TransferForm({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation("stock");
  const names = useSeededNames();
  const inventories = useQuery(inventoriesListQuery);
  const record = useQuery({ ...transferQuery(id ?? 0), enabled: id !== null });
  const form = useZodForm(EMPTY);
  const { create, update } = useCrud(STOCK_EP.transfers, { onInvalid: form.applyServerErrors });
  const { load } = form;
  const v = form.values;

  useEffect(() => {
    const r = record.data;
    if (!r) return;
    load({
      from_inventory_id: String(r.from_inventory_id),
      to_inventory_id: String(r.to_inventory_id),
      date: docDay(r.date),
      note: r.note ?? "",
      items: r.items.map((l) => ({
        pick: {
          item_id: l.item_id,
          item_name: l.item_name,
          item_code: null,
          batch_id: l.batch_id ?? 0,
          batch_no: l.batch_no,
          expire_date: l.expire_date,
          days_to_expiry: null,
          qty: "",
          units: [{ unit_id: l.unit_id, unit_name: l.unit_name, quantity: "" }],
        },
        unit_id: String(l.unit_id),
        quantity: l.quantity.replace(/\.?0+$/, ""),
      })),
    });
  }, [record.data, load]);

  const inventoryOptions = (inventories.data ?? []).map((i) => ({
    value: String(i.inventory_id),
    label: names.inventory(i.inventory_name),
  }));
  const setLine = (i: number, patch: Partial<Line>) =>
    form.set(
      "items",
      v.items.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );
  const fromId = v.from_inventory_id ? Number(v.from_inventory_id) : null;
  const same = v.from_inventory_id !== "" && v.from_inventory_id === v.to_inventory_id;

  const submit = () => {
    const payload = {
      from_inventory_id: v.from_inventory_id,
      to_inventory_id: v.to_inventory_id,
      date: v.date || null,
      note: v.note.trim() || null,
      items: v.items.map((l) => ({
        item_id: l.pick?.item_id ?? "",
        unit_id: l.unit_id,
        quantity: l.quantity,
        batch_id: l.pick?.batch_id || null,
      })),
    };
    if (!form.validate(ZItemTransfer, payload)) return;
    if (id !== null) update.mutate({ id, body: payload }, { onSuccess: onClose });
    else create.mutate(payload, { onSuccess: onClose });
  };

  return (
    <FormDialog
      title={id === null ? t("transfers.add") : t("transfers.edit")}
      icon={<IconTransfer size={20} />}
      onClose={onClose}
      size="xl"
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      loading={id !== null && record.isPending}
      testId="item-transfer-form"
      saveTestId="item-transfer-save"
    >
      <FromToDateFields
        from={
          <Select
            label={t("fields.from_inventory")}
            withAsterisk
            data={inventoryOptions}
            value={v.from_inventory_id || null}
            onChange={(val) => {
              form.set("from_inventory_id", val ?? "");
              if (val !== v.from_inventory_id) form.set("items", []);
            }}
            error={form.error("from_inventory_id")}
            data-testid="transfer-from-inventory"
            comboboxProps={{ withinPortal: true }}
          />
        }
        to={
          <Select
            label={t("fields.to_inventory")}
            withAsterisk
            data={inventoryOptions}
            value={v.to_inventory_id || null}
            onChange={(val) => form.set("to_inventory_id", val ?? "")}
            error={form.error("to_inventory_id") ?? (same ? translateMessage(inventoriesMustDiffer) : undefined)}
            data-testid="transfer-to-inventory"
            comboboxProps={{ withinPortal: true }}
          />
        }
        dateLabel={t("fields.date")}
        date={v.date}
        onDate={(d) => form.set("date", d)}
        dateError={form.error("date")}
      />
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="55%">{t("fields.item")}</Table.Th>
            <Table.Th>{t("fields.unit")}</Table.Th>
            <Table.Th>{t("fields.transfer_qty")}</Table.Th>
            <Table.Th w={40} aria-label={t("removeLine")} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {v.items.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved
            <Table.Tr key={i} data-testid="transfer-line">
              <Table.Td>
                <BatchPicker
                  inventoryId={fromId}
                  label={t("fields.item")}
                  value={l.pick}
                  onChange={(pick) => {
                    const units: UnitQty[] = pick?.units ?? [];
                    setLine(i, { pick, unit_id: units[0] ? String(units[0].unit_id) : "" });
                  }}
                  error={form.error(`items.${i}.item_id`) ?? form.error(`items.${i}.batch_id`)}
                  testId={`transfer-line-item-${i}`}
                />
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={t("fields.unit")}
                  data={(l.pick?.units ?? []).map((u) => ({ value: String(u.unit_id), label: names.unit(u.unit_name) }))}
                  value={l.unit_id || null}
                  onChange={(val) => setLine(i, { unit_id: val ?? "" })}
                  error={form.error(`items.${i}.unit_id`)}
                  data-testid={`transfer-line-unit-${i}`}
                  comboboxProps={{ withinPortal: true }}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={t("fields.transfer_qty")}
                  inputMode="decimal"
                  value={l.quantity}
                  onChange={(e) => setLine(i, { quantity: e.currentTarget.value })}
                  error={form.error(`items.${i}.quantity`)}
                  data-testid={`transfer-line-qty-${i}`}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("removeLine")}
                  onClick={() =>
                    form.set(
                      "items",
                      v.items.filter((_, j) => j !== i),
                    )
                  }
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.set("items", [...v.items, { pick: null, unit_id: "", quantity: "" }])}
          disabled={fromId === null}
          data-testid="transfer-add-line"
        >
          {t("addLine")}
        </Button>
        <LinesError message={form.error("items")} />
      </Group>
      <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
    </FormDialog>
  );
}

/** Item transfers between inventories (`/warehouse/items-transfers`): pending, approved, sent, received. */
export function ItemTransfersPage() {
  const { t } = useTranslation("stock");
  const fmt = useFormat();
  const names = useSeededNames();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const inventories = useQuery(inventoriesListQuery);
  const history = useHistoryAction<TransferRow>(STOCK_EP.transfers, (r) => r.transfer_id);
  const del = useConfirmDelete<TransferRow>(STOCK_EP.transfers, {
    idOf: (r) => r.transfer_id,
    nameOf: (r) => r.transfer_no ?? String(r.transfer_id),
  });
  const act = useMutation({
    mutationFn: ({ id, action }: { id: number; action: string }) =>
      api<{ message: string }>(`${STOCK_EP.transfers}/${id}/${action}`, { method: "POST" }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void queryClient.invalidateQueries({ queryKey: [STOCK_EP.transfers] });
      void queryClient.invalidateQueries({ queryKey: [STOCK_EP.stocks] });
      void queryClient.invalidateQueries({ queryKey: [STOCK_EP.inStock] });
    },
    onError: notifyError,
    meta: { silent: true },
  });
  const inventoryOptions = (inventories.data ?? []).map((i) => ({
    value: String(i.inventory_id),
    label: names.inventory(i.inventory_name),
  }));
  const columns: Column<TransferRow>[] = [
    { key: "transfer_no", label: "stock:fields.transfer_no" },
    { key: "date", label: "stock:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
    { key: "from_inventory_name", label: "stock:fields.from_inventory", text: (r) => names.inventory(r.from_inventory_name) },
    { key: "to_inventory_name", label: "stock:fields.to_inventory", text: (r) => names.inventory(r.to_inventory_name) },
    {
      key: "status",
      label: "stock:fields.status",
      text: (r) => t(`status.${r.status}`),
      render: (r) => (
        <Badge color={STATUS_COLOR[r.status]} variant="light" data-testid="transfer-status">
          {t(`status.${r.status}`)}
        </Badge>
      ),
    },
    {
      key: "approved",
      label: "stock:fields.approved",
      text: (r) => (r.approved === null ? t("undecided") : r.approved ? t("approved") : t("disapproved")),
    },
    { key: "items_count", label: "stock:fields.items_count" },
    { key: "value", label: "stock:fields.value", format: "money" },
    { key: "note", label: "stock:fields.note" },
    { key: "created_by_name", label: "stock:fields.created_by" },
  ];
  const filters: FilterField[] = [
    { key: "from_inventory_id", label: "stock:fields.from_inventory", type: "select", options: inventoryOptions },
    { key: "to_inventory_id", label: "stock:fields.to_inventory", type: "select", options: inventoryOptions },
    {
      key: "status",
      label: "stock:fields.status",
      type: "select",
      options: (["pending", "sent", "received"] as const).map((s) => ({ value: s, label: `stock:status.${s}` })),
    },
  ];
  // Each step is offered only in the state that allows it (pending, approved, sent); the ones
  // that move stock or decide ask first.
  const step = (
    key: string,
    icon: RowAction<TransferRow>["icon"],
    permission: string,
    when: (r: TransferRow) => boolean,
    color?: string,
  ): RowAction<TransferRow> => ({
    key,
    label: `stock:${key}`,
    icon,
    permission,
    ...(color ? { color } : {}),
    onClick: (r) => act.mutate({ id: r.transfer_id, action: key }),
    when,
    confirm: (r) => r.transfer_no ?? "",
  });
  const pending = (r: TransferRow) => r.status === "pending";
  const actions: RowAction<TransferRow>[] = [
    step("approve", IconCheck, "stock_transfers/approve", (r) => pending(r) && r.approved !== true),
    step("disapprove", IconX, "stock_transfers/disapprove", (r) => pending(r) && r.approved !== false, "orange"),
    step("send", IconPackageExport, "stock_transfers/transfer", (r) => pending(r) && r.approved === true),
    step("receive", IconPackageImport, "stock_transfers/receive", (r) => r.status === "sent"),
    ...editDeleteActions<TransferRow>("stock_transfers", (r) => setEditing(r.transfer_id), del.ask).map((a) => ({ ...a, when: pending })),
    history.action,
  ];
  return (
    <DocListPage<TransferRow>
      of={{ ns: "stock", name: "transfers", endpoint: STOCK_EP.transfers, section: STOCK_EP.transfers, del }}
      columns={columns}
      rowKey={(r) => r.transfer_id}
      filters={filters}
      amountFilter={false}
      actions={actions}
      add={{ testId: "item-transfer-add", onClick: () => setEditing("new") }}
      dialogs={
        <>
          {editing !== null && <TransferForm id={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
          {history.dialog}
        </>
      }
    />
  );
}
