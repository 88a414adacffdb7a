import { type ImportRowError, PURCHASE_IMPORT_COLUMNS } from "@app/contracts";
import { Alert, Button, Code, FileButton, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconDownload, IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { translateMessage } from "../../app/i18n";
import { ApiError, apiBlob, saveBlob } from "../../shared/api/client";
import { PURCHASES } from "../../shared/api/purchases";
import { DialogHeader } from "../../shared/DialogHeader";
import { importFileProblem, importRowErrors } from "../../shared/itemImport";
import { JobProgress, useJobReason } from "../../shared/jobs/JobProgress";
import { useJob } from "../../shared/jobs/useJob";
import { notifyError, notifySuccess } from "../../shared/notify";
import { RowReport } from "../../shared/RowReport";

/**
 * Lines from an xlsx into a draft purchase: the template, the upload run as a job (its progress
 * shown, and shown again after a reload: its id is in the address), and every refused row with
 * its reason. A file that is no workbook of the import's columns is refused before the job starts.
 */
export function PurchaseImport({ id, onImported }: { id: number; onImported: () => void }) {
  const { t } = useTranslation("purchases");
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  // Back on the page with its import's job in the address (a reload): the dialog opens on it.
  const [open, setOpen] = useState(() => params.has("job"));
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<ImportRowError[]>([]);

  const template = useMutation({
    mutationFn: async () => {
      const { blob, filename } = await apiBlob(`${PURCHASES}/import_template`, {});
      saveBlob(blob, filename ?? "purchase-lines-template.xlsx");
    },
    onError: notifyError,
    meta: { silent: true },
  });
  // Only this purchase's import: the job started here (or in the address), never another purchase's.
  const job = useJob(["purchase_import"], {
    resume: false,
    onFinished: (j) => {
      if (j.state !== "done") return;
      notifySuccess(t("import.done", { count: (j.result as { imported?: number } | null)?.imported ?? 0 }));
      job.dismiss();
      setOpen(false);
      // The form fills again from the purchase as saved now.
      void queryClient.invalidateQueries({ queryKey: [PURCHASES] }).then(onImported);
    },
    // The file refused before the job starts (no workbook, the columns wrong): said in the dialog.
    onStartError: (err) => {
      if (!(err instanceof ApiError) || err.status !== 422) return false;
      const found = importRowErrors(err.body);
      const first = Object.values(err.body.errors ?? {})[0];
      setRows(found);
      setProblem(found.length ? err.message : Array.isArray(first) ? String(first[0]) : err.message);
      return true;
    },
  });
  const reasonOf = useJobReason();
  const finished = job.job && !job.running ? job.job : null;
  // A file with a bad row adds nothing: the job fails with every refused row.
  const failedRows: ImportRowError[] = finished?.state === "failed" ? (finished.error?.rows ?? []) : [];
  const shownRows = failedRows.length ? failedRows : rows;
  const rowsTitle = failedRows.length ? (finished?.error?.message ?? "") : (problem ?? "");
  const choose = (f: File | null) => {
    if (finished) job.dismiss();
    setRows([]);
    const p = importFileProblem(f);
    setProblem(p);
    if (!p && f) {
      const body = new FormData();
      body.append("file", f);
      job.start(`${PURCHASES}/${id}/import/start`, body);
    }
  };
  // Closing leaves a running import running: opening the dialog again shows it; a finished one is put away.
  const close = () => {
    if (finished) job.dismiss();
    setOpen(false);
  };

  return (
    <>
      <Button variant="light" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => setOpen(true)} data-testid="purchase-import">
        {t("actions.importLines")}
      </Button>
      <Modal opened={open} onClose={close} withCloseButton={false} size="xl" padding={0}>
        <DialogHeader title={t("import.title")} icon={<IconFileSpreadsheet size={20} />} onClose={close} />
        <Stack p="lg" gap="md">
          <Text size="sm" c="dimmed">
            {t("import.intro")}
          </Text>
          <Text size="xs" c="dimmed">
            {t("import.columns")} <Code style={{ direction: "ltr", unicodeBidi: "isolate" }}>{PURCHASE_IMPORT_COLUMNS.join(", ")}</Code>
          </Text>
          <Group>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={template.isPending}
              onClick={() => template.mutate()}
            >
              {t("import.template")}
            </Button>
            <FileButton onChange={choose} accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
              {(props) => (
                <Button {...props} leftSection={<IconUpload size={16} />} loading={job.running} data-testid="purchase-import-file">
                  {t("import.choose")}
                </Button>
              )}
            </FileButton>
          </Group>
          {job.running && job.job && <JobProgress job={job.job} title={t("import.running")} />}
          {job.lost && <JobProgress job={null} lost title={t("import.running")} onDismiss={job.dismiss} />}
          {finished?.state === "failed" && failedRows.length === 0 && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="purchase-import-problem">
              {reasonOf(finished.error)}
            </Alert>
          )}
          {problem && shownRows.length === 0 && (
            <Text c="red" size="sm" data-testid="purchase-import-problem">
              {translateMessage(problem)}
            </Text>
          )}
          {shownRows.length > 0 && (
            <RowReport
              color="red"
              icon={<IconAlertTriangle size={18} />}
              title={translateMessage(rowsTitle)}
              testid="purchase-import-error"
              headers={[t("import.reason")]}
              rows={shownRows.map((r, i) => ({
                key: `${r.row}-${r.column}-${i}`,
                row: r.row,
                column: r.column,
                cells: [translateMessage(r.reason)],
              }))}
            />
          )}
        </Stack>
      </Modal>
    </>
  );
}
