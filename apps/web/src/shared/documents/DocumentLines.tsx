import { PAYMENT_TYPES } from "@app/contracts";
import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconCheck, IconDeviceFloppy, IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { CashAccountSelect } from "../CashAccountSelect";
import { enterMovesOn } from "../enterMovesOn";
import { MoneyInput } from "../MoneyInput";
import { PageHeader } from "../PageHeader";

export type PaymentType = (typeof PAYMENT_TYPES)[number];

/**
 * The lines of a document's form (purchases, sales, and their returns): the title with the
 * tools and the "Add line" button, the table of lines under its column headers, and the error
 * of the lines as a whole.
 */
export function LinesPanel(props: {
  /** The panel's title and its column headers, translated (each once); a false header is left out. */
  title: string;
  headers: (string | false)[];
  /** The header of the remove column (its accessible name), when lines can be removed. */
  removeHeader?: string;
  /** Tools shown before the "Add line" button (a barcode box, an import). */
  tools?: ReactNode;
  /** The "Add line" button, when lines can be added. */
  add?: { label: string; onClick: () => void; testId?: string };
  /** The tools' alignment with the title. */
  align?: "flex-end";
  minWidth: number;
  testId: string;
  error?: ReactNode;
  /** The rows. */
  children: ReactNode;
}) {
  const { add } = props;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" align={props.align}>
        <Title order={4}>{props.title}</Title>
        <Group align={props.align}>
          {props.tools}
          {add && (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add.onClick} data-testid={add.testId}>
              {add.label}
            </Button>
          )}
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={props.minWidth}>
        <Table verticalSpacing="xs" data-testid={props.testId}>
          <Table.Thead>
            <Table.Tr>
              {props.headers.map((h) => h !== false && <Table.Th key={h}>{h}</Table.Th>)}
              {props.removeHeader && (
                <Table.Th>
                  <VisuallyHidden>{props.removeHeader}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{props.children}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {props.error && (
        <Text c="red" size="sm">
          {props.error}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The foot of a document's form: its own fields (discount, payment, note) beside its totals, each
 * figure's label (`fields.{key}` of the form's `t`) and amount (`total-{key}`), the total in bold,
 * and `extra` under them.
 */
export function DocSummary<K extends string>(props: {
  t: (key: string) => string;
  /** The fields, one under the other. */
  children: ReactNode;
  testId: string;
  rows: readonly (readonly [K, string])[];
  show: (amount: string) => string;
  extra?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">{props.children}</Stack>
        <Stack gap={6} data-testid={props.testId}>
          {props.rows.map(([k, val]) => (
            <Group key={k} justify="space-between">
              <Text fw={k === "total" ? 700 : 400}>{props.t(`fields.${k}`)}</Text>
              <Text fw={k === "total" ? 700 : 400} className="amount" data-testid={`total-${k}`}>
                {props.show(val)}
              </Text>
            </Group>
          ))}
          {props.extra}
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

/**
 * The payment of a document's form: its payment type, the amount paid (`{prefix}-payment-type`,
 * `{prefix}-paid`) and, when paid in cash or in part, the cash account (`{prefix}-account`);
 * labelled in the form's own words.
 */
export function PaymentFields(props: {
  testPrefix: string;
  /** The form's own words for the three fields and the types. */
  labels: { paymentType: string; paid: string; account: string };
  typeLabel: (type: PaymentType) => string;
  type: { value: PaymentType; onChange: (type: PaymentType) => void };
  /** The type a cleared choice falls back to. */
  fallback: PaymentType;
  paid: { value: string; placeholder: string; onChange: (value: string) => void; error?: string | undefined };
  showAccount: boolean;
  account: { value: string; onChange: (value: string) => void; error?: string | undefined };
  /** Leave the cashiers' drawer accounts out (a back-office sale). */
  excludeDrawers?: boolean;
}) {
  const { labels, type, paid, account, testPrefix } = props;
  return (
    <>
      <SimpleGrid cols={2} spacing="sm">
        <Select
          label={labels.paymentType}
          allowDeselect={false}
          data={PAYMENT_TYPES.map((p) => ({ value: p, label: props.typeLabel(p) }))}
          value={type.value}
          onChange={(val) => type.onChange((val ?? props.fallback) as PaymentType)}
          data-testid={`${testPrefix}-payment-type`}
        />
        <MoneyInput
          label={labels.paid}
          value={paid.value}
          zeroWhenEmpty={false}
          placeholder={paid.placeholder}
          onChange={paid.onChange}
          error={paid.error}
          data-testid={`${testPrefix}-paid`}
        />
      </SimpleGrid>
      {props.showAccount && (
        <CashAccountSelect
          label={labels.account}
          value={account.value}
          withCurrency
          excludeDrawers={props.excludeDrawers ?? false}
          onChange={account.onChange}
          error={account.error}
          testId={`${testPrefix}-account`}
        />
      )}
    </>
  );
}

/**
 * The header of a document's form: its title and description, "Back", the submit button
 * (`save.testId`) and, for a document that can be saved complete at once, "Save and complete" (or
 * its like: "Save and send").
 */
export function DocFormHeader(props: {
  title: string;
  description: string;
  back: { label: string; onClick: () => void };
  save: { label: string; saving: boolean; testId: string };
  complete?: { label: string; onClick: () => void; testId: string; icon?: ReactNode } | false;
}) {
  const { back, save, complete } = props;
  return (
    <PageHeader
      title={props.title}
      description={props.description}
      actions={
        <Group>
          <Button variant="default" onClick={back.onClick}>
            {back.label}
          </Button>
          <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.saving} data-testid={save.testId}>
            {save.label}
          </Button>
          {complete && (
            <Button
              color="green"
              leftSection={complete.icon ?? <IconCheck size={16} />}
              loading={save.saving}
              onClick={complete.onClick}
              data-testid={complete.testId}
            >
              {complete.label}
            </Button>
          )}
        </Group>
      }
    />
  );
}

/**
 * A document's form: the form (`testId`), its header (`DocFormHeader`) and its panels one under
 * the other. Only its buttons save it: Enter in a field moves to the next field (the next of a
 * line, then the next line), so a half-typed document is never saved by Enter.
 */
export function DocForm({
  testId,
  onSubmit,
  children,
  ...header
}: Parameters<typeof DocFormHeader>[0] & { testId: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      onKeyDown={(e) => enterMovesOn(e, true)}
      data-testid={testId}
    >
      <DocFormHeader {...header} />
      <Stack gap="lg">{children}</Stack>
    </form>
  );
}
