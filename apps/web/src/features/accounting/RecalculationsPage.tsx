import type { RecalculationDifference, RecalculationFindings, RecalculationRun } from "@app/contracts";
import { Alert, Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { IconCalculator, IconEye, IconListDetails, IconRefresh } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { useInvalidateLedger } from "../../shared/api/ledger";
import { useConfirmAction } from "../../shared/ConfirmDialog";
import { type Column, DataTable, listKey } from "../../shared/DataTable";
import { AppDialog } from "../../shared/DialogHeader";
import { formatAmount, useFormat } from "../../shared/format";
import { JobProgress } from "../../shared/jobs/JobProgress";
import { useJob } from "../../shared/jobs/useJob";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import "../../shared/amount.css";

const ENDPOINT = "recalculations";

interface RunRow {
  id: number;
  created_at: string;
  created_by_name: string | null;
  stock_differences: number;
  cost_differences: number;
  account_differences: number;
  differences_count: number;
}

/** The figures kept in the system currency: an item's value and average cost, an account's system-currency sums. */
const SYSTEM_MONEY = new Set(["value", "avg_cost", "sys_debit", "sys_credit"]);

/** The counts of a preview or a run, and every difference as a row: what, which row, which figure, was, now. */
function DifferencesTable({ findings }: { findings: RecalculationFindings }) {
  const { t } = useTranslation("recalculations");
  const fmt = useFormat();
  const names = useSeededNames();
  // Money in the system currency as money (dinars to the "IQD decimals shown" setting); quantities,
  // and an account's own-currency sums (whose currency a difference does not name), to 4 decimals.
  const figure = (d: RecalculationDifference, v: string | null) =>
    v === null ? "—" : SYSTEM_MONEY.has(d.field) ? fmt.sysMoney(v) : formatAmount(v, 4);
  if (!findings.differences.length && !findings.dashboard_differences)
    return (
      <Alert color="green" data-testid="recalculation-clean">
        {t("clean")}
      </Alert>
    );
  const rowOf = (d: RecalculationDifference) =>
    d.kind === "stock_balance"
      ? [d.item_name, names.inventory(d.inventory_name), d.batch_no && `${t("batch")} ${d.batch_no}`].filter(Boolean).join(" · ")
      : d.kind === "item_cost"
        ? (d.item_name ?? "")
        : [d.account_code, names.account(d.account_name, d.system_key)].filter(Boolean).join(" ");
  return (
    <Stack gap="xs">
      <Group gap="xs" data-testid="recalculation-counts">
        <Badge variant="light">{t("counts.stock", { count: findings.stock_differences })}</Badge>
        <Badge variant="light">{t("counts.cost", { count: findings.cost_differences })}</Badge>
        <Badge variant="light">{t("counts.account", { count: findings.account_differences })}</Badge>
        <Badge variant="light">{t("counts.dashboard", { count: findings.dashboard_differences })}</Badge>
      </Group>
      <ScrollArea.Autosize mah={420} type="auto" tabIndex={0} aria-label={t("differences")}>
        <Table striped withTableBorder data-testid="recalculation-differences">
          <Table.Thead>
            <Table.Tr>
              {(["kind", "row", "period", "field", "was", "now"] as const).map((k) => (
                <Table.Th key={k}>{t(`columns.${k}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {findings.differences.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the differences are a fixed list, never reordered
              <Table.Tr key={i} data-testid="recalculation-difference">
                <Table.Td>{t(`kinds.${d.kind}`)}</Table.Td>
                <Table.Td>{rowOf(d)}</Table.Td>
                <Table.Td>{d.period ? (d.kind === "account_month" ? d.period.slice(0, 7) : fmt.date(d.period)) : ""}</Table.Td>
                <Table.Td>{t(`fields.${d.field}`)}</Table.Td>
                <Table.Td className="amount">{figure(d, d.was)}</Table.Td>
                <Table.Td className="amount" fw={600}>
                  {figure(d, d.now)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** A past run with every difference it corrected. */
function RunDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation("recalculations");
  const fmt = useFormat();
  const run = useQuery({ queryKey: [ENDPOINT, "show", id], queryFn: () => api<{ data: RecalculationRun }>(`${ENDPOINT}/${id}`) });
  const data = run.data?.data;
  return (
    <AppDialog
      onClose={onClose}
      size="xl"
      testId="recalculation-run"
      title={data ? t("runTitle", { date: fmt.dateTime(data.created_at), name: data.created_by_name ?? "" }) : t("title")}
      icon={<IconCalculator size={20} />}
    >
      <Stack p="lg">{data ? <DifferencesTable findings={data} /> : <Text c="dimmed">{t("loading")}</Text>}</Stack>
    </AppDialog>
  );
}

/**
 * `/accounting/recalculations`: stock balances, item average costs and account balances rebuilt
 * from the movements and the journal. A preview shows what a run would correct; the run corrects
 * it and the history keeps who ran it, when, and each difference.
 */
export function RecalculationsPage() {
  const { t } = useTranslation("recalculations");
  const can = useCan();
  const queryClient = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  const [result, setResult] = useState<{ kind: "preview"; findings: RecalculationFindings } | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const previewing = useMutation({
    mutationFn: () => api<{ data: RecalculationFindings }>(`${ENDPOINT}/preview`),
    onSuccess: (res) => setResult({ kind: "preview", findings: res.data }),
    onError: (err) => notifyError(err),
    meta: { silent: true },
  });
  const confirm = useConfirmAction();
  // The run is a job: its progress stays on screen through a reload, and its end shows here.
  const run = useJob(["recalculation"], {
    onFinished: (job) => {
      if (job.state !== "done") return;
      notifySuccess(t("done", { count: (job.result as RecalculationRun).differences.length }));
      void queryClient.invalidateQueries({ queryKey: listKey(ENDPOINT) });
      // Balances, statements, stock and costs may all have changed.
      invalidateLedger();
      void queryClient.invalidateQueries({ queryKey: ["stocks"] });
    },
  });
  const columns: Column<RunRow>[] = [
    { key: "id", label: "recalculations:history.id" },
    { key: "created_at", label: "recalculations:history.created_at", format: "datetime" },
    { key: "created_by_name", label: "recalculations:history.created_by_name" },
    { key: "stock_differences", label: "recalculations:history.stock_differences" },
    { key: "cost_differences", label: "recalculations:history.cost_differences" },
    { key: "account_differences", label: "recalculations:history.account_differences" },
    { key: "differences_count", label: "recalculations:history.differences_count" },
  ];
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {confirm.dialog}
      <Paper withBorder p="md" mb="md">
        <Stack>
          <Text size="sm">{t("explain")}</Text>
          <Group>
            <Button
              variant="light"
              leftSection={<IconEye size={16} />}
              loading={previewing.isPending}
              onClick={() => previewing.mutate()}
              data-testid="recalculation-preview"
            >
              {t("preview")}
            </Button>
            {can(`${ENDPOINT}/store`) && (
              <Button
                leftSection={<IconRefresh size={16} />}
                loading={run.running}
                // It rewrites balances at once: asked first, in the screen's words.
                onClick={() =>
                  confirm.ask(
                    t("run"),
                    "",
                    () => {
                      setResult(null);
                      run.start(`${ENDPOINT}/start`, {});
                    },
                    t("runQuestion"),
                  )
                }
                data-testid="recalculation-run-button"
              >
                {t("run")}
              </Button>
            )}
          </Group>
          {(run.job || run.lost) && !result && (
            <JobProgress
              job={run.job}
              lost={run.lost}
              title={t("running")}
              onDismiss={run.dismiss}
              result={(job) => (
                <Stack gap="xs">
                  <Text fw={500}>{t("runResult")}</Text>
                  <DifferencesTable findings={job.result as RecalculationRun} />
                </Stack>
              )}
            />
          )}
          {result && (
            <Stack gap="xs">
              <Text fw={500}>{t("previewResult")}</Text>
              <DifferencesTable findings={result.findings} />
            </Stack>
          )}
        </Stack>
      </Paper>
      <DataTable<RunRow>
        endpoint={ENDPOINT}
        model={ENDPOINT}
        title="recalculations:history.title"
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort="created_at"
        dateFilter
        actions={[{ key: "differences", label: "recalculations:differences", icon: IconListDetails, onClick: (r) => setShown(r.id) }]}
      />
      {shown !== null && <RunDialog id={shown} onClose={() => setShown(null)} />}
    </>
  );
}
