import { ZInventoryOpeningBalance } from "@app/contracts";
import { Group, Table, Text } from "@mantine/core";
import { IconPackageImport } from "@tabler/icons-react";
import Decimal from "decimal.js";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { businessToday } from "../../shared/businessTime";
import { useConfirmAction } from "../../shared/ConfirmDialog";
import { useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { useZodForm } from "../../shared/useZodForm";
import {
  type DocHead,
  docHead,
  headBody,
  type SavedUnitLine,
  savedItem,
  useWarehouseDocRecord,
  useWarehouseDocSave,
  WarehouseDocDialog,
} from "./WarehouseDocForm";
import { AddLineButton, BatchExpiryCells, type ItemLine, ItemUnitQuantityCells, WarehouseDocLinesEditor } from "./WarehouseDocLineCells";
import { WarehouseDocList } from "./WarehouseDocList";
import { WD } from "./warehouseDocs.queries";
import "../../shared/amount.css";

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

export interface OpeningStockLine extends SavedUnitLine {
  unit_cost: string;
  value: string;
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
  const form = useZodForm<DocHead & { lines: Line[] }>({ inventory_id: "", date: businessToday(), note: "", lines: [emptyLine()] });
  const { save, saving } = useWarehouseDocSave(WD.openingStock, id, form.applyServerErrors);
  const confirm = useConfirmAction();
  const record = useWarehouseDocRecord<OpeningStockRecord>(WD.openingStock, id, (r) =>
    form.reset({
      ...docHead(r),
      lines: r.lines.map((l) => ({
        item: savedItem(l),
        unit_id: String(l.unit_id),
        unit_name: l.unit_name,
        quantity: new Decimal(l.quantity).toFixed(),
        unit_cost: new Decimal(l.unit_cost).toFixed(),
        batch_no: l.batch_no ?? "",
        expire_date: l.expire_date ?? "",
      })),
    }),
  );
  const { set } = form;
  const setInventory = useCallback((v: string) => set("inventory_id", v), [set]);

  const lines = form.values.lines;
  const setLines = (next: Line[]) => form.set("lines", next);
  const total = lines.reduce((s, l) => s.plus(lineValue(l)), new Decimal(0));

  const submit = () => {
    const body = form.validate(ZInventoryOpeningBalance, {
      ...headBody(form.values),
      lines: lines.map((l) => ({
        item_id: l.item?.item_id ?? "",
        unit_id: l.unit_id,
        quantity: l.quantity,
        unit_cost: l.unit_cost || "0",
        batch_no: l.batch_no.trim() || null,
        expire_date: l.expire_date || null,
      })),
    });
    // Saving posts the goods and their value at once (an opening has no draft): asked first.
    if (body) confirm.ask(t("common:save"), `${t("openingStock.title")} ${fmt.sysMoney(total.toFixed())}`, () => save(body, onClose));
  };

  return (
    <WarehouseDocDialog
      section="openingStock"
      icon={<IconPackageImport size={20} />}
      id={id}
      form={form}
      onInventory={setInventory}
      loading={record.isPending}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
      testId="opening-stock"
    >
      {confirm.dialog}
      <WarehouseDocLinesEditor<Line>
        headers={[
          t("fields.item"),
          t("fields.unit"),
          t("fields.quantity"),
          t("fields.unitCost"),
          t("fields.batchNo"),
          t("fields.expireDate"),
          t("fields.value"),
        ]}
        lines={lines}
        onChange={setLines}
        keepOne
        minWidth={900}
        error={form.error("lines")}
        testId="opening-stock-lines"
        rowTestId="opening-stock-line"
        row={(l, i, setLine) => (
          <>
            <ItemUnitQuantityCells
              line={l}
              index={i}
              onChange={setLine}
              error={form.error}
              unitOf={(item) => item.default_unit ?? item.item_units[0]?.unit_fk}
            />
            <Table.Td>
              <MoneyInput
                aria-label={t("fields.unitCost")}
                size="xs"
                w={130}
                value={l.unit_cost}
                onChange={(unit_cost) => setLine({ unit_cost })}
                error={form.error(`lines.${i}.unit_cost`)}
                data-testid="line-cost"
              />
            </Table.Td>
            <BatchExpiryCells
              batchNo={l.batch_no}
              expireDate={l.expire_date}
              onChange={setLine}
              at={(field) => form.error(`lines.${i}.${field}`)}
              testIds={{ batch: "line-batch", expire: "line-expire" }}
            />
            <Table.Td>
              <span className="amount" data-testid="line-value">
                {fmt.sysMoney(lineValue(l).toFixed())}
              </span>
            </Table.Td>
          </>
        )}
      />
      <Group justify="space-between">
        <AddLineButton onClick={() => setLines([...lines, emptyLine()])} testId="opening-stock-add-line" />
        <Text fw={600}>
          {t("fields.totalValue")}:{" "}
          <span className="amount" data-testid="opening-stock-total">
            {fmt.sysMoney(total.toFixed())}
          </span>
        </Text>
      </Group>
    </WarehouseDocDialog>
  );
}

/** Opening stock per inventory: quantities, their cost and batches, posted against opening-balance equity. */
export function OpeningStockPage() {
  const [editing, setEditing] = useState<number | "new" | null>(null);
  return (
    <WarehouseDocList<OpeningStockRow>
      section="openingStock"
      columns={[
        { key: "items_count", label: "warehousedocs:fields.itemsCount" },
        { key: "total_value", label: "warehousedocs:fields.totalValue", format: "money" },
      ]}
      amountFilter
      add={{ testId: "opening-stock-new", onClick: () => setEditing("new") }}
      viewPath={(r) => String(r.id)}
      onEdit={(r) => setEditing(r.id)}
      dialogs={editing !== null && <OpeningStockForm id={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    />
  );
}
