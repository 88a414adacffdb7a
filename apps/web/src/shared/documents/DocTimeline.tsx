import { Paper, Stack, Text, Timeline, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { isRtl } from "../../app/i18n";
import { type TimelineEntry, timelineQuery } from "../api/auditLog";
import { diffRecords, type FieldChange, valueText } from "../audit/diff";
import { useAuditLabels } from "../audit/labels";
import { useFormat } from "../format";

/** Ids beside the names they stand for: the names say the change. */
const quiet = (f: FieldChange) => /_(fk|id|by)$/.test(f.field) || f.field === "updated_at";
/** So many changes of one entry are listed; the audit log shows them all. */
const MAX_SHOWN = 12;

/**
 * A document's history from the audit log: created, edited (each field's old → new value, the
 * lines added, removed or changed), completed, returned to draft, closed, printed..., each with
 * who and when on the business's clock. Nothing shows to a user the server does not answer;
 * `empty` says so when there is nothing (in a dialog opened for it).
 */
export function DocTimeline({ module, recordId, empty = false }: { module: string; recordId: number; empty?: boolean }) {
  const { t, i18n } = useTranslation("audit");
  const fmt = useFormat();
  const labels = useAuditLabels();
  // From the old value to the new one, in the reading direction.
  const arrow = isRtl(i18n.language) ? "←" : "→";
  const timeline = useQuery({ ...timelineQuery(module, recordId), retry: false });
  if (!timeline.data?.length)
    // In a dialog of its own, an empty history says so.
    return empty && timeline.isFetched ? (
      <Text c="dimmed" data-testid="doc-timeline-empty">
        {t("noHistory")}
      </Text>
    ) : null;

  const changes = (e: TimelineEntry): string[] => {
    if (e.action === "create" || e.action === "print" || e.action === "delete") return [];
    const d = diffRecords(e.before, e.after);
    const own = d.fields
      .filter((f) => !quiet(f))
      .map((f) => `${labels.field(module, f.field)}: ${labels.value(f.before) || "—"} ${arrow} ${labels.value(f.after) || "—"}`);
    const rows = d.children.flatMap((list) =>
      list.rows.map((r) => {
        const row = r.after ?? r.before ?? {};
        const name = valueText(row.item_name ?? "") || `#${r.id}`;
        if (r.kind !== "changed") return `${labels.list(list.key)}: ${t(`rowKinds.${r.kind}`)} ${name}`;
        const what = r.fields
          .filter((f) => !quiet(f))
          .map((f) => `${labels.field(module, f.field)}: ${labels.value(f.before) || "—"} ${arrow} ${labels.value(f.after) || "—"}`)
          .join(", ");
        return `${labels.list(list.key)}: ${name}: ${what}`;
      }),
    );
    return [...own, ...rows];
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="doc-timeline">
      <Title order={3} size="h5" mb="sm">
        {t("timeline")}
      </Title>
      <Timeline bulletSize={14} lineWidth={2} active={timeline.data.length - 1}>
        {timeline.data.map((e) => {
          const lines = changes(e);
          return (
            <Timeline.Item key={e.id} title={labels.action(e.action)} data-testid="timeline-entry" data-action={e.action}>
              <Text size="xs" c="dimmed">
                {e.user_name ?? t("unknownUser")} · {fmt.dateTime(e.created_at)}
              </Text>
              {lines.length > 0 && (
                <Stack gap={2} mt={4}>
                  {lines.slice(0, MAX_SHOWN).map((l) => (
                    <Text key={l} size="sm" dir="auto" data-testid="timeline-change">
                      {l}
                    </Text>
                  ))}
                  {lines.length > MAX_SHOWN && (
                    <Text size="sm" c="dimmed">
                      {t("more", { count: lines.length - MAX_SHOWN })}
                    </Text>
                  )}
                </Stack>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
    </Paper>
  );
}
