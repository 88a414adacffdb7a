import { Anchor, Badge, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { sourcePath } from "./ledgerLinks";

/** A journal entry's source as words: its kind and the document's number. */
export const sourceText = (t: (key: string, opts?: { defaultValue: string }) => string, type: string, number: string | null) =>
  `${t(`sources.${type}`, { defaultValue: type })} ${number ?? ""}`.trim();

/** A journal entry's source, linked to the document's screen when there is one, marked when it is a reversal. */
export function SourceCell({ type, number, reversal }: { type: string; number: string | null; reversal: boolean }) {
  const { t } = useTranslation("ledger");
  const text = sourceText(t, type, number);
  const to = sourcePath(type, number);
  return (
    <Group gap={6} wrap="nowrap">
      {to ? (
        <Anchor component={Link} to={to} size="sm" data-testid="source-link">
          {text}
        </Anchor>
      ) : (
        <span>{text}</span>
      )}
      {reversal && (
        <Badge size="xs" variant="light" color="orange">
          {t("reversal")}
        </Badge>
      )}
    </Group>
  );
}
