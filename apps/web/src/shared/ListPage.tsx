import { MSG } from "@app/contracts";
import { Paper, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../app/i18n";
import { DataTable, type DataTableProps, DocumentList, type FilterField } from "./DataTable";
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

/**
 * What names a document list: its words' namespace and name (`{ns}:{name}.title`, `.description`
 * and `.add`; without a name, the namespace's own `title`, `description` and `add`), its endpoint,
 * the permission section of its Add (`{section}/store`) and its delete confirmation.
 */
export interface DocListOf {
  ns: string;
  name?: string;
  endpoint: string;
  section: string;
  del: { dialog: ReactNode };
}

/**
 * A document list page (purchases, sales, returns, quotations, transfers, warehouse documents): a
 * `DocumentList` headed by its title and description and printed under the same title, its Add
 * button in its own words; `dialogs` (a document's form) come before the delete confirmation.
 */
export function DocListPage<Row extends object>({
  of,
  add,
  dialogs,
  ...list
}: { of: DocListOf; add: { testId: string; onClick: () => void } } & Omit<
  Parameters<typeof DocumentList<Row>>[0],
  "title" | "description" | "endpoint" | "listTitle" | "add"
>) {
  const { t } = useTranslation(of.ns);
  const word = (w: string) => (of.name ? `${of.name}.${w}` : w);
  return (
    <DocumentList<Row>
      {...list}
      title={t(word("title"))}
      description={t(word("description"))}
      endpoint={of.endpoint}
      listTitle={`${of.ns}:${word("title")}`}
      add={{ permission: `${of.section}/store`, label: t(word("add")), ...add }}
      dialogs={
        <>
          {dialogs}
          {of.del.dialog}
        </>
      }
    />
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
