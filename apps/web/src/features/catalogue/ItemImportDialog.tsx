import type { ImportRepair, ImportRowError } from "@app/contracts";
import { ITEM_IMPORT_COLUMNS } from "@app/contracts";
import { Alert, Button, Code, Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconAlertTriangle, IconDownload, IconFileSpreadsheet, IconInfoCircle, IconUpload } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { ITEMS_ENDPOINT } from "../../shared/api/catalogue";
import { ApiError, api, apiBlob, saveBlob } from "../../shared/api/client";
import { AppDialog } from "../../shared/DialogHeader";
import { importFileProblem, importRowErrors } from "../../shared/itemImport";
import { notifyError, notifySuccess } from "../../shared/notify";
import { RowReport } from "../../shared/RowReport";
import { useFocusReturn } from "../../shared/useFocusReturn";

/** Item import from xlsx (issue 4): template, upload, and every refused row with its reason. */
export function ItemImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("catalogue");
  useFocusReturn();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<ImportRowError[]>([]);
  const [repairs, setRepairs] = useState<ImportRepair[]>([]);
  const [dragging, setDragging] = useState(false);

  const template = useMutation({
    mutationFn: async () => {
      const { blob, filename } = await apiBlob("items/import_template", {});
      saveBlob(blob, filename ?? "items-import-template.xlsx");
    },
    onError: notifyError,
    meta: { silent: true },
  });

  const upload = useMutation({
    mutationFn: async (f: File) => {
      const body = new FormData();
      body.append("file", f);
      return api<{ data?: { imported?: number; repairs?: ImportRepair[] } }>(`${ITEMS_ENDPOINT}/import`, { method: "POST", body });
    },
    onSuccess: (res) => {
      notifySuccess(t("import.done", { count: res?.data?.imported ?? 0 }));
      void queryClient.invalidateQueries({ queryKey: [ITEMS_ENDPOINT] });
      void queryClient.invalidateQueries({ queryKey: ["categories"] });
      void queryClient.invalidateQueries({ queryKey: ["brands"] });
      // Barcodes read with their leading zeros restored stay on screen, so the user can check them.
      const restored = res?.data?.repairs ?? [];
      if (restored.length) {
        setFile(null);
        setRepairs(restored);
      } else onClose();
    },
    onError: (err) => {
      const found = err instanceof ApiError ? importRowErrors(err.body) : [];
      if (found.length) {
        setRows(found);
        setProblem(err instanceof ApiError ? err.message : null);
      } else if (err instanceof ApiError && err.status === 422) {
        setRows([]);
        const first = Object.values(err.body.errors ?? {})[0];
        setProblem(Array.isArray(first) ? String(first[0]) : err.message);
      } else notifyError(err);
    },
    meta: { silent: true },
  });

  const choose = (f: File | null) => {
    setRows([]);
    setRepairs([]);
    setFile(f);
    setProblem(f ? importFileProblem(f) : null);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0] ?? null);
  };
  const submit = () => {
    const p = importFileProblem(file);
    setProblem(p);
    if (!p && file) upload.mutate(file);
  };

  return (
    <AppDialog onClose={onClose} size="xl" testId="item-import" title={t("import.title")} icon={<IconFileSpreadsheet size={20} />}>
      <Stack p="lg" gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text size="sm" c="dimmed" maw={480}>
            {t("import.intro")}
          </Text>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={template.isPending}
            onClick={() => template.mutate()}
            data-testid="import-template"
          >
            {t("import.template")}
          </Button>
        </Group>
        <Paper
          withBorder
          radius="md"
          p="xl"
          className={dragging ? "drop-zone dragging" : "drop-zone"}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          onClick={() => input.current?.click()}
          style={{ cursor: "pointer", borderStyle: "dashed", textAlign: "center" }}
        >
          <Stack align="center" gap="xs">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconUpload size={24} />
            </ThemeIcon>
            <Text fw={600}>{file ? file.name : t("import.drop")}</Text>
            <Text size="xs" c="dimmed">
              {t("import.limits")}
            </Text>
          </Stack>
          <input
            ref={input}
            type="file"
            hidden
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
            data-testid="import-file"
          />
        </Paper>
        <Text size="xs" c="dimmed">
          {t("import.columns")} <Code style={{ direction: "ltr", unicodeBidi: "isolate" }}>{ITEM_IMPORT_COLUMNS.join(", ")}</Code>
        </Text>
        {problem && rows.length === 0 && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="import-problem">
            {translateMessage(problem)}
          </Alert>
        )}
        {rows.length > 0 && (
          <RowReport
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={t("import.refused", { count: rows.length })}
            testid="import-error"
            headers={[t("import.reason")]}
            rows={rows.map((r) => ({
              key: `${r.row}-${r.column}-${r.reason}`,
              row: r.row,
              column: r.column,
              cells: [translateMessage(r.reason)],
            }))}
          />
        )}
        {repairs.length > 0 && (
          <RowReport
            color="blue"
            icon={<IconInfoCircle size={18} />}
            title={t("import.repaired", { count: repairs.length })}
            testid="import-repair"
            headers={[t("import.value"), t("import.readAs")]}
            rows={repairs.map((r) => ({
              key: `${r.row}-${r.column}`,
              row: r.row,
              column: r.column,
              cells: [r.value, r.read_as],
              numeric: true,
            }))}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common:cancel")}
          </Button>
          <Button leftSection={<IconUpload size={16} />} loading={upload.isPending} onClick={submit} data-testid="import-submit">
            {t("import.submit")}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
