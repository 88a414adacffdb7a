import { DISPOSAL_TYPES, ZAssetDisposal } from "@app/contracts";
import { Button, Group, Paper, Select, SimpleGrid, Table, Textarea, TextInput } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { api } from "../../shared/api/client";
import { businessToday } from "../../shared/businessTime";
import { useFormat } from "../../shared/format";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import type { DisposalRow } from "./DestructedAssetsPage";
import { type DocHead, docHead, headBody, type SavedUnitLine, savedItem, useWarehouseDocRecord } from "./WarehouseDocForm";
import { WarehouseDocInventoryDate } from "./WarehouseDocInventoryDate";
import { AddLineButton, type ItemLine, ItemUnitQuantityCells, WarehouseDocLinesEditor } from "./WarehouseDocLineCells";
import { disposalBatchesQuery, ROUTES, useInvalidateWarehouse, WD } from "./warehouseDocs.queries";

export interface DisposalLine extends SavedUnitLine {
  batch_id: number | null;
  description: string | null;
  loss: string;
}

export interface DisposalRecord extends DisposalRow {
  inventory_fk: number;
  /** null: not asked; pending: Done asked by someone who may not approve; approved; disapproved. */
  approval: "pending" | "approved" | "disapproved" | null;
  is_closed: boolean;
  lines: DisposalLine[];
}

interface Line extends ItemLine {
  batch_id: string;
  description: string;
}

const emptyLine = (): Line => ({ item: null, unit_id: "", quantity: "", batch_id: "", description: "" });

/** The batch of a line: first expiry first unless the user names one the inventory holds. */
function BatchSelect({
  inventoryId,
  line,
  onChange,
  error,
}: {
  inventoryId: number | null;
  line: Line;
  onChange: (v: string) => void;
  error?: string;
}) {
  const { t } = useTranslation("warehousedocs");
  const fmt = useFormat();
  const names = useSeededNames();
  const batches = useQuery(disposalBatchesQuery(inventoryId, line.item?.item_id ?? null));
  const data = [
    { value: "", label: t("firstExpiryFirst") },
    ...(batches.data ?? []).map((b) => ({
      value: String(b.batch_id),
      label: [
        b.batch_no ?? t("noBatch"),
        b.expire_date ? fmt.date(b.expire_date) : "",
        `(${fmt.amount(b.theoretical_qty)} ${names.unit(b.base_unit_name)})`,
      ]
        .filter(Boolean)
        .join(" "),
    })),
  ];
  return (
    <Select
      aria-label={t("fields.batch")}
      size="xs"
      miw={220}
      data={data}
      value={line.batch_id}
      onChange={(v) => onChange(v ?? "")}
      error={error}
      data-testid="line-batch-select"
    />
  );
}

/** A write-off as a draft: inventory, date, type and the goods; "Save and Done" takes them out at once. */
export function DestructedUpsertPage() {
  const { t } = useTranslation("warehousedocs");
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id) > 0 && params.isUpdate === "1" ? Number(params.id) : null;
  const form = useZodForm<DocHead & { disposal_type: string; lines: Line[] }>({
    inventory_id: "",
    date: businessToday(),
    disposal_type: "destruct",
    note: "",
    lines: [emptyLine()],
  });
  const invalidate = useInvalidateWarehouse();
  const [andDone, setAndDone] = useState(false);
  const record = useWarehouseDocRecord<DisposalRecord>(WD.disposals, id, (r) =>
    form.reset({
      ...docHead(r),
      disposal_type: r.disposal_type,
      lines: r.lines.map((l) => ({
        item: savedItem(l),
        unit_id: String(l.unit_id),
        unit_name: l.unit_name,
        quantity: String(Number(l.quantity)),
        batch_id: l.batch_id ? String(l.batch_id) : "",
        description: l.description ?? "",
      })),
    }),
  );
  const { set } = form;
  const setInventory = useCallback((v: string) => set("inventory_id", v), [set]);

  const save = useMutation({
    mutationFn: async ({ fields, done }: { fields: Record<string, unknown>; done: boolean }) => {
      // "Save and done" is one call: the server saves and completes together, so a refused Done
      // (not enough stock) saves nothing and the form stays with the reason.
      const body = done ? { ...fields, complete: true } : fields;
      const saved = id
        ? await api<{ data: { id: number } }>(`${WD.disposals}/${id}`, { method: "PATCH", body })
        : await api<{ data: { id: number } }>(WD.disposals, { method: "POST", body });
      return { id: saved.data.id, done };
    },
    onSuccess: ({ id: savedId, done }) => {
      notifySuccess(t(done ? "disposals.done" : "disposals.saved"));
      invalidate(WD.disposals);
      navigate(`${ROUTES.disposals}/view/${savedId}/0`);
    },
    onError: (err) => {
      if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });

  const lines = form.values.lines;
  const setLines = (next: Line[]) => form.set("lines", next);
  const inventoryId = form.values.inventory_id ? Number(form.values.inventory_id) : null;

  const submit = (done: boolean) => {
    const body = form.validate(ZAssetDisposal, {
      ...headBody(form.values),
      disposal_type: form.values.disposal_type,
      lines: lines.map((l) => ({
        item_id: l.item?.item_id ?? "",
        unit_id: l.unit_id,
        quantity: l.quantity,
        batch_id: l.batch_id || null,
        description: l.description.trim() || null,
      })),
    });
    if (!body) return;
    setAndDone(done);
    save.mutate({ fields: body, done });
  };

  if (id !== null && record.isPending) return <PageLoader />;
  return (
    <>
      <PageHeader title={id ? t("disposals.edit") : t("disposals.add")} description={t("disposals.description")} />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <WarehouseDocInventoryDate
            isNew={id === null}
            inventoryId={form.values.inventory_id}
            onInventory={setInventory}
            date={form.values.date}
            onDate={(d) => form.set("date", d)}
            error={form.error}
            testId="disposal"
          />
          <Select
            label={t("fields.disposalType")}
            withAsterisk
            data={DISPOSAL_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            value={form.values.disposal_type}
            onChange={(v) => form.set("disposal_type", v ?? "")}
            error={form.error("disposal_type")}
            data-testid="disposal-type"
          />
        </SimpleGrid>
        <WarehouseDocLinesEditor<Line>
          headers={[t("fields.item"), t("fields.unit"), t("fields.quantity"), t("fields.batch"), t("fields.description")]}
          lines={lines}
          onChange={setLines}
          keepOne
          minWidth={900}
          mt="md"
          error={form.error("lines")}
          testId="disposal-lines"
          rowTestId="disposal-line"
          row={(l, i, setLine) => (
            <>
              <ItemUnitQuantityCells
                line={l}
                index={i}
                onChange={setLine}
                error={form.error}
                unitOf={(item) => item.item_units.find((u) => u.is_base)?.unit_fk}
                onItem={{ batch_id: "" }}
              />
              <Table.Td>
                <BatchSelect
                  inventoryId={inventoryId}
                  line={l}
                  onChange={(batch_id) => setLine({ batch_id })}
                  error={form.error(`lines.${i}.batch_id`)}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={t("fields.description")}
                  size="xs"
                  value={l.description}
                  onChange={(e) => setLine({ description: e.currentTarget.value })}
                  error={form.error(`lines.${i}.description`)}
                />
              </Table.Td>
            </>
          )}
        />
        <AddLineButton mt="sm" onClick={() => setLines([...lines, emptyLine()])} />
        <Textarea mt="md" label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => navigate(ROUTES.disposals)}>
            {t("common:cancel")}
          </Button>
          <Button
            variant="light"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={save.isPending && !andDone}
            onClick={() => submit(false)}
            data-testid="disposal-save"
          >
            {t("saveDraft")}
          </Button>
          <Button color="red" loading={save.isPending && andDone} onClick={() => submit(true)} data-testid="disposal-save-done">
            {t("disposals.saveAndDone")}
          </Button>
        </Group>
      </Paper>
    </>
  );
}
