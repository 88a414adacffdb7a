import { DISPOSAL_TYPES, ZAssetDisposal } from "@app/contracts";
import { Button, Group, Paper, Select, SimpleGrid, Table, Text, Textarea, TextInput, VisuallyHidden } from "@mantine/core";
import { IconDeviceFloppy, IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
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
import { docDay } from "../accounting/ledger.queries";
import type { DisposalRow } from "./DestructedAssetsPage";
import { WarehouseDocInventoryDate } from "./WarehouseDocInventoryDate";
import { type ItemLine, ItemUnitQuantityCells, RemoveLineCell } from "./WarehouseDocLineCells";
import { disposalBatchesQuery, docQuery, ROUTES, useInvalidateWarehouse, WD } from "./warehouseDocs.queries";

export interface DisposalLine {
  id: number;
  item_id: number;
  item_name: string;
  unit_id: number;
  unit_name: string;
  quantity: string;
  batch_id: number | null;
  batch_no: string | null;
  expire_date: string | null;
  description: string | null;
  loss: string;
}

export interface DisposalRecord extends DisposalRow {
  inventory_fk: number;
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
  const batches = useQuery(disposalBatchesQuery(inventoryId, line.item?.item_id ?? null));
  const data = [
    { value: "", label: t("firstExpiryFirst") },
    ...(batches.data ?? []).map((b) => ({
      value: String(b.batch_id),
      label: [
        b.batch_no ?? t("noBatch"),
        b.expire_date ? fmt.date(b.expire_date) : "",
        `(${fmt.amount(b.theoretical_qty)} ${b.base_unit_name ?? ""})`,
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
  const _names = useSeededNames();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.id) > 0 && params.isUpdate === "1" ? Number(params.id) : null;
  const record = useQuery(docQuery<DisposalRecord>(WD.disposals, id));
  const form = useZodForm({
    inventory_id: "",
    date: businessToday(),
    disposal_type: "destruct",
    note: "",
    lines: [emptyLine()] as Line[],
  });
  const invalidate = useInvalidateWarehouse();
  const [andDone, setAndDone] = useState(false);
  const { reset } = form;

  useEffect(() => {
    const r = record.data;
    if (!r) return;
    reset({
      inventory_id: String(r.inventory_fk),
      date: docDay(r.date),
      disposal_type: r.disposal_type,
      note: r.note ?? "",
      lines: r.lines.map((l) => ({
        item: { item_id: l.item_id, item_name: l.item_name, item_code: null, has_expire: false, item_units: [], default_unit: null },
        unit_id: String(l.unit_id),
        unit_name: l.unit_name,
        quantity: String(Number(l.quantity)),
        batch_id: l.batch_id ? String(l.batch_id) : "",
        description: l.description ?? "",
      })),
    });
  }, [record.data, reset]);
  const { set } = form;
  const setInventory = useCallback((v: string) => set("inventory_id", v), [set]);

  const save = useMutation({
    mutationFn: async (body: unknown) => {
      const saved = id
        ? await api<{ data: { id: number } }>(`${WD.disposals}/${id}`, { method: "PATCH", body })
        : await api<{ data: { id: number } }>(WD.disposals, { method: "POST", body });
      if (!andDone) return { id: saved.data.id, done: false };
      // The draft is saved either way; a refused Done (not enough stock) is told on its view.
      try {
        await api(`${WD.disposals}/${saved.data.id}/complete`, { method: "POST", body: {} });
        return { id: saved.data.id, done: true };
      } catch (err) {
        notifyError(err);
        return { id: saved.data.id, done: false };
      }
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
  const setLine = (i: number, patch: Partial<Line>) =>
    form.set(
      "lines",
      lines.map((l, j) => (j === i ? { ...l, ...patch } : l)),
    );
  const inventoryId = form.values.inventory_id ? Number(form.values.inventory_id) : null;

  const submit = (done: boolean) => {
    const body = form.validate(ZAssetDisposal, {
      inventory_id: form.values.inventory_id,
      date: form.values.date || null,
      disposal_type: form.values.disposal_type,
      note: form.values.note.trim() || null,
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
    save.mutate(body);
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
        <Table.ScrollContainer minWidth={900} mt="md">
          <Table verticalSpacing={4} data-testid="disposal-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("fields.item")}</Table.Th>
                <Table.Th>{t("fields.unit")}</Table.Th>
                <Table.Th>{t("fields.quantity")}</Table.Th>
                <Table.Th>{t("fields.batch")}</Table.Th>
                <Table.Th>{t("fields.description")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("removeLine")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity of their own until saved
                <Table.Tr key={i} data-testid="disposal-line">
                  <ItemUnitQuantityCells
                    line={l}
                    index={i}
                    onChange={(patch) => setLine(i, patch)}
                    error={form.error}
                    unitOf={(item) => item.item_units.find((u) => u.is_base)?.unit_fk}
                    onItem={{ batch_id: "" }}
                  />
                  <Table.Td>
                    <BatchSelect
                      inventoryId={inventoryId}
                      line={l}
                      onChange={(batch_id) => setLine(i, { batch_id })}
                      error={form.error(`lines.${i}.batch_id`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t("fields.description")}
                      size="xs"
                      value={l.description}
                      onChange={(e) => setLine(i, { description: e.currentTarget.value })}
                      error={form.error(`lines.${i}.description`)}
                    />
                  </Table.Td>
                  <RemoveLineCell
                    disabled={lines.length === 1}
                    onRemove={() =>
                      form.set(
                        "lines",
                        lines.filter((_, j) => j !== i),
                      )
                    }
                  />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {form.error("lines") && (
          <Text c="red" size="sm">
            {form.error("lines")}
          </Text>
        )}
        <Button mt="sm" variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.set("lines", [...lines, emptyLine()])}>
          {t("addLine")}
        </Button>
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
