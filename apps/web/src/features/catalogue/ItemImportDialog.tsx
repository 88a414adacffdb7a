import type { ImportRepair, ImportRowError } from "@app/contracts";
import { ITEM_IMPORT_COLUMNS } from "@app/contracts";
import { Alert, Button, Code, Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconAlertTriangle, IconDownload, IconFileSpreadsheet, IconInfoCircle, IconUpload } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type DragEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { ITEMS_ENDPOINT } from "../../shared/api/catalogue";
import { apiBlob, saveBlob } from "../../shared/api/client";
import { AppDialog } from "../../shared/DialogHeader";
import { importFileProblem } from "../../shared/itemImport";
import { JobProgress, useJobReason } from "../../shared/jobs/JobProgress";
import { useJob } from "../../shared/jobs/useJob";
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
  const [dragging, setDragging] = useState(false);

  const template = useMutation({
    mutationFn: async () => {
      const { blob, filename } = await apiBlob("items/import_template", {});
      saveBlob(blob, filename ?? "items-import-template.xlsx");
    },
    onError: notifyError,
    meta: { silent: true },
  });

  // The import runs as a job: its progress shows here, and after a reload the list opens this
  // dialog again on the job (its id is in the address).
  const job = useJob(["items_import"], {
    onFinished: (j) => {
      if (j.state !== "done") return;
      const res = j.result as { imported?: number; repairs?: ImportRepair[] };
      notifySuccess(t("import.done", { count: res.imported ?? 0 }));
      void queryClient.invalidateQueries({ queryKey: [ITEMS_ENDPOINT] });
      void queryClient.invalidateQueries({ queryKey: ["categories"] });
      void queryClient.invalidateQueries({ queryKey: ["brands"] });
      // Barcodes read with their leading zeros restored stay on screen, so the user can check them.
      if (!res.repairs?.length) close();
    },
  });
  const reasonOf = useJobReason();
  const finished = job.job && !job.running ? job.job : null;
  const rows: ImportRowError[] = finished?.state === "failed" ? (finished.error?.rows ?? []) : [];
  const repairs: ImportRepair[] =
    finished?.state === "done" ? ((finished.result as { repairs?: ImportRepair[] } | null)?.repairs ?? []) : [];
  const close = () => {
    job.dismiss();
    onClose();
  };

  const choose = (f: File | null) => {
    if (finished) job.dismiss();
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
    if (!p && file) {
      const body = new FormData();
      body.append("file", file);
      job.start(`${ITEMS_ENDPOINT}/import/start`, body);
    }
  };

  return (
    <AppDialog onClose={close} size="xl" testId="item-import" title={t("import.title")} icon={<IconFileSpreadsheet size={20} />}>
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
        {job.running && job.job && <JobProgress job={job.job} title={t("import.running")} />}
        {finished?.state === "failed" && rows.length === 0 && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="import-problem">
            {reasonOf(finished.error)}
          </Alert>
        )}
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
          <Button variant="default" onClick={close}>
            {t("common:cancel")}
          </Button>
          <Button leftSection={<IconUpload size={16} />} loading={job.running} onClick={submit} data-testid="import-submit">
            {t("import.submit")}
          </Button>
        </Group>
      </Stack>
    </AppDialog>
  );
}
