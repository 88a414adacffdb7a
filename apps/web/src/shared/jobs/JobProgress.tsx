import { JOB_MSG, type Job, type JobError } from "@app/contracts";
import { Alert, CloseButton, Group, Loader, Paper, Progress, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { useFormat } from "../format";

const runnerKeys = new Map<string, string>(Object.entries(JOB_MSG).map(([k, v]) => [v, k]));

/** Why a job failed, in the reader's language: the runner's own texts by key, the rest as server texts. */
export function useJobReason(own?: (error: JobError) => string | null) {
  const { t } = useTranslation("jobs");
  return (error: JobError | null): string => {
    if (!error) return "";
    const key = runnerKeys.get(error.message);
    if (key) return t(`errors.${key}`);
    return own?.(error) ?? translateMessage(error.errors?.file?.[0] ?? error.message);
  };
}

/**
 * A long job's state: while it runs, what it is doing and how far (Mantine Progress, the count
 * when the step has one); when it ends, that it finished (and `result`) or why it failed.
 */
export function JobProgress({
  job,
  lost,
  title,
  result,
  reason,
  onDismiss,
}: {
  job: Job | null;
  lost?: boolean;
  /** What the job is, for the running state ("Backing up …"). */
  title: string;
  result?: (job: Job) => ReactNode;
  reason?: (error: JobError) => string | null;
  onDismiss?: () => void;
}) {
  const { t } = useTranslation("jobs");
  const fmt = useFormat();
  const reasonOf = useJobReason(reason);
  if (lost)
    return (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="job-lost" withCloseButton onClose={onDismiss}>
        {t("lost")}
      </Alert>
    );
  if (!job) return null;
  const close = onDismiss && <CloseButton aria-label={t("dismiss")} onClick={onDismiss} size="sm" />;
  if (job.state === "done")
    return (
      <Alert
        color="green"
        icon={<IconCircleCheck size={18} />}
        title={
          <Group justify="space-between" wrap="nowrap">
            <span>{t("done", { time: job.finished_at ? fmt.dateTime(job.finished_at) : "" })}</span>
            {close}
          </Group>
        }
        data-testid="job-done"
        styles={{ label: { flex: 1 } }}
      >
        {result?.(job)}
      </Alert>
    );
  if (job.state === "failed")
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        title={
          <Group justify="space-between" wrap="nowrap">
            <span>{t("failed", { time: job.finished_at ? fmt.dateTime(job.finished_at) : "" })}</span>
            {close}
          </Group>
        }
        data-testid="job-failed"
        styles={{ label: { flex: 1 } }}
      >
        {reasonOf(job.error)}
      </Alert>
    );
  const counted = job.total > 0;
  const percent = counted ? Math.min(100, Math.round((job.done / job.total) * 100)) : 100;
  return (
    <Paper withBorder p="md" data-testid="job-progress" data-state={job.state} aria-live="polite">
      <Stack gap="xs">
        <Group gap="xs">
          <Loader size="xs" />
          <Text fw={600}>{title}</Text>
        </Group>
        <Progress
          value={percent}
          striped
          animated
          size="lg"
          aria-label={t(`steps.${job.step ?? "queued"}`, { defaultValue: t("steps.queued") })}
        />
        <Group justify="space-between">
          <Text size="sm" data-testid="job-step">
            {t(`steps.${job.step ?? "queued"}`, { defaultValue: t("steps.queued") })}
          </Text>
          {counted && (
            <Text size="sm" c="dimmed" data-testid="job-count">
              {t("count", { done: job.done, total: job.total })}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
