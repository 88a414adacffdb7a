import { PAYMENT_TYPES } from "@app/contracts";
import { Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import type Decimal from "decimal.js";
import type { TFunction } from "i18next";
import type { ComponentProps } from "react";
import { CashAccountSelect } from "../CashAccountSelect";
import { useFormat } from "../format";
import type { PaymentType } from "./DocumentLines";
import "../amount.css";

/** How a return is settled: the payment types. */
export type ReceivedType = PaymentType;

/**
 * The settlement's words in a page's own namespace: `fields.received_type`, `fields.account`,
 * `fields.note` and `fields.total`, and the received types under `{types}.Cash` and `{types}.On Account`.
 */
export function settlementLabels(t: TFunction, types: string) {
  const field = (name: string) => t(`fields.${name}`);
  return {
    receivedType: field("received_type"),
    types: { Cash: t(`${types}.Cash`), "On Account": t(`${types}.On Account`) },
    account: field("account"),
    note: field("note"),
    total: field("total"),
  };
}

/**
 * How a return is settled, under its lines: the received type (On Account, or Cash with the cash
 * account), the note and the total in the return's currency. Purchase and sale returns share it,
 * each labelling it in its own words; `testPrefix` names the test ids (`{prefix}-payment-type`,
 * `{prefix}-account`, `{prefix}-total`).
 */
export function ReturnSettlement(props: {
  labels: { receivedType: string; types: Record<ReceivedType, string>; account: string; note: string; total: string };
  type: { value: ReceivedType; onChange: (value: ReceivedType) => void };
  account: { value: string; onChange: (value: string) => void; error?: string | undefined };
  note: ComponentProps<typeof Textarea>;
  total: Decimal;
  currency: string;
  testPrefix: string;
}) {
  const { labels, type, account } = props;
  const fmt = useFormat();
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <Select
            label={labels.receivedType}
            allowDeselect={false}
            data={PAYMENT_TYPES.map((p) => ({ value: p, label: labels.types[p] }))}
            value={type.value}
            onChange={(val) => type.onChange((val ?? "On Account") as ReceivedType)}
            data-testid={`${props.testPrefix}-payment-type`}
          />
          {type.value === "Cash" && (
            <CashAccountSelect
              label={labels.account}
              value={account.value}
              withCurrency
              onChange={account.onChange}
              {...(account.error ? { error: account.error } : {})}
              testId={`${props.testPrefix}-account`}
            />
          )}
          <Textarea label={labels.note} autosize minRows={2} {...props.note} />
        </Stack>
        <Group justify="space-between" align="flex-start">
          <Text fw={700}>{labels.total}</Text>
          <Text fw={700} className="amount" data-testid={`${props.testPrefix}-total`}>
            {`${fmt.amount(props.total.toFixed())} ${props.currency}`}
          </Text>
        </Group>
      </SimpleGrid>
    </Paper>
  );
}
