import { Badge, Group } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Choice } from "../../shared/Autocomplete";
import { api } from "../../shared/api/client";
import { docDay } from "../../shared/api/ledger";
import { brandsListQuery } from "../../shared/api/settings";
import type { ListBody } from "../../shared/api/types";
import { type Column, DataTable, type FilterField } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { ChooseFirst, ListPage, selectFilter } from "../../shared/ListPage";
import { PageHeader } from "../../shared/PageHeader";
import { ReportFilters, useReportFilters } from "../../shared/ReportFilters";
import { ChoiceField, IdSelect, useCategoryChoices, useInventoryChoices } from "../../shared/reports/ReportFields";
import { periodQuery, useIdParam } from "../../shared/reports/reportParams";
import { SourceCell, sourceText } from "../../shared/SourceCell";
import { useSeededNames } from "../../shared/seededNames";
import "../../shared/amount.css";

interface Movement {
  movement_id: number;
  date: string;
  is_opening: boolean;
  source_type: string;
  source_id: number | null;
  /** The document's number (PUR-000001); null for a source that has none. */
  source_no: string | null;
  is_reversal: boolean;
  inventory_name: string | null;
  batch_no: string | null;
  expire_date: string | null;
  unit_name: string | null;
  unit_qty: string | null;
  qty_in: string | null;
  qty_out: string | null;
  balance: string;
  unit_cost: string | null;
  value: string | null;
}

interface ItemRow {
  item_id: number;
  item_name: string;
  item_code?: string | null;
}

/** The report filter by inventory, for every inventory while none is chosen. */
export function InventorySelect({ value, onChange }: { value: number | null; onChange: (v: number | null) => void }) {
  const { t } = useTranslation("stockreports");
  const inventories = useInventoryChoices();
  return (
    <IdSelect
      label={t("inventory")}
      placeholder={t("allInventories")}
      data={inventories}
      value={value}
      onChange={onChange}
      w={220}
      data-testid="report-inventory"
    />
  );
}

/** A movement's document as people know it: its number, or its id for a source without one. */
const documentNo = (r: Movement) => r.source_no ?? (r.source_id === null ? null : String(r.source_id));

/**
 * Every movement of one item (SPEC's reports/item-transaction): what came in and went out, from
 * which document, inventory, batch and expiry, with the running balance in the base unit after
 * the quantity before the period.
 */
export function ItemTransactionPage() {
  const { t } = useTranslation("stockreports");
  const fmt = useFormat();
  const names = useSeededNames();
  const filters = useReportFilters("THIS_YEAR");
  const [itemId, setItemId] = useIdParam("item");
  const [inventoryId, setInventoryId] = useIdParam("inventory");
  const query = { item_id: itemId ?? undefined, inventory_id: inventoryId ?? undefined, ...periodQuery(filters) };
  const head = useQuery({
    queryKey: ["reports/item_transactions", "head", query],
    queryFn: async () => (await api<ListBody<Movement>>("reports/item_transactions", { query: { ...query, per_page: 1 } })).data,
    enabled: itemId !== null,
    meta: { silent: true },
  });
  const footer = head.data?.footer ?? {};
  const inventoryName = useInventoryChoices().find((i) => i.value === String(inventoryId))?.label;
  const choice: Choice | null = itemId ? { value: itemId, label: footer.item_name ?? "" } : null;
  const qty = (v: string | null | undefined) => (v === null || v === undefined ? "" : fmt.amount(v));
  const columns: Column<Movement>[] = [
    // Date and time: the rows of a day follow one another by the time of each document.
    { key: "date", label: "stockreports:fields.date", text: (r) => (r.is_opening ? fmt.date(docDay(r.date)) : fmt.dateTime(r.date)) },
    {
      key: "source_type",
      label: "stockreports:fields.source",
      text: (r) =>
        r.is_opening ? t("openingQty") : sourceText((key, options) => t(`ledger:${key}`, options), r.source_type, documentNo(r)),
      render: (r) => (r.is_opening ? t("openingQty") : <SourceCell type={r.source_type} number={documentNo(r)} reversal={r.is_reversal} />),
    },
    {
      key: "inventory_name",
      label: "stockreports:fields.inventory",
      text: (r) => (r.inventory_name ? names.inventory(r.inventory_name) : ""),
    },
    { key: "batch_no", label: "stockreports:fields.batch_no" },
    { key: "expire_date", label: "stockreports:fields.expire_date", text: (r) => (r.expire_date ? fmt.date(r.expire_date) : "") },
    { key: "qty_in", label: "stockreports:fields.qty_in", format: "amount", text: (r) => qty(r.qty_in), footer: (s) => qty(s.qty_in) },
    { key: "qty_out", label: "stockreports:fields.qty_out", format: "amount", text: (r) => qty(r.qty_out), footer: (s) => qty(s.qty_out) },
    {
      key: "balance",
      label: "stockreports:fields.balance",
      format: "amount",
      render: (r) => (
        <span className="amount" data-testid="it-balance">
          {qty(r.balance)}
        </span>
      ),
      text: (r) => qty(r.balance),
      footer: (s) => qty(s.closing),
    },
    { key: "unit_cost", label: "stockreports:fields.unit_cost", format: "money" },
  ];
  return (
    <>
      <PageHeader title={t("itemTransaction.title")} description={t("itemTransaction.description")} />
      <ReportFilters filters={filters} currency={false}>
        <ChoiceField<ItemRow>
          minWidth={280}
          endpoint="items"
          label={t("item")}
          placeholder={t("chooseItem")}
          toChoice={(r) => ({ value: r.item_id, label: r.item_name })}
          value={choice}
          onChange={(c) => setItemId(c?.value ?? null)}
          data-testid="report-item"
        />
        <InventorySelect value={inventoryId} onChange={setInventoryId} />
      </ReportFilters>
      {itemId === null ? (
        <ChooseFirst testId="report-choose" />
      ) : (
        <>
          {head.data && (
            <Group gap="sm" mb="sm">
              <Badge size="lg" variant="light" color="gray">
                {t("baseUnit")}: {names.unit(footer.base_unit)}
              </Badge>
              <Badge size="lg" variant="light" color="blue">
                {t("openingQty")}: {qty(footer.opening)}
              </Badge>
              <Badge size="lg" variant="light" color="teal" data-testid="it-closing">
                {t("closingQty")}: {qty(footer.closing)}
              </Badge>
            </Group>
          )}
          <DataTable<Movement>
            key={`${itemId}-${inventoryId}`}
            endpoint="reports/item_transactions"
            model="item_transactions"
            title="stockreports:itemTransaction.title"
            columns={columns}
            rowKey={(r) => r.movement_id}
            defaultSort="date"
            defaultDir="asc"
            query={query}
            printLines={[
              `${t("item")}: ${footer.item_name ?? ""}`,
              `${t("inventory")}: ${inventoryName ?? t("allInventories")}`,
              `${t("baseUnit")}: ${names.unit(footer.base_unit)}`,
            ]}
          />
        </>
      )}
    </>
  );
}

interface InventoryRow {
  inventory_id: number;
  inventory_name: string;
  items_count: number;
  qty: string;
  value: string;
  expired_items: number;
}

/** Each stock list report's list: its endpoint, its export's model and the column it sorts by at first (ascending). */
const STOCK_REPORTS = {
  inventories: { endpoint: "reports/inventories", model: "inventories_report", defaultSort: "inventory_name" },
  expiredItems: { endpoint: "reports/expired_items", model: "expired_items", defaultSort: "expire_date" },
} as const;

/** A stock list report's page: its title, its list and the list's filters. */
function StockReport<Row extends object>({
  name,
  ...props
}: {
  name: keyof typeof STOCK_REPORTS;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  filters: FilterField[];
}) {
  return <ListPage<Row> ns="stockreports" name={name} {...STOCK_REPORTS[name]} defaultDir="asc" {...props} />;
}

/** Quantity and value per inventory (SPEC's reports/inventories), narrowed by category or brand. */
export function InventoriesReportPage() {
  const names = useSeededNames();
  const categories = useCategoryChoices();
  const brands = useQuery(brandsListQuery);
  const columns: Column<InventoryRow>[] = [
    { key: "inventory_name", label: "stockreports:fields.inventory", text: (r) => names.inventory(r.inventory_name) },
    { key: "items_count", label: "stockreports:fields.items_count", format: "amount" },
    { key: "qty", label: "stockreports:fields.qty", format: "amount" },
    { key: "value", label: "stockreports:fields.value", format: "money" },
    { key: "expired_items", label: "stockreports:fields.expired_items", format: "amount" },
  ];
  return (
    <StockReport<InventoryRow>
      name="inventories"
      columns={columns}
      rowKey={(r) => r.inventory_id}
      filters={[
        selectFilter("category_id", "stockreports:fields.category", categories),
        selectFilter(
          "brand_id",
          "stockreports:fields.brand",
          (brands.data ?? []).map((b) => ({ value: String(b.brand_id), label: b.brand_name })),
        ),
      ]}
    />
  );
}

interface ExpiryRow {
  row_id: number;
  item_name: string;
  item_code: string | null;
  inventory_name: string;
  batch_no: string | null;
  expire_date: string;
  days_left: number;
  is_expired: boolean;
  base_unit_name: string | null;
  qty: string;
  value: string;
}

/** Batches in stock that expired or expire within their item's alert days (SPEC's reports/expired-items), soonest first. */
export function ExpiredItemsPage() {
  const { t } = useTranslation("stockreports");
  const fmt = useFormat();
  const names = useSeededNames();
  const inventories = useInventoryChoices();
  const columns: Column<ExpiryRow>[] = [
    { key: "item_name", label: "stockreports:fields.item" },
    { key: "item_code", label: "stockreports:fields.item_code" },
    { key: "inventory_name", label: "stockreports:fields.inventory", text: (r) => names.inventory(r.inventory_name) },
    { key: "batch_no", label: "stockreports:fields.batch_no" },
    { key: "expire_date", label: "stockreports:fields.expire_date", text: (r) => fmt.date(r.expire_date) },
    {
      key: "days_left",
      label: "stockreports:fields.days_left",
      text: (r) => (r.is_expired ? t("expired") : String(r.days_left)),
      render: (r) =>
        r.is_expired ? (
          <Badge color="red" variant="light" data-testid="expired-badge">
            {t("expired")}
          </Badge>
        ) : (
          <Badge color="orange" variant="light">
            {t("daysLeft", { count: r.days_left })}
          </Badge>
        ),
    },
    { key: "qty", label: "stockreports:fields.qty", format: "amount" },
    { key: "base_unit_name", label: "stockreports:fields.unit", text: (r) => names.unit(r.base_unit_name) },
    { key: "value", label: "stockreports:fields.value", format: "money" },
  ];
  return (
    <StockReport<ExpiryRow>
      name="expiredItems"
      columns={columns}
      rowKey={(r) => r.row_id}
      filters={[
        selectFilter("is_expired", "stockreports:fields.status", [
          { value: "1", label: "stockreports:expired" },
          { value: "0", label: "stockreports:nearExpiry" },
        ]),
        selectFilter("inventory_id", "stockreports:fields.inventory", inventories),
      ]}
    />
  );
}
