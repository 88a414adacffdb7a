import { type ImportRowError, PRICE_SHEET_COLUMNS, type PriceImportResult } from "@app/contracts";
import { Alert, Button, Code, FileButton, Group, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { translateMessage } from "../app/i18n";
import { useCan } from "../app/session";
import { ApiError, api, apiBlob, saveBlob } from "./api/client";
import { AppDialog } from "./DialogHeader";
import { useFormat } from "./format";
import { importFileProblem, importRowErrors } from "./itemImport";
import { notifyError } from "./notify";
import { RowReport } from "./RowReport";
import { useSeededNames } from "./seededNames";
import { useFocusReturn } from "./useFocusReturn";

/** Who may import a prices sheet: whoever changes sale prices in bulk. */
export const PRICES_IMPORT = "item_pricings/store";
/** Who may export one: whoever lists the items, or changes their prices. */
export const PRICES_EXPORT = ["items/index", PRICES_IMPORT];

/** The items list's search and filters in the address, for an export of what the list shows. */
export function useListedQuery(): Record<string, string> {
  const [params] = useSearchParams();
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (k === "search" || k.startsWith("filter[")) out[k] = v;
  return out;
}

/** Downloads one of the sheets that go back in (the items in the import's columns, or the prices). */
export function useSheetDownload(path: "items/export_for_import" | "items/prices_export", name: string) {
  return useMutation({
    mutationFn: async (query: Record<string, string>) => {
      const { blob, filename } = await apiBlob(path, query);
      saveBlob(blob, filename ?? `${name}.xlsx`);
    },
    onError: notifyError,
    meta: { silent: true },
  });
}

function ChangesTable({ result }: { result: PriceImportResult }) {
  const { t } = useTranslation("sheets");
  const fmt = useFormat();
  const names = useSeededNames();
  return (
    <ScrollArea.Autosize mah={300} type="auto" tabIndex={0} aria-label={t("prices.changes")}>
      <Table striped data-testid="price-import-changes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={80}>{t("catalogue:import.row")}</Table.Th>
            <Table.Th>{t("prices.item")}</Table.Th>
            <Table.Th>{t("prices.unit")}</Table.Th>
            <Table.Th>{t("prices.old")}</Table.Th>
            <Table.Th>{t("prices.new")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.changes.map((c) => (
            <Table.Tr key={c.item_unit_id} data-testid="price-import-change">
              <Table.Td>{c.row}</Table.Td>
              <Table.Td>{c.item_name}</Table.Td>
              <Table.Td>{names.unit(c.unit_name)}</Table.Td>
              <Table.Td className="amount">{fmt.sysMoney(c.old_price)}</Table.Td>
              <Table.Td className="amount" fw={600}>
                {fmt.sysMoney(c.new_price)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

/**
 * The prices sheet: every unit's sale price exported to xlsx (the list's search and filters
 * kept), changed in a spreadsheet and imported back. The import sets only the prices, all rows or
 * none; the dialog shows how many prices changed and which, how many were already so, or every
 * refused row with its reason.
 */
export function PriceSheetDialog({ onClose, query }: { onClose: () => void; query: Record<string, string> }) {
  const { t } = useTranslation("sheets");
  useFocusReturn();
  const can = useCan();
  const queryClient = useQueryClient();
  const download = useSheetDownload("items/prices_export", "prices");
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<ImportRowError[]>([]);
  const [result, setResult] = useState<PriceImportResult | null>(null);

  const upload = useMutation({
    mutationFn: async (f: File) => {
      const body = new FormData();
      body.append("file", f);
      return api<{ data: PriceImportResult }>("items/prices_import", { method: "POST", body });
    },
    onSuccess: (res) => {
      setResult(res.data);
      setFile(null);
      if (res.data.updated) {
        void queryClient.invalidateQueries({ queryKey: ["items"] });
        void queryClient.invalidateQueries({ queryKey: ["item_pricings"] });
      }
    },
    onError: (err) => {
      const found = err instanceof ApiError ? importRowErrors(err.body) : [];
      setRows(found);
      if (found.length) setProblem(err instanceof ApiError ? err.message : null);
      else if (err instanceof ApiError && err.status === 422) {
        const first = Object.values(err.body.errors ?? {})[0];
        setProblem(Array.isArray(first) ? String(first[0]) : err.message);
      } else notifyError(err);
    },
    meta: { silent: true },
  });

  const choose = (f: File | null) => {
    setRows([]);
    setResult(null);
    setFile(f);
    setProblem(f ? importFileProblem(f) : null);
  };
  const submit = () => {
    const p = importFileProblem(file);
    setProblem(p);
    if (!p && file) upload.mutate(file);
  };

  return (
    <AppDialog onClose={onClose} size="xl" testId="price-sheet" title={t("prices.title")} icon={<IconFileSpreadsheet size={20} />}>
      <Stack p="lg" gap="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text size="sm" c="dimmed" maw={480}>
            {t("prices.intro")}
          </Text>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={download.isPending}
            onClick={() => download.mutate(query)}
            data-testid="price-sheet-export"
          >
            {t("prices.export")}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t("prices.columns")} <Code style={{ direction: "ltr", unicodeBidi: "isolate" }}>{PRICE_SHEET_COLUMNS.join(", ")}</Code>
        </Text>
        {can(PRICES_IMPORT) && (
          <>
            <Group>
              <FileButton onChange={choose} accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
                {(props) => (
                  <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} {...props} data-testid="price-sheet-choose">
                    {file ? file.name : t("prices.choose")}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t("catalogue:import.limits")}
              </Text>
            </Group>
            {problem && rows.length === 0 && (
              <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="price-sheet-problem">
                {translateMessage(problem)}
              </Alert>
            )}
            {rows.length > 0 && (
              <RowReport
                color="red"
                icon={<IconAlertTriangle size={18} />}
                title={t("prices.refused", { count: rows.length })}
                testid="price-sheet-error"
                headers={[t("catalogue:import.reason")]}
                rows={rows.map((r) => ({
                  key: `${r.row}-${r.column}-${r.reason}`,
                  row: r.row,
                  column: r.column,
                  cells: [translateMessage(r.reason)],
                }))}
              />
            )}
            {result && (
              <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="price-sheet-result">
                <Stack gap="xs">
                  <Text size="sm" fw={600}>
                    {t("prices.updated", { count: result.updated })} · {t("prices.unchanged", { count: result.unchanged })}
                  </Text>
                  {result.changes.length > 0 && <ChangesTable result={result} />}
                </Stack>
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("common:close")}
          </Button>
          {can(PRICES_IMPORT) && (
            <Button leftSection={<IconUpload size={16} />} loading={upload.isPending} onClick={submit} data-testid="price-sheet-import">
              {t("prices.import")}
            </Button>
          )}
        </Group>
      </Stack>
    </AppDialog>
  );
}
