import { Badge, Button, Group, Kbd, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import { formatAmount } from "../../shared/amount";
import { useSeededLabels } from "../../shared/seededLabels";
import type { PosSession } from "./posSession";
import type { QueuedSale } from "./queue";
import { keyLabel } from "./usePosKeys";

/** Web Serial (Chromium on https or localhost): only then can the till drive a receipt printer itself. */
const hasSerial = () => (navigator as Navigator & { serial?: unknown }).serial !== undefined;

/** The till's header: the shop, online or not, the queue, who sells where, the rate. */
export function PosHeader({
  session: s,
  online,
  queue,
  rate,
  openQueue,
  openPrinter,
}: {
  session: PosSession;
  online: boolean;
  queue: QueuedSale[];
  rate: string;
  openQueue: () => void;
  openPrinter: () => void;
}) {
  const { t } = useTranslation("pos");
  const { systemConfig } = useSession();
  const names = useSeededLabels();
  const pending = queue.filter((q) => q.state === "pending").length;
  const attention = queue.length - pending;
  return (
    <header className="pos-header">
      <Group gap="sm">
        <Title order={1} size="h3">
          {systemConfig.shop_name || t("title")}
        </Title>
        <Badge color={online ? "green" : "red"} data-testid="pos-online">
          {online ? t("online") : t("offline")}
        </Badge>
        <Button
          size="xs"
          variant={attention ? "filled" : "light"}
          color={attention ? "red" : pending ? "orange" : "gray"}
          onClick={openQueue}
          rightSection={
            <Kbd size="xs" dir="ltr">
              {keyLabel("queue")}
            </Kbd>
          }
          data-testid="pos-queue"
        >
          {t("queue.button", { count: queue.length })}
        </Button>
      </Group>
      <Group gap="xs">
        <Text size="sm" data-testid="pos-cashier">
          {t("cashier")}: {s.cashier.user_name} · {names.outlet(s.outlet.outlet_name)} · {names.inventory(s.inventory.inventory_name)}
        </Text>
        <Text size="sm" dir="ltr">
          1 USD = {formatAmount(rate, 0)} IQD
        </Text>
        {hasSerial() && (
          <Button size="xs" variant="subtle" onClick={openPrinter} data-testid="pos-printer">
            {t("printer.button")}
          </Button>
        )}
        <Button size="xs" variant="subtle" component="a" href="/user-logout">
          {t("signOut")}
        </Button>
      </Group>
    </header>
  );
}
