import { Badge, Button, Card, Group, Radio, Stack, Table, Text, Textarea, Timeline, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../api";
import { formatMoney, formatQty } from "../money";
import { Link } from "../router";
import type { CancelBody, CancelMessage, Order, OrderSummary, Page } from "../types";
import { ErrorAlert, fieldError, Loading, useSignedIn } from "../ui";

// Filled shades whose text meets WCAG AA (the pending yellow takes dark text).
const STATUS_COLOR: Record<string, string> = { pending: "yellow", confirmed: "blue.9", delivered: "teal.9", cancelled: "gray.8" };

// Day and time as the back office writes them (DD/MM/YYYY HH:mm on the shop's clock) in every
// language: a browser without Kurdish locale data would otherwise name the month in English.
const WHEN = new Intl.DateTimeFormat("en-GB", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Asia/Baghdad",
});

function useWhen() {
  return (at: string | null) => (at ? WHEN.format(new Date(at)).replace(",", "") : "");
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status] ?? "gray.8"} autoContrast data-testid="order-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

function SignInFirst() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Text>{t("orders.signIn")}</Text>
      <Button component={Link} to="/sign-in?next=/orders">
        {t("app.signIn")}
      </Button>
    </Stack>
  );
}

/** My orders, newest first, each with its status. */
export function OrdersScreen() {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const when = useWhen();
  const orders = useQuery({
    queryKey: ["orders"],
    queryFn: () => api<Page<OrderSummary>>("/orders?per_page=50"),
    enabled: signedIn,
    staleTime: 0,
  });
  if (!signedIn) return <SignInFirst />;
  return (
    <Stack>
      <Title order={1} size="h3">
        {t("orders.title")}
      </Title>
      {orders.isPending && <Loading />}
      <ErrorAlert error={orders.error} />
      {orders.data?.data.length === 0 && <Text c="gray.7">{t("orders.empty")}</Text>}
      {orders.data?.data.map((o) => (
        <Card key={o.order_id} withBorder component={Link} to={`/orders/${o.order_id}`} data-testid="order-card">
          <Group justify="space-between">
            <Text fw={700} dir="ltr">
              {o.order_no}
            </Text>
            <StatusBadge status={o.status} />
          </Group>
          <Group justify="space-between" mt={4}>
            <Text size="sm" c="gray.7">
              {when(o.ordered_at)}
            </Text>
            <Text fw={600}>{t("money.iqd", { amount: formatMoney(o.total, i18n.language) })}</Text>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

function CancelForm({ order }: { order: Order }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const messages = useQuery({
    queryKey: ["cancellation_messages"],
    queryFn: () => api<{ data: CancelMessage[] }>("/cancellation_messages"),
  });
  const [choice, setChoice] = useState<string>("");
  const [reason, setReason] = useState("");
  const cancel = useMutation({
    mutationFn: (body: CancelBody) => api<{ data: Order }>(`/orders/${order.order_id}/cancel`, { method: "POST", body }),
    onSuccess: (r) => {
      qc.setQueryData(["order", order.order_id], { data: r.data });
      void qc.invalidateQueries({ queryKey: ["orders"] });
    },
  });
  const submit = () =>
    cancel.mutate(choice === "other" ? { other: true, reason: reason.trim() || null } : { message_id: choice ? Number(choice) : null });
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        {t("cancel.title")}
      </Title>
      <Radio.Group value={choice} onChange={setChoice} label={t("cancel.reason")} error={fieldError(cancel.error, "message_id")}>
        <Stack gap="xs" mt="xs">
          {(messages.data?.data ?? []).map((m) => (
            <Radio key={m.message_id} value={String(m.message_id)} label={m.message} />
          ))}
          <Radio value="other" label={t("cancel.other")} />
        </Stack>
      </Radio.Group>
      {choice === "other" && (
        <Textarea
          mt="xs"
          label={t("cancel.otherText")}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          error={fieldError(cancel.error, "reason")}
        />
      )}
      {cancel.error && !fieldError(cancel.error, "message_id") && !fieldError(cancel.error, "reason") && (
        <ErrorAlert error={cancel.error} />
      )}
      <Button mt="sm" color="red" variant="light" loading={cancel.isPending} onClick={submit}>
        {t("cancel.submit")}
      </Button>
    </Card>
  );
}

/** One order: its lines and totals, where it goes, its timeline, and Cancel while it may be. */
export function OrderScreen({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const when = useWhen();
  const order = useQuery({
    queryKey: ["order", id],
    queryFn: () => api<{ data: Order }>(`/orders/${id}`),
    enabled: signedIn,
    staleTime: 0,
  });
  if (!signedIn) return <SignInFirst />;
  if (order.isPending) return <Loading />;
  if (order.error) return <ErrorAlert error={order.error} />;
  const o = order.data.data;
  const iqd = (v: string) => t("money.iqd", { amount: formatMoney(v, i18n.language) });
  const cancellable = o.status === "pending" && o.cancellable_until !== null && new Date(o.cancellable_until) > new Date();
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t("order.title", { no: o.order_no })}
        </Title>
        <StatusBadge status={o.status} />
      </Group>
      <Table data-testid="order-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("order.item")}</Table.Th>
            <Table.Th ta="end">{t("order.quantity")}</Table.Th>
            <Table.Th ta="end">{t("order.lineTotal")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {o.lines.map((l) => (
            <Table.Tr key={`${l.item_id}:${l.unit_id}`}>
              <Table.Td>{l.item_name}</Table.Td>
              <Table.Td ta="end">
                {formatQty(l.quantity, i18n.language)} {l.unit_name}
              </Table.Td>
              <Table.Td ta="end">{iqd(l.line_total)}</Table.Td>
            </Table.Tr>
          ))}
          {Number(o.discount_amount) > 0 && (
            <Table.Tr>
              <Table.Td colSpan={2}>{t("cart.discount")}</Table.Td>
              <Table.Td ta="end">{iqd(o.discount_amount)}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Td colSpan={2} fw={700}>
              {t("cart.total")}
            </Table.Td>
            <Table.Td ta="end" fw={700} data-testid="order-total">
              {iqd(o.total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm">
        {t("order.deliverTo")}: {o.address.city_name} — {o.address.landmark}
        {o.address.street ? ` · ${o.address.street}` : ""}
      </Text>
      {o.note && <Text size="sm">{t("order.note", { note: o.note })}</Text>}
      {o.cancel_reason && (
        <Text size="sm" c="red.8">
          {t("order.cancelReason", { reason: o.cancel_reason })}
        </Text>
      )}
      <Title order={2} size="h4">
        {t("order.timeline")}
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={o.timeline.length - 1}>
        {o.timeline.map((e) => (
          <Timeline.Item key={`${e.at}-${e.action}-${e.status}`} title={t(`action.${e.action}`, { defaultValue: t(`status.${e.status}`) })}>
            <Text size="xs" c="gray.7">
              {when(e.at)} · {e.by_customer ? t("order.byYou") : t("order.byShop")}
            </Text>
            {e.note && <Text size="sm">{e.note}</Text>}
          </Timeline.Item>
        ))}
      </Timeline>
      {cancellable && <CancelForm order={o} />}
    </Stack>
  );
}
