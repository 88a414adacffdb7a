import { normalizeSearch, ZInventoryAdjustment } from "@app/contracts";
import { Checkbox, Table, Text, TextInput } from "@mantine/core";
import { IconClipboardList, IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import Decimal from "decimal.js";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { businessToday } from "../../shared/businessTime";
import { useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { AdjustmentFoundLines, type FoundLine } from "./AdjustmentFoundLines";
import { docHead, headBody, savedItem, useWarehouseDocRecord, useWarehouseDocSave, WarehouseDocDialog } from "./WarehouseDocForm";
import { LinesError } from "./WarehouseDocLineCells";
import { docStatus, WarehouseDocList } from "./WarehouseDocList";
import { countSheetQuery, ROUTES, WD } from "./warehouseDocs.queries";
import "../../shared/amount.css";

export interface AdjustmentRow {
  id: number;
  number: string | null;
  date: string;
  inventory_name: string;
  status: "draft" | "complete";
  set_not_adjusted_to_zero: boolean;
  items_count: number;
  gain_value: string;
  loss_value: string;
  note: string | null;
  created_by_name: string | null;
}

export interface AdjustmentLine {
  id: number;
  item_id: number;
  item_name: string;
  base_unit_name: string | null;
  batch_id: number | null;
  batch_no: string | null;
  expire_date: string | null;
  counted_qty: string;
  theoretical_qty: string;
  difference: string;
  value: string | null;
}

export interface AdjustmentRecord extends AdjustmentRow {
  inventory_fk: number;
  lines: AdjustmentLine[];
}

const difference = (counted: string, theoretical: string) => {
  try {
    return new Decimal(counted).minus(theoretical);
  } catch {
    return null;
  }
};

/** The count sheet: what the inventory should hold per item and batch, and what was counted. */
function CountSheet({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation("warehousedocs");
  const fmt = useFormat();
  const names = useSeededNames();
  const navigate = useNavigate();
  const form = useZodForm({ inventory_id: "", date: businessToday(), note: "", set_not_adjusted_to_zero: false });
  // Counted quantities by batch id, as typed.
  const [counted, setCounted] = useState<Record<number, string>>({});
  const [filter, setFilter] = useState("");
  const [found, setFound] = useState<FoundLine[]>([]);
  const inventoryId = form.values.inventory_id ? Number(form.values.inventory_id) : null;
  const sheet = useQuery(countSheetQuery(inventoryId));
  const { save, saving } = useWarehouseDocSave(WD.adjustments, id, form.applyServerErrors);
  const record = useWarehouseDocRecord<AdjustmentRecord>(WD.adjustments, id, (r) => {
    form.reset({ ...docHead(r), set_not_adjusted_to_zero: r.set_not_adjusted_to_zero });
    setCounted(Object.fromEntries(r.lines.filter((l) => l.batch_id).map((l) => [l.batch_id, new Decimal(l.counted_qty).toFixed()])));
    setFound(
      r.lines
        .filter((l) => !l.batch_id)
        .map((l) => ({
          item: savedItem(l),
          batch_no: l.batch_no ?? "",
          expire_date: l.expire_date ?? "",
          counted: new Decimal(l.counted_qty).toFixed(),
        })),
    );
  });
  const { set } = form;
  // Another inventory has another sheet: what was typed for the last one goes.
  const onInventory = useCallback(
    (v: string) => {
      set("inventory_id", v);
      setCounted({});
    },
    [set],
  );

  const rows = sheet.data ?? [];
  const term = normalizeSearch(filter.trim());
  const shown = term ? rows.filter((r) => normalizeSearch(`${r.item_name} ${r.item_code ?? ""} ${r.batch_no ?? ""}`).includes(term)) : rows;

  const submit = () => {
    const lines = rows
      .filter((r) => (counted[r.batch_id] ?? "") !== "")
      .map((r): Record<string, unknown> => ({ item_id: r.item_id, batch_id: r.batch_id, counted_qty: counted[r.batch_id] }))
      .concat(
        found.map((f) => ({
          item_id: f.item?.item_id ?? "",
          batch_no: f.batch_no.trim() || null,
          expire_date: f.expire_date || null,
          counted_qty: f.counted,
        })),
      );
    const body = form.validate(ZInventoryAdjustment, {
      ...headBody(form.values),
      set_not_adjusted_to_zero: form.values.set_not_adjusted_to_zero,
      lines,
    });
    if (!body) return;
    save(body, (savedId) => {
      onClose();
      if (savedId) navigate(`${ROUTES.adjustments}/view/${savedId}`);
    });
  };

  return (
    <WarehouseDocDialog
      section="adjustments"
      icon={<IconClipboardList size={20} />}
      id={id}
      form={form}
      onInventory={onInventory}
      loading={record.isPending}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
      testId="count-sheet"
      head={
        <TextInput
          label={t("adjustments.findOnSheet")}
          leftSection={<IconSearch size={16} />}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
          data-testid="count-sheet-filter"
        />
      }
    >
      <Checkbox
        label={t("fields.setNotAdjustedToZero")}
        description={t("adjustments.setZeroHelp")}
        checked={form.values.set_not_adjusted_to_zero}
        onChange={(e) => form.set("set_not_adjusted_to_zero", e.currentTarget.checked)}
        data-testid="count-sheet-set-zero"
      />
      <Table.ScrollContainer minWidth={800}>
        <Table striped verticalSpacing={4} data-testid="count-sheet">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("fields.item")}</Table.Th>
              <Table.Th>{t("fields.batchNo")}</Table.Th>
              <Table.Th>{t("fields.expireDate")}</Table.Th>
              <Table.Th>{t("fields.unit")}</Table.Th>
              <Table.Th>{t("fields.theoreticalQty")}</Table.Th>
              <Table.Th>{t("fields.countedQty")}</Table.Th>
              <Table.Th>{t("fields.difference")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r) => {
              const typed = counted[r.batch_id] ?? "";
              const diff =
                typed === ""
                  ? form.values.set_not_adjusted_to_zero
                    ? new Decimal(r.theoretical_qty).neg()
                    : null
                  : difference(typed, r.theoretical_qty);
              return (
                <Table.Tr key={r.batch_id} data-testid="count-sheet-row">
                  <Table.Td>{r.item_name}</Table.Td>
                  <Table.Td dir="ltr">{r.batch_no ?? ""}</Table.Td>
                  <Table.Td>{r.expire_date ? fmt.date(r.expire_date) : ""}</Table.Td>
                  <Table.Td>{names.unit(r.base_unit_name)}</Table.Td>
                  <Table.Td className="amount">{fmt.amount(r.theoretical_qty)}</Table.Td>
                  <Table.Td>
                    <MoneyInput
                      aria-label={`${t("fields.countedQty")}: ${r.item_name} ${r.batch_no ?? ""}`.trim()}
                      size="xs"
                      w={120}
                      zeroWhenEmpty={false}
                      value={typed}
                      onChange={(v) => setCounted((c) => ({ ...c, [r.batch_id]: v }))}
                      data-testid="count-sheet-counted"
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text
                      span
                      className="amount"
                      c={diff === null || diff.isZero() ? undefined : diff.gt(0) ? "green" : "red"}
                      data-testid="count-sheet-difference"
                    >
                      {diff === null ? "" : fmt.amount(diff.toFixed())}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!sheet.isPending && rows.length === 0 && <Text c="dimmed">{t("adjustments.emptySheet")}</Text>}
      <AdjustmentFoundLines
        lines={found}
        onChange={setFound}
        error={form.error}
        offset={rows.filter((r) => (counted[r.batch_id] ?? "") !== "").length}
      />
      <LinesError message={form.error("lines")} />
    </WarehouseDocDialog>
  );
}

/** Inventory counts: drafts until completed, then their gains and losses are posted. */
export function AdjustmentPage() {
  const { t } = useTranslation("warehousedocs");
  const navigate = useNavigate();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const status = docStatus<AdjustmentRow>(t);
  return (
    <WarehouseDocList<AdjustmentRow>
      section="adjustments"
      columns={[
        status.column,
        { key: "set_not_adjusted_to_zero", label: "warehousedocs:fields.setNotAdjustedToZero" },
        { key: "items_count", label: "warehousedocs:fields.itemsCount" },
        { key: "gain_value", label: "warehousedocs:fields.gainValue", format: "money" },
        { key: "loss_value", label: "warehousedocs:fields.lossValue", format: "money" },
      ]}
      filters={[status.filter]}
      add={{ testId: "count-sheet-new", onClick: () => setEditing("new") }}
      viewPath={(r) => String(r.id)}
      // A completed count opens as it is.
      onEdit={(r) => (r.status === "draft" ? setEditing(r.id) : navigate(`${ROUTES.adjustments}/view/${r.id}`))}
      dialogs={editing !== null && <CountSheet id={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    />
  );
}
