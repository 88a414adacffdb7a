import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/** The head of a warehouse document's view: label and value pairs. */
export function WarehouseDocFacts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {facts.map(([label, value]) => (
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
