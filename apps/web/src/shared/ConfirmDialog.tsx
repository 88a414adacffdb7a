import { Button, Group, Text } from "@mantine/core";
import { IconAlertTriangle, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AppDialog } from "./DialogHeader";

/** Asks before a row is deleted. */
export function ConfirmDelete({
  opened,
  name,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  name: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("common");
  return (
    <AppDialog opened={opened} onClose={onClose} size="sm" testId="confirm-delete" title={t("deleteTitle")} icon={<IconTrash size={18} />}>
      <Text p="lg">{t("deleteQuestion", { name })}</Text>
      <Group justify="flex-end" px="lg" pb="lg">
        <Button variant="default" onClick={onClose}>
          {t("cancel")}
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm} data-testid="confirm-delete-yes">
          {t("delete")}
        </Button>
      </Group>
    </AppDialog>
  );
}

/**
 * Asks about a figure far from what is usual (a rate ten times the one before it), in the
 * server's words: "Back" returns to the form to put it right, the other button saves it as meant.
 */
export function ConfirmFigure({
  opened,
  message,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  message: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("common");
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      size="md"
      testId="confirm-figure"
      title={t("confirmFigure.title")}
      icon={<IconAlertTriangle size={18} />}
    >
      <Text p="lg" data-testid="confirm-figure-message">
        {message}
      </Text>
      <Group justify="flex-end" px="lg" pb="lg">
        <Button variant="default" onClick={onClose} data-autofocus data-testid="confirm-figure-back">
          {t("confirmFigure.back")}
        </Button>
        <Button color="orange" loading={loading} onClick={onConfirm} data-testid="confirm-figure-yes">
          {t("confirmFigure.yes")}
        </Button>
      </Group>
    </AppDialog>
  );
}

/**
 * Asks before an action that posts (complete, send, receive, approve): the action's own label as
 * the verb and the document's name; Enter on the focused Confirm confirms, Esc or Cancel keeps it.
 */
export function ConfirmAction({
  action,
  name,
  question,
  color = "green",
  onConfirm,
  onClose,
}: {
  action: string;
  name: string;
  /** The question in the screen's own words, for an action that is not a document's posting. */
  question?: string | undefined;
  color?: string | undefined;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("common");
  return (
    <AppDialog opened onClose={onClose} size="sm" testId="confirm-action" title={t("confirmTitle")} icon={<IconAlertTriangle size={18} />}>
      <Text p="lg">{question ?? t("confirmPostQuestion", { action, name })}</Text>
      <Group justify="flex-end" px="lg" pb="lg">
        <Button variant="default" onClick={onClose}>
          {t("cancel")}
        </Button>
        <Button color={color} onClick={onConfirm} data-autofocus data-testid="confirm-action-yes">
          {action}
        </Button>
      </Group>
    </AppDialog>
  );
}

/**
 * A posting action behind the shared question: `ask(label, name, run)` opens it, the confirm button
 * runs it. Render `dialog` once.
 */
export function useConfirmAction() {
  const [asking, setAsking] = useState<{ action: string; name: string; run: () => void; question?: string | undefined } | null>(null);
  const dialog = asking && (
    <ConfirmAction
      action={asking.action}
      name={asking.name}
      question={asking.question}
      onClose={() => setAsking(null)}
      onConfirm={() => {
        setAsking(null);
        asking.run();
      }}
    />
  );
  return {
    ask: (action: string, name: string, run: () => void, question?: string) => setAsking({ action, name, run, question }),
    dialog,
  };
}
