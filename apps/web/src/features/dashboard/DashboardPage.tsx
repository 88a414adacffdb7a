import { DASHBOARD_MSG, type Dashboard, type DashboardCard, type DashboardCurrency } from "@app/contracts";
import { Alert, Button, Group, Paper, SegmentedControl, Select, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { translateMessage } from "../../app/i18n";
import { useSession } from "../../app/session";
import { outletsListQuery } from "../../shared/api/settings";
import { DateField } from "../../shared/DateField";
import { useFormat } from "../../shared/format";
import { liveParams } from "../../shared/liveParams";
import { PageHeader } from "../../shared/PageHeader";
import { useInventoryChoices } from "../../shared/reports/ReportFields";
import { useSeededNames } from "../../shared/seededNames";
import { ChangeBadge } from "./ChangeBadge";
import { FigureAnchor } from "./DashboardParts";
import { DashboardPositions } from "./DashboardPositions";
import { dashboardQuery } from "./dashboard.queries";
import { FIGURE_LINKS, type FigureLink, type LinkScope } from "./dashboardLinks";
import {
  customRangeProblem,
  DASHBOARD_PERIODS,
  type DashboardFilters,
  type DashboardPeriod,
  rangeOf,
  readDashboardFilters,
  writeDashboardFilters,
} from "./dashboardPeriods";
import "../../shared/amount.css";

/** The charts and their library, a chunk of their own: the cards show while it loads. */
const DashboardCharts = lazy(async () => ({ default: (await import("./DashboardCharts")).DashboardCharts }));

/** The filters, kept in the address: a dashboard can be bookmarked, and the back button goes back through them. */
function useDashboardFilters() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const value = readDashboardFilters(params);
  const set = (patch: Partial<DashboardFilters>) =>
    setParams(
      (rendered) => {
        const p = liveParams(rendered, pathname);
        writeDashboardFilters(p, { ...readDashboardFilters(p), ...patch });
        return p;
      },
      { replace: true },
    );
  /** The address of this dashboard with some filters changed (a row by outlet opens that outlet's). */
  const href = (patch: Partial<DashboardFilters>) => {
    const p = new URLSearchParams(params);
    writeDashboardFilters(p, { ...value, ...patch });
    const s = p.toString();
    return s ? `${pathname}?${s}` : pathname;
  };
  return { value, set, href };
}

/** The cards in order: whether the figure is money, whether a rise is good news, and the screen it opens. */
const CARDS: { key: keyof NonNullable<Dashboard["cards"]>; money: boolean; upIsGood: boolean; link: (s: LinkScope) => FigureLink }[] = [
  { key: "net_sales", money: true, upIsGood: true, link: FIGURE_LINKS.salesReport },
  { key: "sales_count", money: false, upIsGood: true, link: FIGURE_LINKS.salesList },
  { key: "average_ticket", money: true, upIsGood: true, link: FIGURE_LINKS.salesReport },
  { key: "gross_profit", money: true, upIsGood: true, link: FIGURE_LINKS.grossProfit },
  { key: "returns", money: true, upIsGood: false, link: FIGURE_LINKS.returns },
  { key: "discounts", money: true, upIsGood: false, link: FIGURE_LINKS.salesReport },
];

function FiltersBar({ filters }: { filters: ReturnType<typeof useDashboardFilters> }) {
  const { t } = useTranslation("dashboard");
  const { systemConfig } = useSession();
  const names = useSeededNames();
  const outlets = useQuery(outletsListQuery);
  const inventories = useInventoryChoices();
  const { value, set } = filters;
  const problem = customRangeProblem(value);
  const choosePeriod = (period: DashboardPeriod) => {
    // A custom range starts from the days shown until now, to be changed from there.
    if (period === "custom" && value.period !== "custom") {
      const [from, to] = rangeOf(value) ?? ["", ""];
      set({ period, from, to });
    } else set({ period });
  };
  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-label={t("filters.label")} data-testid="dashboard-filters">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={t("filters.outlet")}
          placeholder={t("filters.allOutlets")}
          clearable
          data={(outlets.data ?? []).map((o) => ({ value: String(o.outlet_id), label: names.outlet(o.outlet_name) }))}
          value={value.outlet ? String(value.outlet) : null}
          onChange={(v) => set({ outlet: v ? Number(v) : null })}
          w={200}
          data-testid="dashboard-outlet"
        />
        <Select
          label={t("filters.inventory")}
          placeholder={t("filters.allInventories")}
          clearable
          data={inventories}
          value={value.inventory ? String(value.inventory) : null}
          onChange={(v) => set({ inventory: v ? Number(v) : null })}
          w={200}
          data-testid="dashboard-inventory"
        />
        <Select
          label={t("filters.period")}
          allowDeselect={false}
          data={DASHBOARD_PERIODS.map((p) => ({ value: p, label: t(`periods.${p}`) }))}
          value={value.period}
          onChange={(v) => v && choosePeriod(v as DashboardPeriod)}
          w={180}
          data-testid="dashboard-period"
        />
        {value.period === "custom" && (
          <>
            <DateField
              label={t("filters.from")}
              value={value.from || null}
              onChange={(v) => set({ from: v ?? "" })}
              w={160}
              data-testid="dashboard-from"
            />
            <DateField
              label={t("filters.to")}
              value={value.to || null}
              onChange={(v) => set({ to: v ?? "" })}
              error={
                problem === "endBeforeStart"
                  ? t("filters.endBeforeStart")
                  : problem === "tooLong"
                    ? translateMessage(DASHBOARD_MSG.periodTooLong)
                    : undefined
              }
              w={160}
              data-testid="dashboard-to"
            />
          </>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="dashboard-currency-label">
            {t("filters.currency")}
          </Text>
          <SegmentedControl
            value={value.currency}
            onChange={(v) => set({ currency: v as DashboardCurrency })}
            aria-labelledby="dashboard-currency-label"
            data={[
              { value: "system", label: t("filters.system", { name: systemConfig.currency?.currency_name ?? "" }) },
              { value: "IQD", label: "IQD" },
              { value: "USD", label: "USD" },
            ]}
            data-testid="dashboard-currency"
          />
        </Stack>
      </Group>
    </Paper>
  );
}

function ChartsLoading() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Skeleton h={320} radius="md" />
      <Skeleton h={320} radius="md" />
    </SimpleGrid>
  );
}

function FigureCard({
  label,
  card,
  money,
  upIsGood,
  link,
  testId,
}: {
  label: string;
  card: DashboardCard;
  money: (v: string) => string;
  upIsGood: boolean;
  link: FigureLink;
  testId: string;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Stack gap={6}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text fz={24} fw={700} lh={1.2}>
          <FigureAnchor link={link} testId={`${testId}-value`}>
            <span className="amount">{money(card.value)}</span>
          </FigureAnchor>
        </Text>
        <Group gap={8} wrap="wrap">
          <ChangeBadge changePct={card.change_pct} upIsGood={upIsGood} testId={`${testId}-change`} />
          {/* The figure isolated from the label: right to left, "5,000 IQD" would read "IQD 5,000". */}
          <Text size="xs" c="dimmed" data-testid={`${testId}-previous`}>
            {t("previous")} <span className="amount">{money(card.previous)}</span>
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The dashboard (SPEC `/dashboard`): a period's sales beside the period before, with today's money and stock. */
export function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const fmt = useFormat();
  const filters = useDashboardFilters();
  const { value } = filters;
  const range = rangeOf(value);
  const ask = range ? { from: range[0], to: range[1], outlet: value.outlet, inventory: value.inventory, currency: value.currency } : null;
  const answer = useQuery({
    ...dashboardQuery(ask ?? { from: "", to: "", outlet: null, inventory: null, currency: value.currency }),
    enabled: ask !== null,
  });
  const data = ask ? answer.data : undefined;
  const scope: LinkScope = { from: data?.period.from ?? "", to: data?.period.to ?? "", inventory: value.inventory };
  const withCurrency = (v: string) => `${fmt.money(v, data?.currency_id)} ${data?.currency_name ?? ""}`.trim();

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <FiltersBar filters={filters} />
      {!ask ? (
        <Alert color="gray" data-testid="dashboard-choose-days">
          {t("filters.chooseDays")}
        </Alert>
      ) : answer.isError && !data ? (
        <Alert color="red" title={t("loadFailed")} data-testid="dashboard-error">
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => void answer.refetch()}>
            {t("common:retry")}
          </Button>
        </Alert>
      ) : !data ? (
        <Stack gap="lg" data-testid="dashboard-loading" aria-busy="true">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 6 }} spacing="md">
            {CARDS.map((c) => (
              <Skeleton key={c.key} h={118} radius="md" />
            ))}
          </SimpleGrid>
          <ChartsLoading />
        </Stack>
      ) : (
        <Stack gap="lg" data-testid="dashboard" aria-busy={answer.isFetching} style={{ opacity: answer.isPlaceholderData ? 0.6 : 1 }}>
          <Text size="sm" c="dimmed" data-testid="dashboard-period-line">
            {t("periodLine", {
              from: fmt.date(data.period.from),
              to: fmt.date(data.period.to),
              prevFrom: fmt.date(data.previous_period.from),
              prevTo: fmt.date(data.previous_period.to),
            })}
            {" · "}
            {t("amountsIn", { name: data.currency_name })}
          </Text>
          {data.cards && (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 6 }} spacing="md" data-testid="dashboard-cards">
              {CARDS.map((c) => {
                const card = data.cards?.[c.key];
                if (!card) return null;
                return (
                  <FigureCard
                    key={c.key}
                    label={t(`cards.${c.key}`)}
                    card={card}
                    money={c.money ? withCurrency : (v) => fmt.amount(v)}
                    upIsGood={c.upIsGood}
                    link={c.link(scope)}
                    testId={`card-${c.key}`}
                  />
                );
              })}
            </SimpleGrid>
          )}
          <Suspense fallback={<ChartsLoading />}>
            <DashboardCharts data={data} scope={scope} outletHref={(outlet) => filters.href({ outlet })} />
          </Suspense>
          <Title order={3} size="h4" mt="sm">
            {t("positions")}
          </Title>
          <DashboardPositions data={data} />
        </Stack>
      )}
    </>
  );
}
