import { Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** A table's one row saying it has none, across its `colSpan` columns. */
export function NoResultsRow({ colSpan }: { colSpan: number }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" size="sm">
          {t("messages:noResults")}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
