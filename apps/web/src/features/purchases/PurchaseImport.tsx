import { type ImportRowError, PURCHASE_IMPORT_COLUMNS } from "@app/contracts";
import { Button, Code, FileButton, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconDownload, IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { ApiError, api, apiBlob, saveBlob } from "../../shared/api/client";
import { PURCHASES } from "../../shared/api/purchases";
import { DialogHeader } from "../../shared/DialogHeader";
import { importFileProblem, importRowErrors } from "../../shared/itemImport";
import { notifyError, notifySuccess } from "../../shared/notify";
import { RowReport } from "../../shared/RowReport";

/** Lines from an xlsx into a draft purchase: the template, the upload, and every refused row with its reason. */
export function PurchaseImport({ id, onImported }: { id: number; onImported: () => void }) {
  const { t } = useTranslation("purchases");
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
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
  const upload = useMutation({
    mutationFn: async (f: File) => {
      const body = new FormData();
      body.append("file", f);
      return api<{ data?: { imported?: number } }>(`${PURCHASES}/${id}/import`, { method: "POST", body });
    },
    onSuccess: async (res) => {
      notifySuccess(t("import.done", { count: res?.data?.imported ?? 0 }));
      await queryClient.invalidateQueries({ queryKey: [PURCHASES] });
      setOpen(false);
      onImported();
    },
    onError: (err) => {
      const found = err instanceof ApiError ? importRowErrors(err.body) : [];
      setRows(found);
      if (err instanceof ApiError && err.status === 422) {
        const first = Object.values(err.body.errors ?? {})[0];
        setProblem(found.length ? err.message : Array.isArray(first) ? String(first[0]) : err.message);
      } else notifyError(err);
    },
    meta: { silent: true },
  });
  const choose = (f: File | null) => {
    setRows([]);
    const p = importFileProblem(f);
    setProblem(p);
    if (!p && f) upload.mutate(f);
  };

  return (
    <>
      <Button variant="light" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => setOpen(true)} data-testid="purchase-import">
        {t("actions.importLines")}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} withCloseButton={false} size="xl" padding={0}>
        <DialogHeader title={t("import.title")} icon={<IconFileSpreadsheet size={20} />} onClose={() => setOpen(false)} />
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
                <Button {...props} leftSection={<IconUpload size={16} />} loading={upload.isPending} data-testid="purchase-import-file">
                  {t("import.choose")}
                </Button>
              )}
            </FileButton>
          </Group>
          {problem && rows.length === 0 && (
            <Text c="red" size="sm" data-testid="purchase-import-problem">
              {translateMessage(problem)}
            </Text>
          )}
          {rows.length > 0 && (
            <RowReport
              color="red"
              icon={<IconAlertTriangle size={18} />}
              title={translateMessage(problem ?? "")}
              testid="purchase-import-error"
              headers={[t("import.reason")]}
              rows={rows.map((r, i) => ({
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
