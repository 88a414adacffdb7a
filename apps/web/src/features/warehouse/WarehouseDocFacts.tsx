import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { docDay } from "../../shared/api/ledger";
import { useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";

/** The head of a warehouse document's view: its number, date and inventory, then the document's own label and value pairs. */
export function WarehouseDocFacts({
  doc,
  facts,
}: {
  doc: { number: string | null; date: string; inventory_name: string };
  facts: [string, ReactNode][];
}) {
  const { t } = useTranslation("warehousedocs");
  const fmt = useFormat();
  const names = useSeededNames();
  const all: [string, ReactNode][] = [
    [t("fields.number"), doc.number ?? ""],
    [t("fields.date"), fmt.date(docDay(doc.date))],
    [t("fields.inventory"), names.inventory(doc.inventory_name)],
    ...facts,
  ];
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {all.map(([label, value]) => (
          <Stack gap={0} key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={500}>{value}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
