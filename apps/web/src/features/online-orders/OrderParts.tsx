import { Badge, Button, Group, Radio, Select, Stack, Table, Text, Textarea } from "@mantine/core";
import { IconBan, IconShoppingBag } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { AppDialog } from "../../shared/DialogHeader";
import { useFormat } from "../../shared/format";
import { type BoardOrder, cancellationMessagesQuery, type OrderAction, orderQuery, useOrderAction } from "./onlineOrders.queries";

const STATUS_COLORS: Record<string, string> = {
  pending: "orange",
  confirmed: "blue",
  out_for_delivery: "violet",
  delivered: "teal",
  cancelled: "red",
  returned: "gray",
};

export function StatusBadge({ value }: { value: string }) {
  const { t } = useTranslation("onlineorders");
  return (
    <Badge color={STATUS_COLORS[value] ?? "gray"} variant="light" data-testid="order-status">
      {t(`status.${value}`)}
    </Badge>
  );
}

/** The actions an order offers in its state, each shown to those holding its key. */
export function OrderActions({ order, onCancel }: { order: BoardOrder; onCancel: () => void }) {
  const { t } = useTranslation("onlineorders");
  const can = useCan();
  const act = useOrderAction();
  const button = (action: OrderAction, key: string, label: string, color?: string) =>
    can(key) ? (
      <Button
        key={action}
        size="xs"
        variant={color ? "filled" : "light"}
        color={color}
        loading={act.isPending && act.variables?.action === action}
        onClick={(e) => {
          e.stopPropagation();
          act.mutate({ id: order.order_id, action });
        }}
        data-testid={`order-${action}-${order.order_id}`}
      >
        {t(label)}
      </Button>
    ) : null;
  const cancel = can("online_orders/destroy") ? (
    <Button
      key="cancel"
      size="xs"
      variant="subtle"
      color="red"
      onClick={(e) => {
        e.stopPropagation();
        onCancel();
      }}
      data-testid={`order-cancel-${order.order_id}`}
    >
      {t("actions.cancel")}
    </Button>
  ) : null;
  const { status } = order;
  return (
    <Group gap={6}>
      {status === "pending" && [button("confirm", "online_orders/receive", "actions.confirm", "blue"), cancel]}
      {status === "confirmed" && [
        button("deliver", "online_orders/store", "actions.deliver", "teal"),
        button("return_to_pending", "online_orders/update", "actions.returnToPending"),
        cancel,
      ]}
      {(status === "delivered" || status === "cancelled") && button("return_to_confirm", "online_orders/update", "actions.returnToConfirm")}
    </Group>
  );
}

/** Cancel Order: a message from the list, or Other with the reason written. */
export function CancelDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation("onlineorders");
  const messages = useQuery(cancellationMessagesQuery);
  const act = useOrderAction();
  const [choice, setChoice] = useState<string>("list");
  const [messageId, setMessageId] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const submit = () =>
    act.mutate(
      {
        id: orderId,
        action: "cancel",
        body: choice === "other" ? { other: true, reason } : { message_id: messageId ? Number(messageId) : null },
      },
      { onSuccess: onClose },
    );
  return (
    <AppDialog onClose={onClose} title={t("cancel.title")} icon={<IconBan size={18} />} testId="cancel-order-dialog">
      <Stack p="lg">
        <Radio.Group value={choice} onChange={setChoice} label={t("cancel.reason")}>
          <Group mt="xs">
            <Radio value="list" label={t("cancel.fromList")} />
            <Radio value="other" label={t("cancel.other")} data-testid="cancel-other" />
          </Group>
        </Radio.Group>
        {choice === "list" ? (
          <Select
            label={t("cancel.message")}
            data={(messages.data ?? []).map((m) => ({ value: String(m.message_id), label: m.message }))}
            value={messageId}
            onChange={setMessageId}
            data-testid="cancel-message"
          />
        ) : (
          <Textarea
            label={t("cancel.otherText")}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-testid="cancel-reason"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common:cancel")}
          </Button>
          <Button color="red" loading={act.isPending} onClick={submit} data-testid="cancel-order-submit">
            {t("actions.cancel")}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}

/** One order: who and when ordered, confirmed, delivered or cancelled and why, the invoice, the customer, the address, the lines and the timeline. */
export function OrderDetail({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation("onlineorders");
  const f = useFormat();
  const order = useQuery(orderQuery(orderId));
  const o = order.data;
  const [cancelling, setCancelling] = useState(false);
  const row = (label: string, value: React.ReactNode, testId?: string) => (
    <Table.Tr>
      <Table.Th w="35%">{t(label)}</Table.Th>
      <Table.Td data-testid={testId}>{value}</Table.Td>
    </Table.Tr>
  );
  const who = (at: string | null, name: string | null) => (at ? `${f.dateTime(at)}${name ? ` · ${name}` : ""}` : "—");
  return (
    <AppDialog
      onClose={onClose}
      title={o ? t("detail.title", { no: o.order_no }) : t("detail.loading")}
      icon={<IconShoppingBag size={18} />}
      size="xl"
      testId="order-detail"
    >
      {o && (
        <Stack p="lg">
          <Group justify="space-between">
            <StatusBadge value={o.board_column} />
            <OrderActions order={o} onCancel={() => setCancelling(true)} />
          </Group>
          <Table withTableBorder>
            <Table.Tbody>
              {row("fields.customer", `${o.customer_name ?? ""} · ${o.customer_mobile ?? ""}`)}
              {row("fields.address", [o.address.city_name, o.address.landmark, o.address.street].filter(Boolean).join(" · "))}
              {row("fields.total", f.money(o.total, o.currency_id), "order-total")}
              {row("fields.ordered", who(o.ordered_at, null))}
              {row("fields.confirmed", who(o.confirmed_at, o.confirmed_by_name), "order-confirmed")}
              {row("fields.delivered", who(o.delivered_at, o.delivered_by_name), "order-delivered")}
              {o.driver_name && row("fields.driver", o.driver_name, "order-driver")}
              {row(
                "fields.invoice",
                o.invoice_status ? `${o.sale_number ?? ""} · ${t(`status.${o.invoice_status}`)}` : "—",
                "order-invoice",
              )}
              {o.status === "cancelled" && row("fields.cancelled", who(o.cancelled_at, o.cancelled_by_name))}
              {o.cancel_reason_text && row("fields.cancelReason", o.cancel_reason_text, "order-cancel-reason")}
            </Table.Tbody>
          </Table>
          <Table striped withTableBorder data-testid="order-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("fields.item")}</Table.Th>
                <Table.Th>{t("fields.quantity")}</Table.Th>
                <Table.Th>{t("fields.price")}</Table.Th>
                <Table.Th>{t("fields.lineTotal")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.lines.map((l) => (
                <Table.Tr key={l.line_id}>
                  <Table.Td>{l.item_name}</Table.Td>
                  <Table.Td>
                    {f.amount(l.quantity)} {l.unit_name}
                  </Table.Td>
                  <Table.Td>{f.money(l.net_price, o.currency_id)}</Table.Td>
                  <Table.Td>{f.money(l.line_total, o.currency_id)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text fw={600}>{t("detail.timeline")}</Text>
          <Stack gap={4} data-testid="order-timeline">
            {o.events.map((e) => (
              <Text key={e.event_id} size="sm">
                {f.dateTime(e.at)} · {t(`events.${e.action}`, { defaultValue: e.action })} ·{" "}
                {e.by_customer ? t("detail.byCustomer") : (e.user_name ?? t("detail.byServer"))}
                {e.note ? ` · ${e.note}` : ""}
              </Text>
            ))}
          </Stack>
        </Stack>
      )}
      {cancelling && <CancelDialog orderId={orderId} onClose={() => setCancelling(false)} />}
    </AppDialog>
  );
}
