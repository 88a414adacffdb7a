import { ZInventoryOpeningBalance } from "@app/contracts";
import { Button, Group, Table, Text, Textarea, TextInput, VisuallyHidden } from "@mantine/core";
import { IconEye, IconPackageImport, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import Decimal from "decimal.js";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../app/session";
import { businessToday } from "../../shared/businessTime";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable, editDeleteActions } from "../../shared/DataTable";
import { DateField } from "../../shared/DateField";
import { FormDialog } from "../../shared/FormDialog";
import { useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { useZodForm } from "../../shared/useZodForm";
import { docDay } from "../accounting/ledger.queries";
import { WarehouseDocInventoryDate } from "./WarehouseDocInventoryDate";
import { type ItemLine, ItemUnitQuantityCells, RemoveLineCell } from "./WarehouseDocLineCells";
import { docQuery, ROUTES, useInvalidateWarehouse, WD } from "./warehouseDocs.queries";
import "../accounting/amount.css";

export interface OpeningStockRow {
  id: number;
  number: string | null;
  date: string;
  inventory_name: string;
  items_count: number;
  total_value: string;
  note: string | null;
  created_by_name: string | null;
}

export interface OpeningStockLine {
  id: number;
  item_id: number;
  item_name: string;
  unit_id: number;
  unit_name: string;
  quantity: string;
  unit_cost: string;
  value: string;
  batch_no: string | null;
  expire_date: string | null;
}

export interface OpeningStockRecord extends OpeningStockRow {
  inventory_fk: number;
  lines: OpeningStockLine[];
}

interface Line extends ItemLine {
  unit_cost: string;
  batch_no: string;
  expire_date: string;
}

const emptyLine = (): Line => ({ item: null, unit_id: "", quantity: "", unit_cost: "", batch_no: "", expire_date: "" });
const lineValue = (l: Line) => {
  try {
    return new Decimal(l.quantity || 0).mul(l.unit_cost || 0);
  } catch {
    return new Decimal(0);
  }
};

function OpeningStockForm({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation("warehousedocs");
  const fmt = useFormat();
  const _names = useSeededNames();
  const record = useQuery(docQuery<OpeningStockRecord>(WD.openingStock, id));
  const form = useZodForm({ inventory_id: "", date: businessToday(), note: "", lines: [emptyLine()] as Line[] });
  const { create, update } = useCrud(WD.openingStock, { onInvalid: form.applyServerErrors });
  const invalidate = useInvalidateWarehouse();
  const { reset } = form;

  useEffect(() => {
    const r = record.data;
    if (!r) return;
    reset({
      inventory_id: String(r.inventory_fk),
      date: docDay(r.date),
      note: r.note ?? "",
      lines: r.lines.map((l) => ({
        item: { item_id: l.item_id, item_name: l.item_name, item_code: null, has_expire: false, item_units: [], default_unit: null },
        unit_id: String(l.unit_id),
        unit_name: l.unit_name,
        quantity: new Decimal(l.quantity).toFixed(),
        unit_cost: new Decimal(l.unit_cost).toFixed(),
        batch_no: l.batch_no ?? "",
        expire_date: l.expire_date ?? "",
      })),
    });
  }, [record.data, reset]);
  const { set } = form;
  const setInventory = useCallback((v: string) => set("inventory_id", v), [set]);

  const lines = form.values.lines;
  const setLine = (i: number, patch: Partial<Line>) =>
    form.set(
      "lines",
      lines.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );
  const total = lines.reduce((s, l) => s.plus(lineValue(l)), new Decimal(0));

  const submit = () => {
    const body = form.validate(ZInventoryOpeningBalance, {
      inventory_id: form.values.inventory_id,
      date: form.values.date || null,
      note: form.values.note.trim() || null,
      lines: lines.map((l) => ({
        item_id: l.item?.item_id ?? "",
        unit_id: l.unit_id,
        quantity: l.quantity,
        unit_cost: l.unit_cost || "0",
        batch_no: l.batch_no.trim() || null,
        expire_date: l.expire_date || null,
      })),
    });
    if (!body) return;
    const done = () => {
      invalidate(WD.openingStock);
      onClose();
    };
    if (id === null) create.mutate(body, { onSuccess: done });
    else update.mutate({ id, body }, { onSuccess: done });
  };

  return (
    <FormDialog
      title={id === null ? t("openingStock.add") : t("openingStock.edit")}
      icon={<IconPackageImport size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      loading={id !== null && record.isPending}
      size="100%"
      testId="opening-stock-form"
      saveTestId="opening-stock-save"
    >
      <Group grow align="flex-start">
        <WarehouseDocInventoryDate
          isNew={id === null}
          inventoryId={form.values.inventory_id}
          onInventory={setInventory}
          date={form.values.date}
          onDate={(d) => form.set("date", d)}
          error={form.error}
          testId="opening-stock"
        />
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing={4} data-testid="opening-stock-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("fields.item")}</Table.Th>
              <Table.Th>{t("fields.unit")}</Table.Th>
              <Table.Th>{t("fields.quantity")}</Table.Th>
              <Table.Th>{t("fields.unitCost")}</Table.Th>
              <Table.Th>{t("fields.batchNo")}</Table.Th>
              <Table.Th>{t("fields.expireDate")}</Table.Th>
              <Table.Th>{t("fields.value")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("removeLine")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own until saved
              <Table.Tr key={i} data-testid="opening-stock-line">
                <ItemUnitQuantityCells
                  line={l}
                  index={i}
                  onChange={(patch) => setLine(i, patch)}
                  error={form.error}
                  unitOf={(item) => item.default_unit ?? item.item_units[0]?.unit_fk}
                />
                <Table.Td>
                  <MoneyInput
                    aria-label={t("fields.unitCost")}
                    size="xs"
                    w={130}
                    value={l.unit_cost}
                    onChange={(unit_cost) => setLine(i, { unit_cost })}
                    error={form.error(`lines.${i}.unit_cost`)}
                    data-testid="line-cost"
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t("fields.batchNo")}
                    size="xs"
                    w={110}
                    dir="ltr"
                    value={l.batch_no}
                    onChange={(e) => setLine(i, { batch_no: e.currentTarget.value })}
                    error={form.error(`lines.${i}.batch_no`)}
                    data-testid="line-batch"
                  />
                </Table.Td>
                <Table.Td>
                  <DateField
                    aria-label={t("fields.expireDate")}
                    size="xs"
                    w={130}
                    clearable
                    value={l.expire_date || null}
                    onChange={(v) => setLine(i, { expire_date: v ?? "" })}
                    error={form.error(`lines.${i}.expire_date`)}
                    data-testid="line-expire"
                  />
                </Table.Td>
                <Table.Td>
                  <span className="amount" data-testid="line-value">
                    {fmt.amount(lineValue(l).toFixed())}
                  </span>
                </Table.Td>
                <RemoveLineCell
                  disabled={lines.length === 1}
                  onRemove={() =>
                    form.set(
                      "lines",
                      lines.filter((_, j) => j !== i),
                    )
                  }
                />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {form.error("lines") && (
        <Text c="red" size="sm">
          {form.error("lines")}
        </Text>
      )}
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.set("lines", [...lines, emptyLine()])}
          data-testid="opening-stock-add-line"
        >
          {t("addLine")}
        </Button>
        <Text fw={600}>
          {t("fields.totalValue")}:{" "}
          <span className="amount" data-testid="opening-stock-total">
            {fmt.amount(total.toFixed())}
          </span>
        </Text>
      </Group>
      <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
    </FormDialog>
  );
}

/** Opening stock per inventory: quantities, their cost and batches, posted against opening-balance equity. */
export function OpeningStockPage() {
  const { t } = useTranslation("warehousedocs");
  const can = useCan();
  const fmt = useFormat();
  const names = useSeededNames();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const invalidate = useInvalidateWarehouse();
  const del = useConfirmDelete<OpeningStockRow>(WD.openingStock, {
    idOf: (r) => r.id,
    nameOf: (r) => r.number ?? String(r.id),
    onDeleted: () => invalidate(WD.openingStock),
  });
  const columns: Column<OpeningStockRow>[] = [
    { key: "number", label: "warehousedocs:fields.number" },
    { key: "date", label: "warehousedocs:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
    { key: "inventory_name", label: "warehousedocs:fields.inventory", text: (r) => names.inventory(r.inventory_name) },
    { key: "items_count", label: "warehousedocs:fields.itemsCount" },
    { key: "total_value", label: "warehousedocs:fields.totalValue", format: "amount" },
    { key: "note", label: "warehousedocs:fields.note" },
    { key: "created_by_name", label: "warehousedocs:fields.createdBy" },
  ];
  return (
    <>
      <PageHeader title={t("openingStock.title")} description={t("openingStock.description")} />
      <DataTable<OpeningStockRow>
        endpoint={WD.openingStock}
        model={WD.openingStock}
        title="warehousedocs:openingStock.title"
        columns={columns}
        rowKey={(r) => r.id}
        dateFilter
        amountFilter
        defaultSort="id"
        toolbar={
          can(`${WD.openingStock}/store`) && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="opening-stock-new">
              {t("openingStock.add")}
            </Button>
          )
        }
        actions={[
          {
            key: "view",
            label: "warehousedocs:view",
            icon: IconEye,
            permission: `${WD.openingStock}/show`,
            onClick: (r) => navigate(`${ROUTES.openingStock}/view/${r.id}`),
          },
          ...editDeleteActions<OpeningStockRow>(WD.openingStock, (r) => setEditing(r.id), del.ask),
        ]}
      />
      {editing !== null && <OpeningStockForm id={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}
