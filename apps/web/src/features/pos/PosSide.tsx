import { Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../shared/amount";
import { useSeededLabels } from "../../shared/seededLabels";
import type { PricedBill } from "./bill";
import { KeyButton } from "./KeyButton";
import type { PosSession } from "./posSession";
import type { PosAction } from "./usePosKeys";

/** The till's side: the customer, the bill's totals and a button for every action, each with its key. */
export function PosSide({
  session: s,
  customerName,
  bill,
  hasLines,
  holdCount,
  money,
  act,
}: {
  session: PosSession;
  customerName: string | null;
  bill: PricedBill | null;
  hasLines: boolean;
  holdCount: number;
  money: (v: string) => string;
  act: (action: PosAction) => unknown;
}) {
  const { t } = useTranslation("pos");
  const names = useSeededLabels();
  return (
    <aside className="pos-side">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t("customer")}
        </Text>
        <Text fw={600} data-testid="pos-customer">
          {names.party(customerName ?? s.walk_in_customer?.consumer_name ?? null) || t("walkIn")}
        </Text>
        <div className="pos-totals">
          <Row label={t("gross")} value={money(bill?.doc.gross ?? "0")} />
          <Row label={t("discount")} value={money(bill?.doc.discount ?? "0")} />
          <Row label={t("tax")} value={money(bill?.doc.tax ?? "0")} />
          <Row label={`${t("total")} IQD`} value={money(bill?.doc.total ?? "0")} big testId="pos-total" />
          <Row label={`${t("total")} USD`} value={formatAmount(bill?.total_usd ?? "0", 2)} testId="pos-total-usd" />
        </div>
        <KeyButton
          action="pay"
          label={t("pay")}
          size="lg"
          variant="filled"
          color="green"
          disabled={!bill}
          onClick={() => void act("pay")}
        />
        <KeyButton action="search" label={t("search")} onClick={() => void act("search")} />
        <KeyButton action="customer" label={t("customer")} onClick={() => void act("customer")} />
        <KeyButton action="hold" label={t("hold")} disabled={!hasLines} onClick={() => void act("hold")} />
        <KeyButton action="holds" label={t("holds", { count: holdCount })} onClick={() => void act("holds")} />
        <KeyButton action="returnBill" label={t("returnBill")} onClick={() => void act("returnBill")} />
        <KeyButton action="printLast" label={t("printLast")} onClick={() => void act("printLast")} />
        <KeyButton action="openDrawer" label={t("openDrawer")} onClick={() => void act("openDrawer")} />
        <KeyButton action="switchCashier" label={t("switchCashier")} onClick={() => void act("switchCashier")} />
        <KeyButton action="remove" label={t("remove")} disabled={!hasLines} onClick={() => void act("remove")} />
        <KeyButton action="cancel" label={t("cancel")} color="red" onClick={() => void act("cancel")} />
      </Stack>
    </aside>
  );
}

function Row({ label, value, big, testId }: { label: string; value: string; big?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size={big ? "lg" : "sm"}>{label}</Text>
      <Text size={big ? "xl" : "sm"} fw={big ? 700 : 500} dir="ltr" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}
