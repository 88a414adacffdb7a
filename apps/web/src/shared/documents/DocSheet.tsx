import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useSession } from "../../app/session";
import { type Printable, usePrint } from "../usePrint";
import "../amount.css";

export interface SheetContent {
  title: string;
  /** Label and value pairs above the lines. */
  info: [string, string][];
  headers: string[];
  rows: { key: string | number; cells: string[] }[];
  /** Columns whose figures align to the end. */
  numeric: boolean[];
  totals: [string, string][];
  /** More lines under the info when printed (charges). */
  extra?: string[];
  note?: string | null;
  /** The document's number as a barcode when printed (SVG markup drawn by the app). */
  barcodeSvg?: string;
}

/** A document sheet as a print: the document's facts, its lines, its totals and the receipt footer. */
export const sheetPrintable = (s: SheetContent): Printable => ({
  title: s.title,
  // Each value isolated (FSI … PDI): a date after an Arabic label would otherwise read backwards.
  lines: [...s.info.filter(([, v]) => v).map(([k, v]) => `${k}: \u2068${v}\u2069`), ...(s.extra ?? []), ...(s.note ? [s.note] : [])],
  headers: s.headers,
  rows: [...s.rows.map((r) => r.cells), ...s.totals.map(([k, v]) => [...s.headers.slice(2).map(() => ""), k, v])],
  numeric: s.numeric,
  withReceiptFooter: true,
  barcodeSvg: s.barcodeSvg,
});

/** Prints a document sheet on A4: the shop's name, receipt header, the document, its totals and the receipt footer. */
export function usePrintSheet() {
  const { print } = usePrint();
  return (s: SheetContent) => print(sheetPrintable(s));
}

/** A document as it prints, on screen: the shop, its header, the document's facts, lines, totals, note and the receipt footer. */
export function DocSheet({
  sheet,
  badges,
  children,
  testId,
}: {
  sheet: SheetContent;
  badges?: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  const { systemConfig } = useSession();
  return (
    <Paper withBorder radius="md" p="lg" data-testid={testId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            {/* Names, values and cells read by their own letters (<bdi>): a Latin name keeps its full stop at its end. */}
            <Title order={3}>
              <bdi>{systemConfig.shop_name}</bdi>
            </Title>
            {systemConfig.receipt_header && (
              <Text size="sm" style={{ whiteSpace: "pre-line" }}>
                <bdi>{systemConfig.receipt_header}</bdi>
              </Text>
            )}
          </Stack>
          {badges}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xs">
          {sheet.info.map(([k, v]) => (
            <Stack key={k} gap={0}>
              <Text size="xs" c="dimmed">
                {k}
              </Text>
              <Text size="sm">
                <bdi>{v || "—"}</bdi>
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Table.ScrollContainer minWidth={760}>
          <Table withTableBorder withColumnBorders striped data-testid={`${testId}-lines`}>
            <Table.Thead>
              <Table.Tr>
                {sheet.headers.map((h, i) => (
                  <Table.Th key={h} className={sheet.numeric[i] ? "amount" : undefined}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sheet.rows.map((r) => (
                <Table.Tr key={r.key}>
                  {r.cells.map((c, j) => (
                    <Table.Td key={sheet.headers[j]} className={sheet.numeric[j] ? "amount" : undefined}>
                      {sheet.numeric[j] ? c : <bdi>{c}</bdi>}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {children}
        <Stack gap={4} maw={360} ms="auto" w="100%" data-testid={`${testId}-totals`}>
          {sheet.totals.map(([k, v]) => (
            <Group key={k} justify="space-between">
              <Text size="sm">{k}</Text>
              <Text size="sm" fw={600} className="amount">
                {v}
              </Text>
            </Group>
          ))}
        </Stack>
        {sheet.note && (
          <Text size="sm">
            <bdi>{sheet.note}</bdi>
          </Text>
        )}
        {systemConfig.receipt_footer && (
          <Text size="sm" ta="center" style={{ whiteSpace: "pre-line" }}>
            <bdi>{systemConfig.receipt_footer}</bdi>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
