import { PAYMENT_TYPES } from "@app/contracts";
import { Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import type { ComponentProps } from "react";
import { CashAccountSelect } from "../accounting/CashAccountSelect";
import "../accounting/amount.css";

export type ReceivedType = (typeof PAYMENT_TYPES)[number];

/**
 * How a return is settled, under its lines: the received type (On Account, or Cash with the cash
 * account), the note and the total. Purchase and sale returns share it; `testPrefix` names the
 * test ids (`{prefix}-payment-type`, `{prefix}-account`, `{prefix}-total`).
 */
export function ReturnSettlement(props: {
  labels: { receivedType: string; types: Record<ReceivedType, string>; account: string; note: string; total: string };
  value: ReceivedType;
  onChange: (value: ReceivedType) => void;
  account: string;
  onAccount: (value: string) => void;
  accountError?: string | undefined;
  note: ComponentProps<typeof Textarea>;
  total: string;
  testPrefix: string;
}) {
  const { labels } = props;
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Select
            label={labels.receivedType}
            allowDeselect={false}
            data={PAYMENT_TYPES.map((p) => ({ value: p, label: labels.types[p] }))}
            value={props.value}
            onChange={(val) => props.onChange((val ?? "On Account") as ReceivedType)}
            data-testid={`${props.testPrefix}-payment-type`}
          />
          {props.value === "Cash" && (
            <CashAccountSelect
              label={labels.account}
              value={props.account}
              withCurrency
              onChange={(val) => props.onAccount(val)}
              {...(props.accountError ? { error: props.accountError } : {})}
              testId={`${props.testPrefix}-account`}
            />
          )}
          <Textarea label={labels.note} autosize minRows={2} {...props.note} />
        </Stack>
        <Group justify="space-between" align="flex-start">
          <Text fw={700}>{labels.total}</Text>
          <Text fw={700} className="amount" data-testid={`${props.testPrefix}-total`}>
            {props.total}
          </Text>
        </Group>
      </SimpleGrid>
    </Paper>
  );
}
