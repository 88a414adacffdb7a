import { ZCancellationMessage } from "@app/contracts";
import { Button, Stack, Switch, TextInput } from "@mantine/core";
import { IconMessageX, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { ActiveBadge } from "../../shared/ActiveBadge";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable, editDeleteActions, type FilterField } from "../../shared/DataTable";
import { FormDialog } from "../../shared/FormDialog";
import { PageHeader } from "../../shared/PageHeader";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { useZodForm } from "../../shared/useZodForm";
import { ArrangeButtons } from "./ArrangeButtons";
import { type CancellationMessageRow, MOBILE_ENDPOINTS, useMoveRow } from "./mobileApp.queries";

const ENDPOINT = MOBILE_ENDPOINTS.cancellation;
const ACTIVE_FILTER: FilterField[] = [
  {
    key: "active",
    label: "mobileapp:fields.active",
    type: "select",
    options: [
      { value: "1", label: "common:status.active" },
      { value: "0", label: "common:status.inactive" },
    ],
  },
];

/** The reasons offered when an online order is cancelled, in the order the app lists them; "Other" always follows them. */
export function CancellationMessagesPage() {
  const { t } = useTranslation("mobileapp");
  const can = useCan();
  const [editing, setEditing] = useState<CancellationMessageRow | "new" | null>(null);
  const move = useMoveRow(ENDPOINT, "message_id");
  const del = useConfirmDelete<CancellationMessageRow>(ENDPOINT, { idOf: (r) => r.message_id, nameOf: (r) => r.message });
  const canMove = can(`${ENDPOINT}/update`);

  const columns: Column<CancellationMessageRow>[] = [
    {
      key: "arrangement",
      label: "mobileapp:fields.arrangement",
      render: (r) => (
        <ArrangeButtons
          place={r.arrangement}
          canMove={canMove}
          busy={move.isPending}
          onMove={(step) => move.mutate({ id: r.message_id, step })}
          testId={`move-${r.message_id}`}
        />
      ),
    },
    { key: "message", label: "mobileapp:fields.message" },
    { key: "active", label: "mobileapp:fields.active", render: (r) => <ActiveBadge on={r.active} /> },
  ];

  return (
    <>
      <PageHeader title={t("cancellation.title")} description={t("cancellation.description")} />
      <DataTable<CancellationMessageRow>
        endpoint={ENDPOINT}
        model="order_cancellation_messages"
        title="mobileapp:cancellation.title"
        columns={columns}
        rowKey={(r) => r.message_id}
        defaultSort="arrangement"
        defaultDir="asc"
        filters={ACTIVE_FILTER}
        toolbar={
          can(`${ENDPOINT}/store`) && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="cancellation-add">
              {t("cancellation.add")}
            </Button>
          )
        }
        actions={editDeleteActions<CancellationMessageRow>(ENDPOINT, (r) => setEditing(r), del.ask)}
      />
      {editing !== null && <MessageForm row={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}

function MessageForm({ row, onClose }: { row: CancellationMessageRow | null; onClose: () => void }) {
  const { t } = useTranslation("mobileapp");
  const form = useZodForm<{ message: string; active: boolean }>({ message: row?.message ?? "", active: row?.active ?? true });
  const { create, update } = useCrud(ENDPOINT, { onInvalid: form.applyServerErrors });
  const submit = () => {
    const body = { message: form.values.message, active: form.values.active };
    if (!form.validate(ZCancellationMessage, body)) return;
    if (row) update.mutate({ id: row.message_id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };
  return (
    <FormDialog
      title={t(row ? "cancellation.edit" : "cancellation.add")}
      icon={<IconMessageX size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      testId="cancellation-form"
      saveTestId="cancellation-save"
    >
      <Stack>
        <TextInput
          label={t("fields.message")}
          withAsterisk
          name="message"
          value={form.values.message}
          onChange={(e) => form.set("message", e.currentTarget.value)}
          error={form.error("message")}
          data-testid="field-message"
        />
        <Switch
          label={t("common:status.active")}
          checked={form.values.active}
          onChange={(e) => form.set("active", e.currentTarget.checked)}
          data-testid="field-active"
        />
      </Stack>
    </FormDialog>
  );
}
