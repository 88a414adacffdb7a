import "@mantine/charts/styles.css";
import type { Dashboard } from "@app/contracts";
import { AreaChart, BarChart } from "@mantine/charts";
import { SimpleGrid } from "@mantine/core";
import Decimal from "decimal.js";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";
import { ChartPanel, FigureAnchor, FigureTable } from "./DashboardParts";
import { FIGURE_LINKS, type LinkScope } from "./dashboardLinks";

const HEIGHT = 260;
/** Drawn figures only: the tables beside them show the exact decimals. */
const num = (v: string) => new Decimal(v || "0").toNumber();

/**
 * Axis and tooltip settings that read right to left in Arabic and Kurdish: the category axis
 * runs from the right, the value axis stands on the right, and the tooltip and legend are
 * written right to left (the chart's own box stays left to right, its drawing is mirrored by
 * its axes). A bar chart laid on its side (`vertical`) swaps which axis is which.
 */
function direction(rtl: boolean, vertical = false) {
  const tick = { fontSize: 12, fill: "currentColor", transform: rtl ? "translate(10, 0)" : "translate(-10, 0)" };
  return {
    xAxisProps: { reversed: rtl },
    yAxisProps: vertical
      ? { orientation: rtl ? ("right" as const) : ("left" as const), width: 130, tick, tickFormatter: (v: string) => short(String(v)) }
      : { orientation: rtl ? ("right" as const) : ("left" as const), width: 80, tick },
    styles: {
      tooltip: { direction: rtl ? ("rtl" as const) : ("ltr" as const) },
      legend: { direction: rtl ? ("rtl" as const) : ("ltr" as const) },
    },
    // The figures are in the tables for keyboards and screen readers; the drawing is not a stop of its own.
    accessibilityLayer: false,
  };
}

const short = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);

/** The dashboard's charts, each also a table: sales by day and by hour, top items and customers, by outlet, and stock value by inventory. */
export function DashboardCharts({
  data,
  scope,
  outletHref,
}: {
  data: Dashboard;
  scope: LinkScope;
  outletHref: (outletId: number) => string;
}) {
  const { t } = useTranslation("dashboard");
  const fmt = useFormat();
  const names = useSeededNames();
  const rtl = fmt.rtl;
  const money = (v: string | number) => fmt.money(String(v), data.currency_id);
  const plain = (v: number) => fmt.amount(Math.round(v));
  const series = [{ name: "net", label: t("columns.netSales"), color: "blue.6" }];
  const hasSales = (data.by_day ?? []).some((d) => !new Decimal(d.net_sales).isZero() || d.count > 0);
  const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
  const hourLabel = (h: number) => `${String(h).padStart(2, "0")}:00`;

  const panels = [];

  if (data.by_day) {
    const rows = data.by_day;
    panels.push(
      <ChartPanel
        key="byDay"
        title={t("charts.byDay")}
        testId="chart-by-day"
        empty={!hasSales}
        // A bar a day while the days are few (a line through one or two points says little), a line past a month.
        chart={() =>
          rows.length <= 31 ? (
            <BarChart
              h={HEIGHT}
              data={rows.map((r) => ({ label: dayLabel(r.day), net: num(r.net_sales) }))}
              dataKey="label"
              series={series}
              maxBarWidth={48}
              valueFormatter={plain}
              {...direction(rtl)}
            />
          ) : (
            <AreaChart
              h={HEIGHT}
              data={rows.map((r) => ({ label: dayLabel(r.day), net: num(r.net_sales) }))}
              dataKey="label"
              series={series}
              curveType="monotone"
              valueFormatter={plain}
              {...direction(rtl)}
            />
          )
        }
        table={(linked) => (
          <FigureTable
            caption={t("charts.byDay")}
            rows={rows}
            rowKey={(r) => r.day}
            linked={linked}
            testId="figures-by-day"
            columns={[
              { label: t("columns.day"), cell: (r) => fmt.date(r.day) },
              {
                label: t("columns.netSales"),
                numeric: true,
                cell: (r, l) => (
                  <FigureAnchor link={FIGURE_LINKS.salesReportDay(scope, r.day)} linked={l}>
                    {money(r.net_sales)}
                  </FigureAnchor>
                ),
              },
              { label: t("columns.count"), numeric: true, cell: (r) => fmt.amount(r.count) },
            ]}
          />
        )}
      />,
    );
  }

  if (data.by_hour) {
    const rows = data.by_hour;
    panels.push(
      <ChartPanel
        key="byHour"
        title={t("charts.byHour")}
        testId="chart-by-hour"
        empty={!hasSales}
        chart={() => (
          <BarChart
            h={HEIGHT}
            data={rows.map((r) => ({ label: hourLabel(r.hour), net: num(r.net_sales) }))}
            dataKey="label"
            series={series}
            valueFormatter={plain}
            {...direction(rtl)}
          />
        )}
        table={(linked) => (
          <FigureTable
            caption={t("charts.byHour")}
            rows={rows.filter((r) => r.count > 0 || !new Decimal(r.net_sales).isZero())}
            rowKey={(r) => r.hour}
            linked={linked}
            columns={[
              { label: t("columns.hour"), cell: (r) => t("hourRange", { from: hourLabel(r.hour), to: hourLabel((r.hour + 1) % 24) }) },
              {
                label: t("columns.netSales"),
                numeric: true,
                cell: (r, l) => (
                  <FigureAnchor link={FIGURE_LINKS.salesReport(scope)} linked={l}>
                    {money(r.net_sales)}
                  </FigureAnchor>
                ),
              },
              { label: t("columns.count"), numeric: true, cell: (r) => fmt.amount(r.count) },
            ]}
          />
        )}
      />,
    );
  }

  if (data.top_items) {
    const rows = data.top_items;
    panels.push(
      <ChartPanel
        key="topItems"
        title={t("charts.topItems")}
        testId="chart-top-items"
        empty={rows.length === 0}
        chart={() => (
          <BarChart
            h={HEIGHT}
            orientation="vertical"
            data={rows.map((r) => ({ label: r.item_name, net: num(r.net_sales) }))}
            dataKey="label"
            series={series}
            valueFormatter={plain}
            {...direction(rtl, true)}
          />
        )}
        table={(linked) => (
          <FigureTable
            caption={t("charts.topItems")}
            rows={rows}
            rowKey={(r) => r.item_id}
            linked={linked}
            testId="figures-top-items"
            columns={[
              {
                label: t("columns.item"),
                cell: (r, l) => (
                  <FigureAnchor link={FIGURE_LINKS.item(r.item_id)} linked={l} testId="top-item-link">
                    {r.item_name}
                  </FigureAnchor>
                ),
              },
              { label: t("columns.quantity"), numeric: true, cell: (r) => fmt.amount(r.quantity) },
              { label: t("columns.netSales"), numeric: true, cell: (r) => money(r.net_sales) },
            ]}
          />
        )}
      />,
    );
  }

  if (data.top_customers) {
    const rows = data.top_customers;
    panels.push(
      <ChartPanel
        key="topCustomers"
        title={t("charts.topCustomers")}
        testId="chart-top-customers"
        empty={rows.length === 0}
        chart={() => (
          <BarChart
            h={HEIGHT}
            orientation="vertical"
            data={rows.map((r) => ({ label: names.party(r.customer_name), net: num(r.net_sales) }))}
            dataKey="label"
            series={[{ name: "net", label: t("columns.netSales"), color: "teal.6" }]}
            valueFormatter={plain}
            {...direction(rtl, true)}
          />
        )}
        table={(linked) => (
          <FigureTable
            caption={t("charts.topCustomers")}
            rows={rows}
            rowKey={(r) => r.customer_id}
            linked={linked}
            columns={[
              { label: t("columns.customer"), cell: (r) => names.party(r.customer_name) },
              {
                label: t("columns.netSales"),
                numeric: true,
                cell: (r, l) => (
                  <FigureAnchor link={FIGURE_LINKS.customerSales(scope, r.customer_id)} linked={l}>
                    {money(r.net_sales)}
                  </FigureAnchor>
                ),
              },
              { label: t("columns.count"), numeric: true, cell: (r) => fmt.amount(r.count) },
            ]}
          />
        )}
      />,
    );
  }

  if (data.by_outlet) {
    const rows = data.by_outlet;
    const outletName = (r: (typeof rows)[number]) => (r.outlet_name ? names.outlet(r.outlet_name) : t("noOutlet"));
    panels.push(
      <ChartPanel
        key="byOutlet"
        title={t("charts.byOutlet")}
        testId="chart-by-outlet"
        empty={rows.length === 0}
        chart={() => (
          <BarChart
            h={HEIGHT}
            data={rows.map((r) => ({ label: outletName(r), net: num(r.net_sales) }))}
            dataKey="label"
            series={series}
            maxBarWidth={64}
            valueFormatter={plain}
            {...direction(rtl)}
          />
        )}
        table={(linked) => (
          <FigureTable
            caption={t("charts.byOutlet")}
            rows={rows}
            rowKey={(r) => r.outlet_id ?? 0}
            linked={linked}
            columns={[
              {
                label: t("columns.outlet"),
                cell: (r, l) => (
                  <FigureAnchor
                    link={r.outlet_id === null ? null : { to: outletHref(r.outlet_id), permission: "dashboard/show" }}
                    linked={l}
                  >
                    {outletName(r)}
                  </FigureAnchor>
                ),
              },
              { label: t("columns.netSales"), numeric: true, cell: (r) => money(r.net_sales) },
              { label: t("columns.count"), numeric: true, cell: (r) => fmt.amount(r.count) },
            ]}
          />
        )}
      />,
    );
  }

  if (data.inventory_value) {
    const rows = data.inventory_value;
    panels.push(
      <ChartPanel
        key="inventoryValue"
        title={t("charts.inventoryValue")}
        testId="chart-inventory-value"
        empty={rows.length === 0}
        chart={() => (
          <BarChart
            h={HEIGHT}
            data={rows.map((r) => ({ label: names.inventory(r.inventory_name), value: num(r.value) }))}
            dataKey="label"
            series={[{ name: "value", label: t("columns.value"), color: "grape.6" }]}
            maxBarWidth={64}
            valueFormatter={plain}
            {...direction(rtl)}
          />
        )}
        table={(linked) => (
          <FigureTable
            caption={t("charts.inventoryValue")}
            rows={rows}
            rowKey={(r) => r.inventory_id}
            linked={linked}
            columns={[
              { label: t("columns.inventory"), cell: (r) => names.inventory(r.inventory_name) },
              {
                label: t("columns.value"),
                numeric: true,
                cell: (r, l) => (
                  <FigureAnchor link={FIGURE_LINKS.inventoryStock(r.inventory_id)} linked={l}>
                    {fmt.sysMoney(r.value)}
                  </FigureAnchor>
                ),
              },
            ]}
          />
        )}
      />,
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" data-testid="dashboard-charts">
      {panels}
    </SimpleGrid>
  );
}
