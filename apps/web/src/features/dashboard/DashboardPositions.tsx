import type { Dashboard } from "@app/contracts";
import { Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import Decimal from "decimal.js";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";
import { FigureAnchor, FigureTable } from "./DashboardParts";
import { FIGURE_LINKS, type FigureLink } from "./dashboardLinks";

function Panel({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Title order={4} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** What customers owe or suppliers are owed: the total and its overdue part. */
function Balances({
  title,
  testId,
  total,
  overdue,
  late,
  link,
}: {
  title: string;
  testId: string;
  total: string;
  overdue: string;
  /** Anything overdue at all: red then, dimmed when nothing is. */
  late: boolean;
  link: FigureLink;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <Panel title={title} testId={testId}>
      <Stack gap={4}>
        <Text fz={22} fw={700}>
          <FigureAnchor link={link} testId={`${testId}-total`}>
            <span className="amount">{total}</span>
          </FigureAnchor>
        </Text>
        <Group gap={6}>
          <Text size="sm" c="dimmed">
            {t("overdue")}:
          </Text>
          <Text size="sm" fw={600} c={late ? "red" : "dimmed"} data-testid={`${testId}-overdue`}>
            <span className="amount">{overdue}</span>
          </Text>
        </Group>
      </Stack>
    </Panel>
  );
}

/** Today's positions: cash and banks, receivables and payables, low stock, batches near expiry, online orders waiting. */
export function DashboardPositions({ data }: { data: Dashboard }) {
  const { t } = useTranslation("dashboard");
  const fmt = useFormat();
  const names = useSeededNames();
  const inCurrency = (v: string) => `${fmt.money(v, data.currency_id)} ${data.currency_name}`;
  const kind = (k: string) => (["drawer", "cash", "bank", "remittance"].includes(k) ? t(`kinds.${k}`) : k);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        {data.receivables && (
          <Balances
            title={t("receivables")}
            testId="dashboard-receivables"
            total={inCurrency(data.receivables.total)}
            overdue={inCurrency(data.receivables.overdue)}
            late={!new Decimal(data.receivables.overdue).isZero()}
            link={FIGURE_LINKS.receivables()}
          />
        )}
        {data.payables && (
          <Balances
            title={t("payables")}
            testId="dashboard-payables"
            total={inCurrency(data.payables.total)}
            overdue={inCurrency(data.payables.overdue)}
            late={!new Decimal(data.payables.overdue).isZero()}
            link={FIGURE_LINKS.payables()}
          />
        )}
        {data.pending_online_orders !== null && (
          <Panel title={t("pendingOnlineOrders")} testId="dashboard-online-orders">
            <Text fz={22} fw={700}>
              <FigureAnchor link={FIGURE_LINKS.onlineOrders()} testId="dashboard-online-orders-count">
                <span className="amount">{fmt.amount(data.pending_online_orders)}</span>
              </FigureAnchor>
            </Text>
          </Panel>
        )}
      </SimpleGrid>
      {data.cash && (
        <Panel title={t("cash")} testId="dashboard-cash">
          <FigureTable
            caption={t("cash")}
            rows={data.cash}
            rowKey={(r) => r.account_id}
            testId="figures-cash"
            scroll
            columns={[
              {
                label: t("columns.account"),
                cell: (r, l) => (
                  <FigureAnchor link={FIGURE_LINKS.cashAccount(r.account_id)} linked={l}>
                    {names.account(r.account_name)}
                  </FigureAnchor>
                ),
              },
              { label: t("columns.kind"), cell: (r) => kind(r.kind) },
              {
                label: t("columns.balance"),
                numeric: true,
                cell: (r) =>
                  r.balances.map((b) => (
                    <span
                      key={b.currency_id}
                      style={{ display: "block" }}
                    >{`${fmt.money(b.balance, b.currency_id)} ${b.currency_name}`}</span>
                  )),
              },
            ]}
          />
        </Panel>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        {data.low_stock && (
          <Panel title={t("lowStock")} testId="dashboard-low-stock">
            {data.low_stock.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t("nothingLow")}
              </Text>
            ) : (
              <FigureTable
                caption={t("lowStock")}
                rows={data.low_stock}
                rowKey={(r) => `${r.item_id}-${r.inventory_id}`}
                testId="figures-low-stock"
                scroll
                columns={[
                  {
                    label: t("columns.item"),
                    cell: (r, l) => (
                      <FigureAnchor link={FIGURE_LINKS.item(r.item_id)} linked={l}>
                        {r.item_name}
                      </FigureAnchor>
                    ),
                  },
                  { label: t("columns.inventory"), cell: (r) => names.inventory(r.inventory_name) },
                  { label: t("columns.onHand"), numeric: true, cell: (r) => fmt.amount(r.quantity) },
                  { label: t("columns.minimum"), numeric: true, cell: (r) => fmt.amount(r.minimum) },
                ]}
              />
            )}
          </Panel>
        )}
        {data.near_expiry && (
          <Panel title={t("nearExpiry")} testId="dashboard-near-expiry">
            {data.near_expiry.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t("nothingExpiring")}
              </Text>
            ) : (
              <FigureTable
                caption={t("nearExpiry")}
                rows={data.near_expiry}
                rowKey={(r) => r.batch_id}
                testId="figures-near-expiry"
                scroll
                columns={[
                  {
                    label: t("columns.item"),
                    cell: (r, l) => (
                      <FigureAnchor link={FIGURE_LINKS.nearExpiry(r.inventory_id, r.item_name)} linked={l}>
                        {r.item_name}
                      </FigureAnchor>
                    ),
                  },
                  { label: t("columns.inventory"), cell: (r) => names.inventory(r.inventory_name) },
                  { label: t("columns.batch"), cell: (r) => r.batch_no ?? "" },
                  { label: t("columns.expires"), cell: (r) => fmt.date(r.expire_date) },
                  { label: t("columns.quantity"), numeric: true, cell: (r) => fmt.amount(r.quantity) },
                ]}
              />
            )}
          </Panel>
        )}
      </SimpleGrid>
    </Stack>
  );
}
