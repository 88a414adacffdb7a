import { Badge, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { diffRecords, type RowChange, sameValue, shownFields, valueText } from "../../shared/audit/diff";
import { useAuditLabels } from "../../shared/audit/labels";

const CHANGED = { backgroundColor: "var(--mantine-color-yellow-light)" };
const KIND_COLOR: Record<RowChange["kind"], string> = { added: "teal", removed: "red", changed: "yellow" };

/** A value in its own direction (figures and codes left to right in an Arabic page). */
function Value({ v }: { v: unknown }) {
  const text = useAuditLabels().value(v);
  return text ? (
    <Text size="sm" dir="auto" style={{ wordBreak: "break-word" }}>
      {text}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

/**
 * One audit entry's record before and after, side by side: every field of the record with the
 * changed ones highlighted, then each child list's (the lines') rows added, removed or changed.
 */
export function AuditChanges({ module, before, after }: { module: string; before: unknown; after: unknown }) {
  const { t } = useTranslation("audit");
  const labels = useAuditLabels();
  const diff = diffRecords(before, after);
  const changed = new Set(diff.fields.map((f) => f.field));
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const fields = shownFields(before, after);
  return (
    <Stack gap="md" data-testid="audit-changes">
      <Table withTableBorder withColumnBorders data-testid="audit-fields">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("field")}</Table.Th>
            <Table.Th>{t("before")}</Table.Th>
            <Table.Th>{t("after")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f} style={changed.has(f) ? CHANGED : undefined} data-changed={changed.has(f) || undefined} data-field={f}>
              <Table.Td>
                <Text size="sm" fw={changed.has(f) ? 700 : undefined}>
                  {labels.field(module, f)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Value v={b[f]} />
              </Table.Td>
              <Table.Td>
                <Value v={a[f]} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {diff.children.map((list) => (
        <Stack key={list.key} gap="xs" data-testid={`audit-list-${list.key}`}>
          <Title order={4}>{labels.list(list.key)}</Title>
          {list.rows.map((row) => (
            <Table key={row.id} withTableBorder withColumnBorders data-testid="audit-row" data-kind={row.kind}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th colSpan={3}>
                    <Badge color={KIND_COLOR[row.kind]} variant="light">
                      {t(`rowKinds.${row.kind}`)}
                    </Badge>{" "}
                    <Text span size="sm" dir="auto">
                      {valueText(row.after?.item_name ?? row.before?.item_name ?? "")} #{row.id}
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {row.fields
                  .filter((f) => !sameValue(f.before, f.after))
                  .map((f) => (
                    <Table.Tr key={f.field} style={CHANGED} data-changed data-field={f.field}>
                      <Table.Td>
                        <Text size="sm" fw={700}>
                          {labels.field(module, f.field)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Value v={f.before} />
                      </Table.Td>
                      <Table.Td>
                        <Value v={f.after} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
