import { Group, Textarea, type TextareaProps } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { docDay } from "../../shared/api/ledger";
import { useCrud } from "../../shared/crud";
import { FormDialog } from "../../shared/FormDialog";
import { WarehouseDocInventoryDate } from "./WarehouseDocInventoryDate";
import { docQuery, type PickedItem, useInvalidateWarehouse, type WD } from "./warehouseDocs.queries";

/** The head every warehouse document's form has: the inventory, the day and a note. */
export type DocHead = {
  inventory_id: string;
  date: string;
  note: string;
};

/** The head of a saved document, as its form edits it. */
export const docHead = (r: { inventory_fk: number; date: string; note: string | null }): DocHead => ({
  inventory_id: String(r.inventory_fk),
  date: docDay(r.date),
  note: r.note ?? "",
});

/** The head as the document's endpoint takes it (an empty day or note is none). */
export const headBody = (v: DocHead) => ({
  inventory_id: v.inventory_id,
  date: v.date || null,
  note: v.note.trim() || null,
});

/** What a saved line of a document in units (not a count) has. */
export interface SavedUnitLine {
  id: number;
  item_id: number;
  item_name: string;
  unit_id: number;
  unit_name: string;
  quantity: string;
  batch_no: string | null;
  expire_date: string | null;
}

/**
 * The document being edited (none while `id` is null); `load` puts it into the form once it has
 * come (and again if it is fetched anew).
 */
export function useWarehouseDocRecord<R>(endpoint: string, id: number | null, load: (record: R) => void) {
  const record = useQuery(docQuery<R>(endpoint, id));
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (record.data) loadRef.current(record.data);
  }, [record.data]);
  return record;
}

/** A saved line's item: its id and name until it is chosen again (then its units come along). */
export const savedItem = (l: { item_id: number; item_name: string }): PickedItem => ({
  item_id: l.item_id,
  item_name: l.item_name,
  item_code: null,
  has_expire: false,
  item_units: [],
  default_unit: null,
});

/**
 * Adds or updates a document of `endpoint` (a 422 goes to the form through `onInvalid`), then
 * refreshes what it moved and calls `onSaved` with the saved document's id.
 */
export function useWarehouseDocSave(endpoint: string, id: number | null, onInvalid: (err: unknown) => boolean) {
  const { create, update } = useCrud<{ id: number }>(endpoint, { onInvalid });
  const invalidate = useInvalidateWarehouse();
  const save = (body: Record<string, unknown>, onSaved: (savedId: number | null) => void) => {
    const done = (res: { data?: { id: number } } | undefined) => {
      invalidate(endpoint);
      onSaved(res?.data?.id ?? id);
    };
    if (id === null) create.mutate(body, { onSuccess: done });
    else update.mutate({ id, body }, { onSuccess: done });
  };
  return { save, saving: create.isPending || update.isPending };
}

/** What the dialog reads of the document's form (`useZodForm` over a `DocHead` and the lines). */
interface HeadForm {
  values: DocHead;
  set: (key: "date", value: string) => void;
  error: (field: string) => string | undefined;
  text: (key: "note") => TextareaProps;
}

/**
 * The add/edit dialog of a warehouse document of `section` (its texts `{section}.add`/`.edit`,
 * test ids `{testId}-form`, `{testId}-save`, `{testId}-inventory`, `{testId}-date`): the inventory
 * and date with `head` beside them, the document's own fields, then the note.
 */
export function WarehouseDocDialog({
  section,
  icon,
  id,
  form,
  onInventory,
  loading,
  saving,
  onClose,
  onSubmit,
  testId,
  head,
  children,
}: {
  section: keyof typeof WD;
  icon: ReactNode;
  id: number | null;
  form: HeadForm;
  /** Takes the chosen inventory (a stable function: a new document takes the first one). */
  onInventory: (id: string) => void;
  /** The record being edited is loading. */
  loading: boolean;
  saving: boolean;
  onClose: () => void;
  onSubmit: () => void;
  testId: string;
  head?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("warehousedocs");
  return (
    <FormDialog
      title={id === null ? t(`${section}.add`) : t(`${section}.edit`)}
      icon={icon}
      onClose={onClose}
      onSubmit={onSubmit}
      saving={saving}
      loading={id !== null && loading}
      size="100%"
      testId={`${testId}-form`}
      saveTestId={`${testId}-save`}
    >
      <Group grow align="flex-start">
        <WarehouseDocInventoryDate
          isNew={id === null}
          inventoryId={form.values.inventory_id}
          onInventory={onInventory}
          date={form.values.date}
          onDate={(d) => form.set("date", d)}
          error={form.error}
          testId={testId}
        />
        {head}
      </Group>
      {children}
      <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
    </FormDialog>
  );
}
