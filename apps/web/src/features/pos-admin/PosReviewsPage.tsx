import { Badge, Button, Code, Group, Stack, Table, Text, Textarea } from "@mantine/core";
import { IconCheck, IconEye, IconX } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api/client";
import { type Column, DataTable, type RowAction } from "../../shared/DataTable";
import { AppDialog } from "../../shared/DialogHeader";
import { shown } from "../../shared/documents/routeParams";
import { useFormat } from "../../shared/format";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { POS_REVIEWS, type ReviewRecord, reviewQuery } from "./posAdmin.queries";

type ReviewRow = Pick<
  ReviewRecord,
  "id" | "user_name" | "reason" | "status" | "idempotency_key" | "resolution_note" | "resolved_by_name" | "created_at"
>;

const COLOR: Record<ReviewRecord["status"], string> = { open: "orange", booked: "green", dismissed: "gray" };

/** One queued sale as the till sent it, and the manager's resolution. */
function ReviewDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation("posadmin");
  const fmt = useFormat();
  const names = useSeededNames();
  const queryClient = useQueryClient();
  const review = useQuery(reviewQuery(id));
  const [note, setNote] = useState("");
  const resolve = useMutation({
    mutationFn: (resolution: "booked" | "dismissed") =>
      api<{ message: string }>(`${POS_REVIEWS}/${id}/resolve`, { method: "POST", body: { resolution, note: note || null } }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void queryClient.invalidateQueries({ queryKey: [POS_REVIEWS] });
      onClose();
    },
    onError: notifyError,
    meta: { silent: true },
  });
  const r = review.data;
  return (
    <AppDialog onClose={onClose} size="lg" icon={<IconEye size={20} />} title={t("reviews.view")} testId="pos-review-dialog">
      {r && (
        <Stack p="lg" data-testid="review-dialog">
          <Group>
            <Badge color={COLOR[r.status]}>{t(`reviews.status.${r.status}`)}</Badge>
            <Text size="sm">{r.user_name}</Text>
            <Text size="sm">
              {t("reviews.madeAt")}: {r.made_at ? fmt.dateTime(r.made_at) : "—"}
            </Text>
            <Text size="sm" c="dimmed">
              {t("reviews.receivedAt")}: {fmt.dateTime(r.created_at)}
            </Text>
          </Group>
          <Text fw={600}>{shown(r.reason)}</Text>
          {Object.entries(r.errors ?? {})
            .filter(([, msgs]) => msgs[0] && msgs[0] !== r.reason)
            .map(([field, msgs]) => {
              const line = /^lines\.(\d+)\./.exec(field);
              return (
                <Text key={field} size="sm" c="var(--mantine-color-error)">
                  {line ? `${t("reviews.line", { n: Number(line[1]) + 1 })}: ` : ""}
                  {shown(msgs[0])}
                </Text>
              );
            })}
          {r.customer_name && (
            <Text size="sm">
              {t("fields.customer")}: {names.party(r.customer_name)}
            </Text>
          )}
          <Table withTableBorder data-testid="review-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t("fields.item")}</Table.Th>
                <Table.Th>{t("fields.unit")}</Table.Th>
                <Table.Th>{t("fields.quantity")}</Table.Th>
                <Table.Th>{t("fields.unit_price")}</Table.Th>
                <Table.Th>{t("fields.discount")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.lines.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the till's lines have no id of their own; their order is fixed
                <Table.Tr key={i}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{l.item_name ?? `#${l.item_fk ?? "?"}`}</Table.Td>
                  <Table.Td>{l.unit_name ? names.unit(l.unit_name) : `#${l.unit_fk ?? "?"}`}</Table.Td>
                  <Table.Td className="amount">{l.quantity ? fmt.amount(l.quantity) : "—"}</Table.Td>
                  <Table.Td className="amount">{l.unit_price ? fmt.amount(l.unit_price) : t("reviews.listPrice")}</Table.Td>
                  <Table.Td className="amount">
                    {l.discount ? `${fmt.amount(l.discount)}${l.discount_type === "percent" ? "%" : ""}` : "—"}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm">
            {(r.body.payments ?? [])
              .map((p) => `${t(`methods.${p.method}`)} ${fmt.amount(p.amount)} ${p.currency_id === 2 ? "USD" : "IQD"}`)
              .join(" + ")}
          </Text>
          <Code block dir="ltr">
            {r.idempotency_key}
          </Code>
          {r.status === "open" ? (
            <>
              <Textarea label={t("fields.note")} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={140} />
              <Group justify="flex-end">
                <Button
                  variant="default"
                  leftSection={<IconX size={16} />}
                  loading={resolve.isPending}
                  onClick={() => resolve.mutate("dismissed")}
                >
                  {t("reviews.dismiss")}
                </Button>
                <Button
                  leftSection={<IconCheck size={16} />}
                  loading={resolve.isPending}
                  onClick={() => resolve.mutate("booked")}
                  data-testid="review-booked"
                >
                  {t("reviews.booked")}
                </Button>
              </Group>
            </>
          ) : (
            <Text size="sm">
              {r.resolved_by_name} {r.resolved_at ? fmt.dateTime(r.resolved_at) : ""} {r.resolution_note ?? ""}
            </Text>
          )}
        </Stack>
      )}
    </AppDialog>
  );
}

/** Offline sales the server could not book as they stood, for a manager to enter by hand or dismiss. */
export function PosReviewsPage() {
  const { t } = useTranslation("posadmin");
  const [open, setOpen] = useState<number | null>(null);
  const columns: Column<ReviewRow>[] = [
    { key: "id", label: "posadmin:fields.id" },
    { key: "created_at", label: "posadmin:fields.created_at", format: "datetime" },
    { key: "user_name", label: "posadmin:fields.cashier" },
    { key: "reason", label: "posadmin:fields.reason", text: (r) => shown(r.reason) },
    {
      key: "status",
      label: "posadmin:fields.status",
      text: (r) => t(`reviews.status.${r.status}`),
      render: (r) => <Badge color={COLOR[r.status]}>{t(`reviews.status.${r.status}`)}</Badge>,
    },
    { key: "resolved_by_name", label: "posadmin:fields.resolved_by" },
    { key: "resolution_note", label: "posadmin:fields.note" },
  ];
  const actions: RowAction<ReviewRow>[] = [
    { key: "view", label: "posadmin:actions.view", icon: IconEye, permission: "pos_admin_sales/view_all", onClick: (r) => setOpen(r.id) },
  ];
  return (
    <>
      <PageHeader title={t("reviews.title")} description={t("reviews.description")} />
      <DataTable<ReviewRow>
        endpoint={POS_REVIEWS}
        model={POS_REVIEWS}
        title="posadmin:reviews.title"
        columns={columns}
        rowKey={(r) => r.id}
        filters={[
          {
            key: "status",
            label: "posadmin:fields.status",
            type: "select",
            options: (["open", "booked", "dismissed"] as const).map((v) => ({ value: v, label: `posadmin:reviews.status.${v}` })),
          },
        ]}
        dateFilter
        defaultSort="created_at"
        actions={actions}
      />
      {open !== null && <ReviewDialog id={open} onClose={() => setOpen(null)} />}
    </>
  );
}
