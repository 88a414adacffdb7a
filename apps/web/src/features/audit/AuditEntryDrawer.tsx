import { Alert, Drawer, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { auditEntryQuery } from "../../shared/api/auditLog";
import { useAuditLabels } from "../../shared/audit/labels";
import { useFormat } from "../../shared/format";
import { AuditChanges } from "./AuditChanges";

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" dir="auto">
        {value}
      </Text>
    </Group>
  );
}

/** One audit entry opened from the list: who did what to which record, when and from where, and the record before and after. */
export function AuditEntryDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation("audit");
  const fmt = useFormat();
  const labels = useAuditLabels();
  const entry = useQuery({ ...auditEntryQuery(id ?? 0), enabled: id !== null });
  const e = entry.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t("entry")}
      closeButtonProps={{ "aria-label": t("close") }}
    >
      {entry.isPending ? (
        <Loader />
      ) : !e ? (
        <Alert color="red">{t("notFound")}</Alert>
      ) : (
        <Stack gap="md" data-testid="audit-entry">
          <Stack gap={4}>
            <Fact label={t("columns.module")} value={labels.module(e.module)} />
            <Fact label={t("columns.record_id")} value={e.record_id ?? ""} />
            <Fact label={t("columns.action")} value={labels.action(e.action)} />
            <Fact label={t("columns.user_name")} value={e.user_name ?? ""} />
            <Fact label={t("columns.created_at")} value={fmt.dateTime(e.created_at)} />
            <Fact label={t("columns.ip")} value={e.ip ?? ""} />
          </Stack>
          <AuditChanges module={e.module} before={e.before} after={e.after} />
        </Stack>
      )}
    </Drawer>
  );
}
