import type { PermissionRequirement } from "@app/contracts";
import { Button, Select, SimpleGrid, Switch, Textarea, TextInput } from "@mantine/core";
import { type Icon, IconPlus } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable, editDeleteActions, type FilterField } from "../../shared/DataTable";
import { FormDialog } from "../../shared/FormDialog";
import { PageHeader } from "../../shared/PageHeader";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { useFocusReturn } from "../../shared/useFocusReturn";
import { useZodForm } from "../../shared/useZodForm";

export type FieldValue = string | boolean;

export interface RefField {
  key: string;
  /** i18n key of the label. */
  label: string;
  type: "text" | "textarea" | "switch" | "select";
  required?: boolean;
  /** Select choices; labels are shown as given. */
  options?: { value: string; label: string }[];
  /** Select values that are ids go to the server as numbers. */
  numeric?: boolean;
  /** Takes the whole row of the two-column form. */
  wide?: boolean;
  initial?: FieldValue;
}

/** The body the server expects: trimmed text, empty optional values as null, ids as numbers. */
export function toPayload(fields: RefField[], values: Record<string, FieldValue>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.key];
    if (typeof v === "boolean") body[f.key] = v;
    else {
      const s = (v ?? "").trim();
      body[f.key] = s === "" ? null : f.numeric ? Number(s) : s;
    }
  }
  return body;
}

/** Field keys left empty although required. */
export function missingRequired(fields: RefField[], values: Record<string, FieldValue>): string[] {
  return fields.filter((f) => f.required && f.type !== "switch" && String(values[f.key] ?? "").trim() === "").map((f) => f.key);
}

const initialValues = (fields: RefField[], row?: Record<string, unknown>): Record<string, FieldValue> =>
  Object.fromEntries(
    fields.map((f) => {
      const v = row?.[f.key];
      if (f.type === "switch") return [f.key, typeof v === "boolean" ? v : ((f.initial as boolean | undefined) ?? false)];
      return [f.key, v === null || v === undefined ? String(f.initial ?? "") : String(v)];
    }),
  );

interface Props<Row extends object> {
  /** Key of this screen's texts under settings: (title, description, add, edit). */
  page: string;
  endpoint: string;
  /** Permission section of SPEC §6 (units → units/store, units/update, units/destroy). */
  section: string;
  model: string;
  icon: Icon;
  idOf: (row: Row) => number;
  nameOf: (row: Row) => string;
  columns: Column<Row>[];
  fields: RefField[];
  filters?: FilterField[];
  defaultSort?: string;
  /** Extra content beside the page title. */
  aside?: ReactNode;
}

/** A reference-data screen: the shared list with add, edit and delete in a dialog. */
export function ReferencePage<Row extends object>(props: Props<Row>) {
  const { t } = useTranslation("settings");
  const can = useCan();
  const [editing, setEditing] = useState<Row | "new" | null>(null);
  const del = useConfirmDelete<Row>(props.endpoint, { idOf: props.idOf, nameOf: props.nameOf });
  const perm = (action: string): PermissionRequirement => `${props.section}/${action}`;

  return (
    <>
      <PageHeader title={t(`${props.page}.title`)} description={t(`${props.page}.description`)} actions={props.aside} />
      <DataTable<Row>
        endpoint={props.endpoint}
        model={props.model}
        title={`settings:${props.page}.title`}
        columns={props.columns}
        rowKey={props.idOf}
        filters={props.filters}
        defaultSort={props.defaultSort}
        toolbar={
          can(perm("store")) && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid={`${props.page}-add`}>
              {t(`${props.page}.add`)}
            </Button>
          )
        }
        actions={editDeleteActions<Row>(props.section, (r) => setEditing(r), del.ask)}
      />
      {editing !== null && (
        <ReferenceForm
          page={props.page}
          endpoint={props.endpoint}
          icon={props.icon}
          fields={props.fields}
          row={editing === "new" ? undefined : editing}
          id={editing === "new" ? null : props.idOf(editing)}
          onClose={() => setEditing(null)}
        />
      )}
      {del.dialog}
    </>
  );
}

function ReferenceForm<Row extends object>(props: {
  page: string;
  endpoint: string;
  icon: Icon;
  fields: RefField[];
  row: Row | undefined;
  id: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("settings");
  useFocusReturn();
  const form = useZodForm<Record<string, FieldValue>>(initialValues(props.fields, props.row as Record<string, unknown> | undefined));
  const { create, update } = useCrud(props.endpoint, { onInvalid: form.applyServerErrors });
  const creating = props.id === null;

  const submit = () => {
    const missing = missingRequired(props.fields, form.values);
    if (missing.length) {
      form.setErrors(Object.fromEntries(missing.map((k) => [k, t("required")])));
      return;
    }
    const body = toPayload(props.fields, form.values);
    if (props.id === null) create.mutate(body, { onSuccess: props.onClose });
    else update.mutate({ id: props.id, body }, { onSuccess: props.onClose });
  };

  const input = (f: RefField) => {
    const common = { label: t(f.label), withAsterisk: f.required, error: form.error(f.key), "data-testid": `field-${f.key}` };
    const v = form.values[f.key];
    switch (f.type) {
      case "switch":
        return (
          <Switch
            key={f.key}
            mt="lg"
            label={t(f.label)}
            checked={v === true}
            onChange={(e) => form.set(f.key, e.currentTarget.checked)}
            data-testid={`field-${f.key}`}
          />
        );
      case "select":
        return (
          <Select
            key={f.key}
            {...common}
            data={f.options ?? []}
            value={typeof v === "string" && v !== "" ? v : null}
            onChange={(x) => form.set(f.key, x ?? "")}
            searchable
            clearable={!f.required}
            nothingFoundMessage={t("messages:nothingFound")}
            comboboxProps={{ withinPortal: true }}
          />
        );
      case "textarea":
        return (
          <Textarea
            key={f.key}
            {...common}
            autosize
            minRows={2}
            value={String(v ?? "")}
            onChange={(e) => form.set(f.key, e.currentTarget.value)}
            style={{ gridColumn: "1 / -1" }}
          />
        );
      default:
        return (
          <TextInput
            key={f.key}
            {...common}
            name={f.key}
            value={String(v ?? "")}
            onChange={(e) => form.set(f.key, e.currentTarget.value)}
            style={f.wide ? { gridColumn: "1 / -1" } : undefined}
          />
        );
    }
  };

  const single = props.fields.length === 1;
  return (
    <FormDialog
      title={t(creating ? `${props.page}.add` : `${props.page}.edit`)}
      icon={<props.icon size={20} />}
      onClose={props.onClose}
      onSubmit={submit}
      saving={create.isPending || update.isPending}
      size={single ? "md" : "lg"}
      testId={`${props.page}-form`}
      saveTestId={`${props.page}-save`}
    >
      <SimpleGrid cols={{ base: 1, sm: single ? 1 : 2 }} spacing="md">
        {props.fields.map(input)}
      </SimpleGrid>
    </FormDialog>
  );
}
