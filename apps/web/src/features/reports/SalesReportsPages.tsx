import { Badge } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, type Query } from "../../shared/api/client";
import { docDay } from "../../shared/api/ledger";
import type { MessageBody } from "../../shared/api/types";
import { currenciesQuery, useCurrencyTotals } from "../../shared/CurrencyPicker";
import type { Column } from "../../shared/DataTable";
import { formatAmount, formatMoney, useFormat } from "../../shared/format";
import { ListPage } from "../../shared/ListPage";
import { ReportFilters, useReportFilters } from "../../shared/ReportFilters";
import { ChoiceField, IdSelect, useCategoryChoices } from "../../shared/reports/ReportFields";
import { periodQuery, useChoiceParam, useIdParam } from "../../shared/reports/reportParams";
import { useSeededNames } from "../../shared/seededNames";
import { InventorySelect } from "./StockReportsPages";
import "../../shared/amount.css";

interface Salesman {
  user_id: number;
  user_name: string;
  sale_man_name: string | null;
}

/**
 * The filters every sales report takes (the list protocol's): the period's presets, customer,
 * salesman, item, category and inventory, kept in the address; answers the query to send and the
 * lines a print shows under the title.
 */
function useSalesFilters() {
  const { t } = useTranslation("salesreports");
  const names = useSeededNames();
  const filters = useReportFilters("THIS_MONTH");
  const [customer, setCustomer] = useChoiceParam("customer");
  const [item, setItem] = useChoiceParam("item");
  const [salesmanId, setSalesmanId] = useIdParam("salesman");
  const [categoryId, setCategoryId] = useIdParam("category");
  const [inventoryId, setInventoryId] = useIdParam("inventory");
  const salesmen = useQuery({
    queryKey: ["reports/salesmen"],
    queryFn: async () => (await api<MessageBody<Salesman[]>>("reports/salesmen")).message,
    staleTime: 60_000,
  });
  const categories = useCategoryChoices();
  const salesmanOptions = (salesmen.data ?? []).map((s) => ({ value: String(s.user_id), label: s.sale_man_name ?? s.user_name }));
  const query: Query = {
    ...periodQuery(filters),
    customer_id: customer?.value,
    salesman_id: salesmanId ?? undefined,
    item_id: item?.value,
    category_id: categoryId ?? undefined,
    inventory_id: inventoryId ?? undefined,
  };
  const printLines = [
    customer && `${t("filters.customer")}: ${customer.label}`,
    salesmanId && `${t("filters.salesman")}: ${salesmanOptions.find((s) => s.value === String(salesmanId))?.label ?? ""}`,
    item && `${t("filters.item")}: ${item.label}`,
    categoryId && `${t("filters.category")}: ${categories.find((c) => c.value === String(categoryId))?.label ?? ""}`,
  ].filter((x): x is string => !!x);
  // Each filter is labelled by its key, reads "all" while nothing is chosen and is found by `report-{key}`.
  const field = (key: "customer" | "salesman" | "item" | "category") => ({
    label: t(`filters.${key}`),
    placeholder: t("filters.all"),
    "data-testid": `report-${key}`,
  });
  const toCustomer = (r: { consumer_id: number; consumer_name: string }) => ({ value: r.consumer_id, label: names.party(r.consumer_name) });
  const toItem = (r: { item_id: number; item_name: string }) => ({ value: r.item_id, label: r.item_name });
  const bar = (
    <ReportFilters filters={filters} currency={false}>
      <ChoiceField endpoint="customers" toChoice={toCustomer} value={customer} onChange={setCustomer} {...field("customer")} />
      <IdSelect data={salesmanOptions} value={salesmanId} onChange={setSalesmanId} w={200} {...field("salesman")} />
      <ChoiceField endpoint="items" toChoice={toItem} value={item} onChange={setItem} {...field("item")} />
      <IdSelect searchable data={categories} value={categoryId} onChange={setCategoryId} w={200} {...field("category")} />
      <InventorySelect value={inventoryId} onChange={setInventoryId} />
    </ReportFilters>
  );
  return { bar, query, printLines };
}

/** A footer of a system-currency total and the same in the other currency (IQD and USD), as the server converted it. */
function useSystemTotals() {
  const currencies = useQuery(currenciesQuery);
  const name = (id: string | undefined) => currencies.data?.find((c) => String(c.currency_id) === id)?.currency_name ?? "";
  return (key: string) => (sums: Record<string, string>) =>
    `\u2066${formatMoney(sums[key] ?? "0", sums.currency_id)} ${name(sums.currency_id)}\u2069 · \u2066${formatMoney(sums[`${key}_other`] ?? "0", sums.other_currency_id)} ${name(sums.other_currency_id)}\u2069`;
}

/** A system-currency amount column with its footer in both currencies. */
const money = <Row,>(key: string & keyof Row, label: string, footer: (s: Record<string, string>) => string): Column<Row> => ({
  key,
  label,
  format: "money",
  footer,
});

/** Each sales report's list: its endpoint, its export's model and the column it sorts by at first. */
const SALES_REPORTS = {
  sales: { endpoint: "reports/sales", model: "sales_report", defaultSort: "date" },
  itemsProfit: { endpoint: "reports/items_profit", model: "items_profit", defaultSort: "profit" },
  mostActive: { endpoint: "reports/most_active_items", model: "most_active_items", defaultSort: "qty" },
  promotions: { endpoint: "reports/promotions", model: "promotions_report", defaultSort: "discount" },
} as const;

/** A sales report's page: its title, the shared filters and its list (print and xlsx through the DataTable). */
function SalesReport<Row extends object>({
  name,
  ...props
}: {
  name: keyof typeof SALES_REPORTS;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
}) {
  const { bar, query, printLines } = useSalesFilters();
  return (
    <ListPage<Row> ns="salesreports" name={name} {...SALES_REPORTS[name]} above={bar} query={query} printLines={printLines} {...props} />
  );
}

interface SalesRow {
  row_id: number | string;
  doc: "sale" | "return";
  id: number;
  number: string | null;
  date: string;
  sale_kind: string;
  consumer_name: string;
  salesman_name: string | null;
  inventory_name: string;
  currency_name: string;
  gross: string;
  discount: string;
  net: string;
  tax: string;
  total: string;
  paid: string;
  remaining: string;
  revenue: string;
  cost: string;
  profit: string;
}

/** Sales (SPEC's reports/sales): every sale and sale return of the period, returns negative, with totals per currency. */
export function SalesReportPage() {
  const { t } = useTranslation("salesreports");
  const fmt = useFormat();
  const names = useSeededNames();
  const sys = useSystemTotals();
  const totals = {
    net: useCurrencyTotals("net"),
    discount: useCurrencyTotals("discount"),
    tax: useCurrencyTotals("tax"),
    total: useCurrencyTotals("total"),
    paid: useCurrencyTotals("paid"),
    remaining: useCurrencyTotals("remaining"),
  };
  const inCurrency = (key: keyof typeof totals) => ({
    key,
    label: `salesreports:fields.${key}`,
    format: "amount" as const,
    footer: totals[key],
    text: (r: SalesRow) => `${fmt.money(r[key], r.currency_name)} ${r.currency_name}`,
  });
  const columns: Column<SalesRow>[] = [
    { key: "number", label: "salesreports:fields.number" },
    { key: "date", label: "salesreports:fields.date", format: "date", text: (r) => fmt.date(docDay(r.date)) },
    {
      key: "sale_kind",
      label: "salesreports:fields.kind",
      text: (r) => t(`kinds.${r.sale_kind}`),
      render: (r) => (
        <Badge variant="light" color={r.doc === "return" ? "orange" : "blue"}>
          {t(`kinds.${r.sale_kind}`)}
        </Badge>
      ),
    },
    { key: "consumer_name", label: "salesreports:fields.customer", text: (r) => names.party(r.consumer_name) },
    { key: "salesman_name", label: "salesreports:fields.salesman" },
    { key: "inventory_name", label: "salesreports:fields.inventory", text: (r) => names.inventory(r.inventory_name) },
    inCurrency("discount"),
    inCurrency("net"),
    inCurrency("tax"),
    inCurrency("total"),
    inCurrency("paid"),
    inCurrency("remaining"),
    money("revenue", "salesreports:fields.revenue", sys("revenue")),
    money("cost", "salesreports:fields.cost", sys("cost")),
    money("profit", "salesreports:fields.profit", sys("profit")),
  ];
  return <SalesReport<SalesRow> name="sales" columns={columns} rowKey={(r) => r.row_id} />;
}

interface ItemRow {
  item_id: number;
  item_name: string;
  item_code: string | null;
  category_name: string | null;
  base_unit_name: string | null;
  qty_sold: string;
  qty_returned: string;
  qty: string;
  net_revenue: string;
  sales?: string;
  returns?: string;
  cost?: string;
  profit?: string;
  margin?: string | null;
  sales_count?: number;
  last_sold?: string | null;
}

function useItemColumns(): Column<ItemRow>[] {
  const names = useSeededNames();
  const qty = (v: string | null | undefined) => formatAmount(v ?? "0", 4);
  return [
    { key: "item_name", label: "salesreports:fields.item" },
    { key: "item_code", label: "salesreports:fields.item_code" },
    { key: "category_name", label: "salesreports:fields.category" },
    { key: "base_unit_name", label: "salesreports:fields.unit", text: (r) => names.unit(r.base_unit_name) },
    { key: "qty_sold", label: "salesreports:fields.qty_sold", format: "amount", text: (r) => qty(r.qty_sold) },
    { key: "qty_returned", label: "salesreports:fields.qty_returned", format: "amount", text: (r) => qty(r.qty_returned) },
    { key: "qty", label: "salesreports:fields.qty", format: "amount", text: (r) => qty(r.qty) },
  ];
}

/** Items profit (SPEC's reports/items-profit): revenue net of discounts and returns less the cost the goods left the stock with. */
export function ItemsProfitPage() {
  const sys = useSystemTotals();
  const columns: Column<ItemRow>[] = [
    ...useItemColumns(),
    money("sales", "salesreports:fields.sales", sys("sales")),
    money("returns", "salesreports:fields.returns", sys("returns")),
    money("net_revenue", "salesreports:fields.net_revenue", sys("net_revenue")),
    money("cost", "salesreports:fields.cogs", sys("cost")),
    money("profit", "salesreports:fields.profit", sys("profit")),
    { key: "margin", label: "salesreports:fields.margin", format: "percent" },
  ];
  return <SalesReport<ItemRow> name="itemsProfit" columns={columns} rowKey={(r) => r.item_id} />;
}

/** Most active items (SPEC's reports/most-active-items): the items sold most, net of returns, and how many sales they were in. */
export function MostActiveItemsPage() {
  const fmt = useFormat();
  const sys = useSystemTotals();
  const columns: Column<ItemRow>[] = [
    ...useItemColumns(),
    { key: "sales_count", label: "salesreports:fields.sales_count", format: "amount" },
    money("net_revenue", "salesreports:fields.net_revenue", sys("net_revenue")),
    { key: "last_sold", label: "salesreports:fields.last_sold", text: (r) => (r.last_sold ? fmt.date(docDay(r.last_sold)) : "") },
  ];
  return <SalesReport<ItemRow> name="mostActive" columns={columns} rowKey={(r) => r.item_id} />;
}

interface PromotionRow {
  promotion_id: number;
  title: string;
  reward_type: string;
  reward_value: string;
  start_date: string;
  end_date: string;
  is_active: boolean;
  lines_count: number;
  sales_count: number;
  qty: string;
  free_qty: string;
  discount: string;
  revenue: string;
}

/** Promotions (SPEC's reports/promotions): what each promotion did in the period: lines, sales, quantity, free units, discount given. */
export function PromotionsReportPage() {
  const { t } = useTranslation("salesreports");
  const fmt = useFormat();
  const sys = useSystemTotals();
  const columns: Column<PromotionRow>[] = [
    { key: "title", label: "salesreports:fields.promotion" },
    {
      key: "reward_type",
      label: "salesreports:fields.reward",
      text: (r) => t(`sales:promotions.rewardShort.${r.reward_type}`, { value: fmt.amount(r.reward_value) }),
    },
    { key: "start_date", label: "salesreports:fields.start_date", text: (r) => fmt.date(r.start_date) },
    { key: "end_date", label: "salesreports:fields.end_date", text: (r) => fmt.date(r.end_date) },
    { key: "is_active", label: "salesreports:fields.is_active" },
    { key: "lines_count", label: "salesreports:fields.lines_count", format: "amount" },
    { key: "sales_count", label: "salesreports:fields.sales_count", format: "amount" },
    { key: "qty", label: "salesreports:fields.qty", format: "amount" },
    { key: "free_qty", label: "salesreports:fields.free_qty", format: "amount" },
    money("discount", "salesreports:fields.promotion_discount", sys("discount")),
    money("revenue", "salesreports:fields.net_revenue", sys("revenue")),
  ];
  return <SalesReport<PromotionRow> name="promotions" columns={columns} rowKey={(r) => r.promotion_id} />;
}
