import { ZPin } from "@app/contracts";
import { Button, PasswordInput, TextInput } from "@mantine/core";
import { IconKey, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { Autocomplete, type Choice } from "../../shared/Autocomplete";
import type { StaffRow } from "../../shared/api/staff";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable, editDeleteActions } from "../../shared/DataTable";
import { FormDialog } from "../../shared/FormDialog";
import { PageHeader } from "../../shared/PageHeader";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { useZodForm } from "../../shared/useZodForm";

const PINS_ENDPOINT = "user_pins";

interface PinRow {
  id: number;
  name: string;
  /** Masked by the server; the PIN itself is never sent back. */
  pin: string;
  user_id: number | null;
  user_name: string | null;
}

const columns: Column<PinRow>[] = [
  { key: "name", label: "pins:fields.name" },
  { key: "pin", label: "pins:fields.pin" },
  { key: "user_name", label: "pins:fields.user_name" },
];

function PinForm({ row, onClose }: { row: PinRow | null; onClose: () => void }) {
  const { t } = useTranslation("pins");
  const form = useZodForm<{ name: string; pin: string; user: Choice | null }>({
    name: row?.name ?? "",
    pin: "",
    user: row?.user_id ? { value: row.user_id, label: row.user_name ?? "" } : null,
  });
  const { create, update } = useCrud(PINS_ENDPOINT, { onInvalid: form.applyServerErrors });
  const submit = () => {
    const input = { name: form.values.name, pin: form.values.pin, user_id: form.values.user?.value ?? null };
    // On edit an empty PIN keeps the current one.
    if (row && input.pin === "") {
      const body = form.validate(ZPin.omit({ pin: true }), input);
      if (body) update.mutate({ id: row.id, body }, { onSuccess: onClose });
      return;
    }
    const body = form.validate(ZPin, input);
    if (!body) return;
    if (row) update.mutate({ id: row.id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };
  return (
    <FormDialog
      title={row ? t("edit") : t("add")}
      icon={<IconKey size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      testId="pin-form"
      saveTestId="pin-save"
    >
      <TextInput label={t("fields.name")} withAsterisk {...form.text("name")} />
      <PasswordInput
        label={t("fields.pin")}
        withAsterisk={!row}
        description={row ? t("pinKeep") : undefined}
        inputMode="numeric"
        {...form.text("pin")}
        autoComplete="new-password"
      />
      <Autocomplete<StaffRow>
        endpoint="users"
        label={t("fields.user_name")}
        placeholder={t("chooseUser")}
        toChoice={(u) => ({ value: u.user_id, label: u.user_full_name ? `${u.user_name} — ${u.user_full_name}` : u.user_name })}
        value={form.values.user}
        onChange={(c) => form.set("user", c)}
        error={form.error("user_id")}
        data-testid="pin-user"
      />
    </FormDialog>
  );
}

export function PinListPage() {
  const { t } = useTranslation("pins");
  const can = useCan();
  const [editing, setEditing] = useState<PinRow | "new" | null>(null);
  const del = useConfirmDelete<PinRow>(PINS_ENDPOINT, { idOf: (r) => r.id, nameOf: (r) => r.name });
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <DataTable<PinRow>
        endpoint={PINS_ENDPOINT}
        model="user_pins"
        title="nav:items.pins"
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort="id"
        toolbar={
          can("user_pins/store") && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="pin-add">
              {t("add")}
            </Button>
          )
        }
        actions={editDeleteActions<PinRow>("user_pins", setEditing, del.ask)}
      />
      {editing !== null && <PinForm row={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}
