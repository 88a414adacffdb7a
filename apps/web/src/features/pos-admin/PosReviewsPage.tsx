import { Badge, Button, Code, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { IconCheck, IconEye, IconX } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api/client";
import { type Column, DataTable, type RowAction } from "../../shared/DataTable";
import { DialogHeader } from "../../shared/DialogHeader";
import { useFormat } from "../../shared/format";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { shown } from "../purchases/routeParams";
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
    <Modal opened onClose={onClose} withCloseButton={false} size="lg" padding={0}>
      <DialogHeader icon={<IconEye size={20} />} title={t("reviews.view")} onClose={onClose} />
      {r && (
        <Stack p="lg" data-testid="review-dialog">
          <Group>
            <Badge color={COLOR[r.status]}>{t(`reviews.status.${r.status}`)}</Badge>
            <Text size="sm">{fmt.dateTime(r.created_at)}</Text>
            <Text size="sm">{r.user_name}</Text>
          </Group>
          <Text fw={600}>{shown(r.reason)}</Text>
          {r.errors &&
            Object.entries(r.errors).map(([field, msgs]) => (
              <Text key={field} size="sm" c="red">
                {field}: {shown(msgs[0])}
              </Text>
            ))}
          <Text size="sm">
            {t("reviews.lines", { count: r.body.lines?.length ?? 0 })} ·{" "}
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
    </Modal>
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
