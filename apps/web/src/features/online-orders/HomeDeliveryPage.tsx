import { Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconCash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { ApiError, api } from "../../shared/api/client";
import { AppDialog } from "../../shared/DialogHeader";
import { useFormat } from "../../shared/format";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import {
  type BoardOrder,
  boardQuery,
  type DriverCash,
  driversQuery,
  onlineOrdersKey,
  settlementAccountsQuery,
  staffQuery,
  useOrderAction,
} from "./onlineOrders.queries";

/** Settle a driver: the cash counted per currency, each into a cash account of that currency. */
function SettleDialog({ driver, onClose }: { driver: DriverCash; onClose: () => void }) {
  const { t } = useTranslation("onlineorders");
  const f = useFormat();
  const queryClient = useQueryClient();
  const accounts = useQuery(settlementAccountsQuery);
  const [counted, setCounted] = useState({
    iqd: driver.cash_iqd.replace(/\.?0+$/, "") || "0",
    usd: driver.cash_usd.replace(/\.?0+$/, "") || "0",
  });
  const [account, setAccount] = useState<{ iqd: string | null; usd: string | null }>({ iqd: null, usd: null });
  const [errors, setErrors] = useState<Record<string, string | string[]>>({});
  const settle = useMutation({
    mutationFn: () =>
      api<{ message: string }>("home_delivery/settlements", {
        method: "POST",
        body: {
          driver_id: driver.driver_id,
          counted_iqd: counted.iqd,
          counted_usd: counted.usd,
          account_iqd: account.iqd ? Number(account.iqd) : null,
          account_usd: account.usd ? Number(account.usd) : null,
        },
      }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void queryClient.invalidateQueries({ queryKey: onlineOrdersKey });
      onClose();
    },
    onError: (e) => {
      if (e instanceof ApiError) setErrors(e.body.errors ?? {});
      notifyError(e);
    },
    meta: { silent: true },
  });
  const options = (currency: number) =>
    (accounts.data ?? []).filter((a) => a.currency_id === currency).map((a) => ({ value: String(a.account_id), label: a.account_name }));
  const first = (k: string) => [errors[k] ?? []].flat()[0];
  return (
    <AppDialog
      onClose={onClose}
      title={t("delivery.settleTitle", { name: driver.user_name })}
      icon={<IconCash size={18} />}
      testId="settle-dialog"
    >
      <Stack p="lg">
        {(
          [
            ["iqd", 1, driver.cash_iqd],
            ["usd", 2, driver.cash_usd],
          ] as const
        ).map(([k, currency, expected]) => (
          <Card key={k} withBorder p="sm">
            <Text size="sm" mb="xs">
              {t("delivery.expected")}: <b data-testid={`settle-expected-${k}`}>{f.money(expected, currency)}</b> {t(`currency.${k}`)}
            </Text>
            <Group grow>
              <TextInput
                label={t(`delivery.counted_${k}`)}
                value={counted[k]}
                onChange={(e) => setCounted({ ...counted, [k]: e.currentTarget.value })}
                error={first(`counted_${k}`)}
                dir="ltr"
                data-testid={`settle-counted-${k}`}
              />
              <Select
                label={t(`delivery.account_${k}`)}
                data={options(currency)}
                value={account[k]}
                onChange={(v) => setAccount({ ...account, [k]: v })}
                error={first(`account_${k}`)}
                data-testid={`settle-account-${k}`}
              />
            </Group>
          </Card>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common:cancel")}
          </Button>
          <Button loading={settle.isPending} onClick={() => settle.mutate()} data-testid="settle-submit">
            {t("delivery.settle")}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}

/**
 * Home delivery (SPEC §2 /sales/home-delivery): confirmed orders given a driver and handed over,
 * delivered from here; each driver's cash in hand per currency and its settlement.
 */
export function HomeDeliveryPage() {
  const { t } = useTranslation("onlineorders");
  const f = useFormat();
  const can = useCan();
  const board = useQuery(boardQuery);
  const drivers = useQuery(driversQuery);
  const staff = useQuery(staffQuery);
  const act = useOrderAction();
  const [chosen, setChosen] = useState<Record<number, string | null>>({});
  const [settling, setSettling] = useState<DriverCash | null>(null);
  const orders = (board.data ?? []).filter((o) => o.status === "confirmed");
  const row = (o: BoardOrder) => (
    <Table.Tr key={o.order_id} data-testid={`delivery-row-${o.order_id}`}>
      <Table.Td dir="ltr">{o.order_no}</Table.Td>
      <Table.Td>
        {o.customer_name}
        <Text size="xs" c="dimmed">
          {[o.address.city_name, o.address.landmark, o.address.street].filter(Boolean).join(" · ")}
        </Text>
      </Table.Td>
      <Table.Td>{f.money(o.total, o.currency_id)}</Table.Td>
      <Table.Td>
        {o.handed_over_at ? (
          <Text size="sm" data-testid={`delivery-driver-${o.order_id}`}>
            {o.driver_name}
          </Text>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Select
              size="xs"
              searchable
              placeholder={t("delivery.chooseDriver")}
              data={(staff.data ?? []).map((u) => ({ value: String(u.user_id), label: u.user_name }))}
              value={chosen[o.order_id] ?? (o.driver_fk ? String(o.driver_fk) : null)}
              onChange={(v) => setChosen({ ...chosen, [o.order_id]: v })}
              data-testid={`delivery-driver-select-${o.order_id}`}
            />
            <Button
              size="xs"
              variant="light"
              disabled={!chosen[o.order_id]}
              onClick={() => act.mutate({ id: o.order_id, action: "assign_driver", body: { driver_id: Number(chosen[o.order_id]) } })}
              data-testid={`delivery-assign-${o.order_id}`}
            >
              {t("delivery.assign")}
            </Button>
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs">
          {o.driver_fk && !o.handed_over_at && (
            <Button
              size="xs"
              onClick={() => act.mutate({ id: o.order_id, action: "hand_over" })}
              data-testid={`delivery-handover-${o.order_id}`}
            >
              {t("delivery.handOver")}
            </Button>
          )}
          {o.handed_over_at && can("online_orders/store") && (
            <Button
              size="xs"
              color="teal"
              onClick={() => act.mutate({ id: o.order_id, action: "deliver" })}
              data-testid={`delivery-deliver-${o.order_id}`}
            >
              {t("actions.deliver")}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
  return (
    <>
      <PageHeader title={t("delivery.title")} description={t("delivery.description")} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack>
          <Title order={5}>{t("delivery.orders")}</Title>
          <Table withTableBorder striped data-testid="delivery-orders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("fields.orderNo")}</Table.Th>
                <Table.Th>{t("fields.customer")}</Table.Th>
                <Table.Th>{t("fields.total")}</Table.Th>
                <Table.Th>{t("fields.driver")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {orders.map(row)}
              {!orders.length && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" size="sm">
                      {t("delivery.none")}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Stack>
        <Stack>
          <Title order={5}>{t("delivery.drivers")}</Title>
          <Table withTableBorder striped data-testid="delivery-drivers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("fields.driver")}</Table.Th>
                <Table.Th>{t("delivery.cash_iqd")}</Table.Th>
                <Table.Th>{t("delivery.cash_usd")}</Table.Th>
                <Table.Th>{t("delivery.out")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(drivers.data ?? []).map((d) => (
                <Table.Tr key={d.driver_id} data-testid={`driver-row-${d.driver_id}`}>
                  <Table.Td>{d.user_name}</Table.Td>
                  <Table.Td data-testid={`driver-cash-iqd-${d.driver_id}`}>{f.money(d.cash_iqd, 1)}</Table.Td>
                  <Table.Td data-testid={`driver-cash-usd-${d.driver_id}`}>{f.money(d.cash_usd, 2)}</Table.Td>
                  <Table.Td>{d.out_count}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => setSettling(d)} data-testid={`driver-settle-${d.driver_id}`}>
                      {t("delivery.settle")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </SimpleGrid>
      {settling && <SettleDialog driver={settling} onClose={() => setSettling(null)} />}
    </>
  );
}
