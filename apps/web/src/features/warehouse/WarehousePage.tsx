import { Badge, Group, ScrollArea, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconCalendarExclamation, IconStack2, IconTags } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { inventoriesListQuery } from "../../shared/api/settings";
import { type Column, DataTable, type FilterField } from "../../shared/DataTable";
import { AppDialog } from "../../shared/DialogHeader";
import { formatAmount, useFormat } from "../../shared/format";
import { LABELS_PERMISSION, Labels } from "../../shared/labels";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { batchesQuery, STOCK_EP, type StockRow } from "./stock.queries";
import "../../shared/amount.css";

/** Quantities: up to 4 decimals, grouped. */
export const qty = (v: string | null | undefined) => formatAmount(v, 4);

/** The batches of one item in one inventory: number, expiry, days left, quantity in every unit, value. */
function BatchesDialog({ row, onClose }: { row: StockRow; onClose: () => void }) {
  const { t } = useTranslation("stock");
  const fmt = useFormat();
  const names = useSeededNames();
  const batches = useQuery(batchesQuery(row.item_id, row.inventory_id));
  return (
    <AppDialog
      onClose={onClose}
      size="xl"
      testId="stock-batches"
      title={`${row.item_name} · ${names.inventory(row.inventory_name)}`}
      icon={<IconStack2 size={20} />}
    >
      <ScrollArea p="lg">
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("fields.batch_no")}</Table.Th>
              <Table.Th>{t("fields.expire_date")}</Table.Th>
              <Table.Th>{t("fields.days_to_expiry")}</Table.Th>
              <Table.Th>{t("fields.qty")}</Table.Th>
              <Table.Th>{t("fields.value")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(batches.data ?? []).map((b) => (
              <Table.Tr key={b.batch_id} data-testid="batch-row">
                <Table.Td>{b.batch_no ?? "—"}</Table.Td>
                <Table.Td>{b.expire_date ? fmt.date(b.expire_date) : t("noExpiry")}</Table.Td>
                <Table.Td>
                  {b.days_to_expiry === null ? (
                    ""
                  ) : b.days_to_expiry < 0 ? (
                    <Badge color="red" variant="light">
                      {t("expired")}
                    </Badge>
                  ) : (
                    <span className="amount">{b.days_to_expiry}</span>
                  )}
                </Table.Td>
                <Table.Td>
                  {(b.units ?? []).map((u) => (
                    <Text key={u.unit_id} size="sm">
                      <span className="amount">{qty(u.quantity)}</span> {names.unit(u.unit_name)}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>
                  <span className="amount">{fmt.sysMoney(b.value)}</span>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {batches.data?.length === 0 && <Text c="dimmed">{t("noBatches")}</Text>}
      </ScrollArea>
    </AppDialog>
  );
}

/** The labels of what an inventory holds of an item: one per base unit of each batch, with the batch's expiry. */
function StockLabels({ row, onClose }: { row: StockRow; onClose: () => void }) {
  const batches = useQuery(batchesQuery(row.item_id, row.inventory_id));
  if (!batches.data) return null;
  const inStock = batches.data.filter((b) => Number(b.qty) > 0);
  return (
    <Labels
      initial={
        inStock.length
          ? inStock.map((b) => ({ item_id: row.item_id, unit: "base" as const, quantity: Number(b.qty), expire_date: b.expire_date }))
          : [{ item_id: row.item_id, unit: "base", quantity: Math.max(0, Number(row.qty)) }]
      }
      onClose={onClose}
    />
  );
}

/** An expired batch is labelled expired, not near expiry. */
export const expiryFlag = (r: Pick<StockRow, "is_expired" | "is_near_expiry">): "expired" | "nearExpiry" | null =>
  r.is_expired ? "expired" : r.is_near_expiry ? "nearExpiry" : null;

/**
 * Stock on hand per item and inventory (`/warehouse/warehouse`): quantity, value at average cost,
 * the nearest expiry, shortage and near-expiry flags with their filters; each row opens its batches.
 */
export function WarehousePage() {
  const { t } = useTranslation("stock");
  const names = useSeededNames();
  const inventories = useQuery(inventoriesListQuery);
  const [open, setOpen] = useState<StockRow | null>(null);
  const [labels, setLabels] = useState<StockRow | null>(null);
  const yesNo = [
    { value: "1", label: "common:yes" },
    { value: "0", label: "common:no" },
  ];
  const columns: Column<StockRow>[] = [
    { key: "item_name", label: "stock:fields.item" },
    { key: "item_code", label: "stock:fields.item_code" },
    { key: "inventory_name", label: "stock:fields.inventory", text: (r) => names.inventory(r.inventory_name) },
    {
      key: "qty",
      label: "stock:fields.qty",
      format: "amount",
      text: (r) => `${qty(r.qty)} ${names.unit(r.base_unit_name ?? "")}`.trim(),
    },
    { key: "avg_cost", label: "stock:fields.avg_cost", format: "money" },
    { key: "value", label: "stock:fields.value", format: "money" },
    { key: "next_expiry", label: "stock:fields.next_expiry", format: "date" },
    {
      key: "is_shortage",
      label: "stock:fields.flags",
      text: (r) => [r.is_shortage ? "shortage" : null, expiryFlag(r)].flatMap((k) => (k ? [t(k)] : [])).join(", "),
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          {r.is_shortage && (
            <Badge color="orange" variant="light" leftSection={<IconAlertTriangle size={12} />} data-testid="flag-shortage">
              {t("shortage")}
            </Badge>
          )}
          {r.is_expired ? (
            <Badge color="red" variant="filled" leftSection={<IconCalendarExclamation size={12} />} data-testid="flag-expired">
              {t("expired")}
            </Badge>
          ) : (
            r.is_near_expiry && (
              <Badge color="red" variant="light" leftSection={<IconCalendarExclamation size={12} />} data-testid="flag-near-expiry">
                {t("nearExpiry")}
              </Badge>
            )
          )}
        </Group>
      ),
    },
  ];
  const filters: FilterField[] = [
    {
      key: "inventory_id",
      label: "stock:fields.inventory",
      type: "select",
      options: (inventories.data ?? []).map((i) => ({ value: String(i.inventory_id), label: names.inventory(i.inventory_name) })),
    },
    { key: "is_shortage", label: "stock:shortage", type: "select", options: yesNo },
    { key: "is_near_expiry", label: "stock:nearExpiry", type: "select", options: yesNo },
    { key: "in_stock", label: "stock:inStock", type: "select", options: yesNo },
  ];
  return (
    <>
      <PageHeader title={t("warehouse.title")} description={t("warehouse.description")} />
      <DataTable<StockRow>
        endpoint={STOCK_EP.stocks}
        model="stocks"
        title="stock:warehouse.title"
        columns={columns}
        rowKey={(r) => r.stock_id}
        filters={filters}
        defaultSort="item_name"
        defaultDir="asc"
        actions={[
          { key: "batches", label: "stock:batches", icon: IconStack2, permission: ["stocks/index", "stocks/show"], onClick: setOpen },
          { key: "labels", label: "labels:open", icon: IconTags, permission: LABELS_PERMISSION, onClick: setLabels },
        ]}
      />
      {open && <BatchesDialog row={open} onClose={() => setOpen(null)} />}
      {labels && <StockLabels row={labels} onClose={() => setLabels(null)} />}
    </>
  );
}
