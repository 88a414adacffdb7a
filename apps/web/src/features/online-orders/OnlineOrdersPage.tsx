import { Badge, Card, Group, ScrollArea, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { CancelDialog, OrderActions, OrderDetail } from "./OrderParts";
import { BOARD_COLUMNS, type BoardOrder, boardQuery } from "./onlineOrders.queries";

/**
 * The current online orders as a board (SPEC §2 /sales/online-orders): pending, confirmed, out for
 * delivery, and those delivered or cancelled today, each with the actions its state allows. The
 * board is read again whenever an order changes (the push) or an action is taken.
 */
export function OnlineOrdersPage() {
  const { t } = useTranslation("onlineorders");
  const f = useFormat();
  const board = useQuery(boardQuery);
  const [open, setOpen] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const byColumn = (c: string) => (board.data ?? []).filter((o) => o.board_column === c);
  const card = (o: BoardOrder) => (
    <Card
      key={o.order_id}
      withBorder
      radius="md"
      p="sm"
      style={{ cursor: "pointer" }}
      onClick={() => setOpen(o.order_id)}
      data-testid={`order-card-${o.order_id}`}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} dir="ltr">
            {o.order_no}
          </Text>
          <Text fw={600}>{f.money(o.total, o.currency_id)}</Text>
        </Group>
        <Text size="sm">{o.customer_name ?? o.customer_mobile}</Text>
        <Text size="xs" c="dimmed">
          {[o.address.city_name, o.address.landmark].filter(Boolean).join(" · ")}
        </Text>
        <Text size="xs" c="dimmed">
          {f.dateTime(o.ordered_at)}
        </Text>
        {o.driver_name && (
          <Text size="xs" data-testid={`order-driver-${o.order_id}`}>
            {t("fields.driver")}: {o.driver_name}
          </Text>
        )}
        {o.cancel_reason_text && (
          <Text size="xs" c="red">
            {o.cancel_reason_text}
          </Text>
        )}
        <OrderActions order={o} onCancel={() => setCancelling(o.order_id)} />
      </Stack>
    </Card>
  );
  return (
    <>
      <PageHeader title={t("board.title")} description={t("board.description")} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md" data-testid="online-orders-board">
        {BOARD_COLUMNS.map((c) => (
          <Stack key={c} gap="sm" data-testid={`board-column-${c}`}>
            <Group justify="space-between">
              <Title order={5}>{t(`board.columns.${c}`)}</Title>
              <Badge variant="light">{byColumn(c).length}</Badge>
            </Group>
            <ScrollArea.Autosize mah="70vh">
              <Stack gap="sm">{byColumn(c).map(card)}</Stack>
            </ScrollArea.Autosize>
          </Stack>
        ))}
      </SimpleGrid>
      {open !== null && <OrderDetail orderId={open} onClose={() => setOpen(null)} />}
      {cancelling !== null && <CancelDialog orderId={cancelling} onClose={() => setCancelling(null)} />}
    </>
  );
}
