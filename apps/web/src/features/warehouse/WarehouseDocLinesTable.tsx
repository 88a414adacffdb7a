import { Paper, Table } from "@mantine/core";
import type { ReactNode } from "react";
import "../../shared/amount.css";

export interface LineColumn<L> {
  label: string;
  cell: (line: L) => ReactNode;
  /** Figures align to the end and read left to right. */
  amount?: boolean;
  ltr?: boolean;
}

/** The lines of a warehouse document's view, with an optional footer row and a note under them. */
export function WarehouseDocLinesTable<L extends { id: number }>({
  columns,
  lines,
  testId,
  rowTestId,
  footer,
  after,
}: {
  columns: LineColumn<L>[];
  lines: L[];
  testId: string;
  rowTestId?: string;
  footer?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Paper withBorder p="md" mt="md">
      <Table.ScrollContainer minWidth={700}>
        <Table striped data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.label}>{c.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => (
              <Table.Tr key={l.id} data-testid={rowTestId}>
                {columns.map((c) => (
                  <Table.Td key={c.label} className={c.amount ? "amount" : undefined} dir={c.ltr ? "ltr" : undefined}>
                    {c.cell(l)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {footer && <Table.Tfoot>{footer}</Table.Tfoot>}
        </Table>
      </Table.ScrollContainer>
      {after}
    </Paper>
  );
}
