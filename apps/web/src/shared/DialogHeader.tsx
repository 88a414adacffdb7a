import { CloseButton, Group, Modal, type ModalProps, ThemeIcon, Title } from "@mantine/core";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/** The header every dialog shares: icon, title and a close button. */
export function DialogHeader({ title, icon, onClose }: { title: string; icon?: ReactNode; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" px="lg" py="md" style={{ borderBlockEnd: "1px solid var(--mantine-color-default-border)" }}>
      <Group gap="sm">
        {icon && (
          <ThemeIcon variant="light" size="lg" radius="md">
            {icon}
          </ThemeIcon>
        )}
        <Title order={4}>{title}</Title>
      </Group>
      <CloseButton onClick={onClose} aria-label={t("common:close")} />
    </Group>
  );
}

/**
 * A dialog of the back office: Mantine's modal under the shared header. Its test id names the
 * dialog's box, not Mantine's root, which has no size of its own: a browser test would see that
 * root hidden at all times, so "the form closed" would pass before a save had answered.
 */
export function AppDialog({
  opened = true,
  onClose,
  title,
  icon,
  size,
  testId,
  children,
}: {
  opened?: boolean;
  onClose: () => void;
  title: string;
  icon?: ReactNode;
  size?: ModalProps["size"];
  testId?: string;
  children: ReactNode;
}) {
  useTopmostEscape(opened, onClose);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      // Esc closes the topmost dialog alone (useTopmostEscape), not every dialog open beneath it.
      closeOnEscape={false}
      withCloseButton={false}
      size={size}
      padding={0}
      attributes={testId ? { content: { "data-testid": testId } } : undefined}
    >
      <DialogHeader title={title} icon={icon} onClose={onClose} />
      {children}
    </Modal>
  );
}

/** The dialogs open now, the last opened last. */
const openDialogs: symbol[] = [];
/** Escape presses a dialog has already answered. */
const answered = new WeakSet<KeyboardEvent>();

/**
 * Esc closes the dialog opened last. Mantine's modals each close on Esc, so a question asked from
 * inside a form (a save that posts) took the form down with it; here the others let it be. A key
 * a dropdown inside the dialog takes (Mantine marks its target) closes the dropdown alone.
 */
function useTopmostEscape(opened: boolean, onClose: () => void) {
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!opened) return;
    const me = Symbol("dialog");
    openDialogs.push(me);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.isComposing || answered.has(e) || openDialogs.at(-1) !== me) return;
      if ((e.target as HTMLElement | null)?.getAttribute?.("data-mantine-stop-propagation") === "true") return;
      answered.add(e);
      close.current();
    };
    window.addEventListener("keydown", onKey, { capture: true });
    return () => {
      window.removeEventListener("keydown", onKey, { capture: true });
      openDialogs.splice(openDialogs.indexOf(me), 1);
    };
  }, [opened]);
}
