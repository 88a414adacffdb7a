import { MSG } from "@app/contracts";
import { Paper, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../app/i18n";
import { DataTable, type DataTableProps, type FilterField } from "./DataTable";
import { PageHeader } from "./PageHeader";

/**
 * A list page: its title and description (`{ns}:{name}.title` and `.description`), what stands
 * between them and the list (a report's filters), and the list, printed and exported under the
 * same title.
 */
export function ListPage<Row extends object>({
  ns,
  name,
  above,
  ...table
}: { ns: string; name: string; above?: ReactNode } & Omit<DataTableProps<Row>, "title">) {
  const { t } = useTranslation(ns);
  return (
    <>
      <PageHeader title={t(`${name}.title`)} description={t(`${name}.description`)} />
      {above}
      <DataTable<Row> title={`${ns}:${name}.title`} {...table} />
    </>
  );
}

/** A list's filter by one of a few values: its key, the i18n key of its label and its choices. */
export const selectFilter = (key: string, label: string, options: { value: string; label: string }[]): FilterField => ({
  key,
  label,
  type: "select",
  options,
});

/** Where a report waits for its subject (an item, an account): the words asking for it. */
export function ChooseFirst({ testId }: { testId: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Text ta="center" c="dimmed" data-testid={testId}>
        {translateMessage(MSG.selectItemForTransactions)}
      </Text>
    </Paper>
  );
}
