import { Alert, Badge, Code, ScrollArea, Table } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface ReportedRow {
  key: string;
  /** The sheet's row number. */
  row: number;
  /** The sheet's column name. */
  column: string;
  cells: ReactNode[];
  /** Cells are figures (aligned as amounts). */
  numeric?: boolean;
}

/**
 * What an import says about rows of a sheet, row by row: the refused ones with their reason, or
 * the repaired ones with what was read. Test ids: `{testid}s` on the alert, `{testid}-row` per row.
 */
export function RowReport(props: {
  color: string;
  icon: ReactNode;
  title: string;
  testid: string;
  headers: string[];
  rows: ReportedRow[];
}) {
  const { t } = useTranslation("common");
  return (
    <Alert color={props.color} icon={props.icon} title={props.title} data-testid={`${props.testid}s`}>
      <ScrollArea.Autosize mah={240}>
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{t("catalogue:import.row")}</Table.Th>
              <Table.Th w={160}>{t("catalogue:import.column")}</Table.Th>
              {props.headers.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((r) => (
              <Table.Tr key={r.key} data-testid={`${props.testid}-row`}>
                <Table.Td>
                  <Badge variant="light" color={props.color}>
                    {r.row}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Code>{r.column}</Code>
                </Table.Td>
                {r.cells.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are fixed columns
                  <Table.Td key={i} className={r.numeric ? "amount" : undefined}>
                    {c}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Alert>
  );
}
