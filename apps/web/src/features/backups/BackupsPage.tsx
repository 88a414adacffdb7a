import { type BackupListed, type Job, type JobError, ZBackupSettings } from "@app/contracts";
import { Badge, Button, Card, FileButton, Group, NumberInput, Stack, Switch, Table, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { TimePicker } from "@mantine/dates";
import { IconDatabaseExport, IconDownload, IconRestore, IconUpload } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan } from "../../app/session";
import { backupSettingsQuery, backupsQuery } from "../../shared/api/backups";
import { ApiError, api, apiBlob, saveBlob } from "../../shared/api/client";
import { AppDialog } from "../../shared/DialogHeader";
import { useFormat } from "../../shared/format";
import { JobProgress } from "../../shared/jobs/JobProgress";
import { useJob } from "../../shared/jobs/useJob";
import { isolateLtr } from "../../shared/ltr";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { useZodForm } from "../../shared/useZodForm";

interface ScheduleValues extends Record<string, unknown> {
  schedule_enabled: boolean;
  schedule_time: string;
  keep_days: number | string;
  folder: string;
}

/** A refused file's reason in the reader's language; the server's sentence carries details (a part's name) kept in English. */
function useRefusalText() {
  const { t } = useTranslation("backups");
  return (err: unknown): string | null => {
    const msg =
      err instanceof ApiError
        ? (err.body.errors?.file?.[0] ?? err.body.message)
        : err && typeof err === "object" && "message" in err
          ? ((err as JobError).errors?.file?.[0] ?? (err as JobError).message)
          : undefined;
    if (typeof msg !== "string") return null;
    if (msg.startsWith("The backup file is damaged")) return t("refusedDamaged");
    if (msg.includes("newer version of the product")) return t("refusedNewer");
    if (msg.startsWith("The restored data did not match")) return t("refusedMismatch");
    return translateMessage(msg);
  };
}

const megabytes = (size: number) => (size / 1024 / 1024).toFixed(size < 10 * 1024 * 1024 ? 2 : 1);

/** Settings → Backups: back up now, the list (size, time, verified), download, restore, and the daily schedule. */
export function BackupsPage() {
  const { t } = useTranslation("backups");
  const can = useCan();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const list = useQuery(backupsQuery);
  const refusal = useRefusalText();
  const [confirm, setConfirm] = useState<{ file?: string; upload?: File } | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["backups"] });
  // Backing up and restoring are jobs: the page shows their progress, through a reload too.
  const job = useJob(["backup", "restore"], {
    onFinished: (j) => {
      if (j.state !== "done") return void refresh();
      if (j.kind === "restore") {
        notifySuccess(t("restored"));
        // Every screen's data is now the backup's.
        void queryClient.invalidateQueries();
      } else {
        notifySuccess(t((j.result as BackupListed).verified ? "madeVerified" : "madeUnverified"));
        void refresh();
      }
    },
  });
  const backUp = () => job.start("backups/start");
  const restore = (what: { file?: string; upload?: File }) => {
    setConfirm(null);
    if (what.upload) job.start("backups/restore_upload/start", what.upload);
    else job.start(`backups/${encodeURIComponent(what.file!)}/restore/start`);
  };
  const jobResult = (j: Job) => {
    if (j.kind === "restore") return t("restoredFrom", { time: fmt.dateTime((j.result as { restored_from: string }).restored_from) });
    const made = j.result as BackupListed;
    return (
      <Text size="sm" dir="ltr" component="span">
        {made.file}
      </Text>
    );
  };
  const download = async (file: string) => {
    try {
      const { blob } = await apiBlob(`backups/${encodeURIComponent(file)}/download`, {});
      saveBlob(blob, file);
    } catch (err) {
      notifyError(err);
    }
  };

  if (list.isPending) return <PageLoader />;
  const rows = list.data?.data ?? [];

  return (
    <Stack gap="lg">
      <PageHeader
        title={t("title")}
        description={t("description", { folder: isolateLtr(list.data?.folder) })}
        actions={
          <Group>
            {can("backups/restore") && (
              <FileButton accept=".gz,.tar.gz,application/gzip" onChange={(f) => f && setConfirm({ upload: f })}>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconUpload size={16} />} data-testid="backup-upload">
                    {t("restoreFromFile")}
                  </Button>
                )}
              </FileButton>
            )}
            {can("backups/store") && (
              <Button
                leftSection={<IconDatabaseExport size={16} />}
                loading={job.running}
                disabled={job.running}
                onClick={backUp}
                data-testid="backup-now"
              >
                {t("backUpNow")}
              </Button>
            )}
          </Group>
        }
      />
      {(job.job || job.lost) && (
        <JobProgress
          job={job.job}
          lost={job.lost}
          title={t(job.job?.kind === "restore" ? "restoring" : "working")}
          result={jobResult}
          reason={(e) => refusal(e)}
          onDismiss={job.dismiss}
        />
      )}

      <Card withBorder radius="md" p={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover data-testid="backup-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("time")}</Table.Th>
                <Table.Th>{t("kind")}</Table.Th>
                <Table.Th>{t("size")}</Table.Th>
                <Table.Th>{t("verification")}</Table.Th>
                <Table.Th>{t("actions")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((b) => (
                <Table.Tr key={b.file} data-testid={`backup-row-${b.file}`}>
                  <Table.Td>
                    <Text size="sm">{fmt.dateTime(b.created_at)}</Text>
                    <Text size="xs" c="dimmed" dir="ltr">
                      {b.file}
                    </Text>
                  </Table.Td>
                  <Table.Td>{t(`reason.${b.reason}`)}</Table.Td>
                  <Table.Td>{t("megabytes", { value: megabytes(b.size) })}</Table.Td>
                  <Table.Td>
                    {b.verified === true && (
                      <Badge color="teal" variant="light" data-testid="backup-verified">
                        {t("verified")}
                      </Badge>
                    )}
                    {b.verified === false && (
                      <Tooltip label={b.problems.join("; ")} multiline w={320}>
                        <Badge color="red" variant="light" data-testid="backup-failed">
                          {t("failed")}
                        </Badge>
                      </Tooltip>
                    )}
                    {b.verified === null && (
                      <Badge color="gray" variant="light">
                        {t("unchecked")}
                      </Badge>
                    )}
                    {b.audit_chain && (
                      <Tooltip label={t("auditChainHash", { hash: isolateLtr(b.audit_chain.head.hash) })} multiline w={320}>
                        <Text size="xs" c={b.audit_chain.ok ? "dimmed" : "red"} mt={4} data-testid="backup-audit-chain">
                          {b.audit_chain.ok
                            ? t("auditChain", { rows: b.audit_chain.rows_checked, id: b.audit_chain.head.id ?? "-" })
                            : t("auditChainBroken")}{" "}
                          <span dir="ltr">{b.audit_chain.head.hash.slice(0, 12)}</span>
                        </Text>
                      </Tooltip>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconDownload size={14} />}
                        onClick={() => void download(b.file)}
                        data-testid="backup-download"
                      >
                        {t("download")}
                      </Button>
                      {can("backups/restore") && (
                        <Button
                          size="xs"
                          variant="light"
                          color="orange"
                          leftSection={<IconRestore size={14} />}
                          onClick={() => setConfirm({ file: b.file })}
                          data-testid="backup-restore"
                        >
                          {t("restore")}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {rows.length === 0 && (
          <Text c="dimmed" p="lg">
            {t("none")}
          </Text>
        )}
      </Card>

      <ScheduleCard />

      <AppDialog
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        size="md"
        testId="restore-confirm"
        title={t("restoreTitle")}
        icon={<IconRestore size={18} />}
      >
        <Stack p="lg" gap="sm">
          <Text>{t("restoreQuestion", { name: isolateLtr(confirm?.upload?.name ?? confirm?.file) })}</Text>
          <Text size="sm" c="dimmed">
            {t("restoreExplained")}
          </Text>
        </Stack>
        <Group justify="flex-end" px="lg" pb="lg">
          <Button variant="default" onClick={() => setConfirm(null)}>
            {t("common:cancel")}
          </Button>
          <Button color="orange" loading={job.running} onClick={() => confirm && restore(confirm)} data-testid="restore-confirm-yes">
            {t("restore")}
          </Button>
        </Group>
      </AppDialog>
    </Stack>
  );
}

function ScheduleCard() {
  const { t } = useTranslation("backups");
  const can = useCan();
  const queryClient = useQueryClient();
  const settings = useQuery(backupSettingsQuery);
  const form = useZodForm<ScheduleValues>({ schedule_enabled: false, schedule_time: "02:00", keep_days: 14, folder: "" });
  const { load } = form;
  useEffect(() => {
    if (settings.data)
      load({
        schedule_enabled: settings.data.schedule_enabled,
        schedule_time: settings.data.schedule_time,
        keep_days: settings.data.keep_days,
        folder: settings.data.folder ?? "",
      });
  }, [settings.data, load]);
  const readOnly = !can("backups/update");
  const save = useMutation({
    mutationFn: (v: ScheduleValues) => api<{ message: string }>("backup_settings_update", { method: "POST", body: v }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void queryClient.invalidateQueries({ queryKey: ["backups"] });
    },
    onError: (err) => {
      if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });
  if (!settings.data) return null;
  const submit = () => {
    const parsed = form.validate(ZBackupSettings, form.values);
    if (parsed) save.mutate(form.values);
  };
  return (
    <Card withBorder radius="md" p="lg">
      <Title order={4} mb="xs">
        {t("schedule")}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t("scheduleExplained", { zone: isolateLtr(settings.data.time_zone), folder: isolateLtr(settings.data.effective_folder) })}
      </Text>
      <Stack gap="sm" maw={520}>
        <Switch
          label={t("scheduleEnabled")}
          checked={form.values.schedule_enabled}
          disabled={readOnly}
          onChange={(e) => form.set("schedule_enabled", e.currentTarget.checked)}
        />
        {/* Mantine's picker, not the browser's, which writes "02:00 AM" in its own language. */}
        <TimePicker
          label={t("scheduleTime")}
          format="12h"
          value={form.values.schedule_time}
          onChange={(v) => form.set("schedule_time", v)}
          error={form.error("schedule_time")}
          disabled={readOnly}
        />
        <NumberInput
          label={t("keepDays")}
          min={1}
          max={3650}
          allowDecimal={false}
          value={form.values.keep_days}
          onChange={(v) => form.set("keep_days", v)}
          error={form.error("keep_days")}
          disabled={readOnly}
        />
        {/* A path typed reads left to right by its own letters; the example keeps its slashes in place. */}
        <TextInput
          label={t("folder")}
          placeholder={t("folderPlaceholder", { path: isolateLtr("/media/usb/backups") })}
          {...form.text("folder")}
          disabled={readOnly}
        />
        {settings.data.last_scheduled_on && (
          <Text size="sm" c="dimmed">
            {t("lastScheduled", { day: settings.data.last_scheduled_on })}
          </Text>
        )}
        {!readOnly && (
          <Group>
            <Button onClick={submit} loading={save.isPending} data-testid="backup-settings-save">
              {t("common:save")}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
