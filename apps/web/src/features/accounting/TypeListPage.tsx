import { ZMoneyType } from "@app/contracts";
import { Button, TextInput } from "@mantine/core";
import { IconCategory, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { EP, type NamedType } from "../../shared/api/ledger";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable, editDeleteActions } from "../../shared/DataTable";
import { FormDialog } from "../../shared/FormDialog";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { useZodForm } from "../../shared/useZodForm";

type TypeEndpoint = typeof EP.expenseTypes | typeof EP.incomeTypes;

interface TypeRow extends NamedType {
  note?: string | null;
  created_at?: string;
}

/** i18n prefix inside the accounting namespace for each type screen. */
const PREFIX: Record<TypeEndpoint, "expenseTypes" | "incomeTypes"> = { expense_types: "expenseTypes", income_types: "incomeTypes" };

function TypeForm({ endpoint, row, onClose }: { endpoint: TypeEndpoint; row: TypeRow | null; onClose: () => void }) {
  const { t } = useTranslation("accounting");
  const p = PREFIX[endpoint];
  const form = useZodForm({ type_name: row?.type_name ?? "" });
  const { create, update } = useCrud(endpoint, { onInvalid: form.applyServerErrors });
  const submit = () => {
    const body = form.validate(ZMoneyType);
    if (!body) return;
    if (row) update.mutate({ id: row.type_id, body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };
  return (
    <FormDialog
      title={row ? t(`${p}.edit`) : t(`${p}.add`)}
      icon={<IconCategory size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      testId="type-form"
      saveTestId="type-save"
    >
      <TextInput label={t("fields.type_name")} withAsterisk data-autofocus {...form.text("type_name")} />
    </FormDialog>
  );
}

/** Expense types and income types: a name each; each type has its own ledger account on the server. */
export function TypeListPage({ endpoint }: { endpoint: TypeEndpoint }) {
  const { t } = useTranslation("accounting");
  const can = useCan();
  const p = PREFIX[endpoint];
  const names = useSeededNames();
  const label = endpoint === EP.expenseTypes ? names.expenseType : names.incomeType;
  const [editing, setEditing] = useState<TypeRow | "new" | null>(null);
  const del = useConfirmDelete<TypeRow>(endpoint, { idOf: (r) => r.type_id, nameOf: (r) => r.type_name });
  const columns: Column<TypeRow>[] = [
    { key: "type_id", label: "accounting:fields.id" },
    { key: "type_name", label: "accounting:fields.type_name", text: (r) => label(r.type_name) },
    { key: "created_at", label: "common:createdAt", format: "datetime" },
  ];
  return (
    <>
      <PageHeader title={t(`${p}.title`)} description={t(`${p}.description`)} />
      <DataTable<TypeRow>
        endpoint={endpoint}
        model={endpoint}
        title={`accounting:${p}.title`}
        columns={columns}
        rowKey={(r) => r.type_id}
        defaultSort="type_id"
        toolbar={
          can(`${endpoint}/store`) && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="type-add">
              {t(`${p}.add`)}
            </Button>
          )
        }
        actions={editDeleteActions<TypeRow>(endpoint, setEditing, del.ask)}
      />
      {editing !== null && <TypeForm endpoint={endpoint} row={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}

export const ExpenseTypesPage = () => <TypeListPage endpoint={EP.expenseTypes} />;
export const IncomeTypesPage = () => <TypeListPage endpoint={EP.incomeTypes} />;
