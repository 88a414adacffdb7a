import { Anchor, Box, Group, Paper, SegmentedControl, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCan } from "../../app/session";
import { NoResultsRow } from "../../shared/NoResultsRow";
import type { FigureLink } from "./dashboardLinks";

/** A figure that opens the screen it came from, for a user who may open it; otherwise the figure alone. */
export function FigureAnchor({
  link,
  children,
  linked = true,
  testId,
}: {
  link: FigureLink | null;
  children: ReactNode;
  /** False inside the tables kept for screen readers under a chart: no link there that the eye cannot see. */
  linked?: boolean;
  testId?: string;
}) {
  const can = useCan();
  if (!linked || !link || !can(link.permission)) return <span data-testid={testId}>{children}</span>;
  return (
    <Anchor component={Link} to={link.to} inherit data-testid={testId}>
      {children}
    </Anchor>
  );
}

export interface FigureColumn<R> {
  label: string;
  cell: (row: R, linked: boolean) => ReactNode;
  /** Figures: aligned to the end of the cell, read left to right. */
  numeric?: boolean;
}

/** A chart's or a list's rows as a table, with its caption. */
export function FigureTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  linked = true,
  testId,
  scroll = false,
}: {
  caption: string;
  columns: FigureColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  linked?: boolean;
  testId?: string;
  /** Shown in a narrow card: scrolls inside it (reachable by keyboard) rather than widening the page. */
  scroll?: boolean;
}) {
  const table = (
    <Table verticalSpacing={6} horizontalSpacing="sm" striped data-testid={testId}>
      <VisuallyHidden component="caption">{caption}</VisuallyHidden>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.label} ta={c.numeric ? "end" : "start"}>
              {c.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && <NoResultsRow colSpan={columns.length} />}
        {rows.map((r) => (
          <Table.Tr key={rowKey(r)} data-testid={testId ? `${testId}-row` : undefined}>
            {columns.map((c) => (
              <Table.Td key={c.label} ta={c.numeric ? "end" : "start"}>
                {c.numeric ? <span className="amount">{c.cell(r, linked)}</span> : c.cell(r, linked)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  if (!scroll) return table;
  return (
    <Box style={{ overflowX: "auto" }} tabIndex={0} role="region" aria-label={caption}>
      {table}
    </Box>
  );
}

/**
 * A chart in its frame, with a switch to see its figures as a table instead. While the chart
 * shows, the same table is there for screen readers (the chart itself is hidden from them).
 */
export function ChartPanel({
  title,
  testId,
  empty,
  chart,
  table,
}: {
  title: string;
  testId: string;
  /** No rows to draw: a sentence instead of an empty chart. */
  empty: boolean;
  chart: () => ReactNode;
  table: (linked: boolean) => ReactNode;
}) {
  const { t } = useTranslation("dashboard");
  const [view, setView] = useState<"chart" | "table">("chart");
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        {!empty && (
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(v) => setView(v as "chart" | "table")}
            aria-label={`${t("charts.show")}: ${title}`}
            data={[
              { value: "chart", label: t("charts.chart") },
              { value: "table", label: t("charts.table") },
            ]}
            data-testid={`${testId}-view`}
          />
        )}
      </Group>
      {empty ? (
        <Text c="dimmed" size="sm" py="xl" ta="center" data-testid={`${testId}-empty`}>
          {t("charts.noSales")}
        </Text>
      ) : view === "chart" ? (
        <>
          <div aria-hidden="true">{chart()}</div>
          <VisuallyHidden>{table(false)}</VisuallyHidden>
        </>
      ) : (
        table(true)
      )}
    </Paper>
  );
}
