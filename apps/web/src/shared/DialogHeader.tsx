import { CloseButton, Group, Modal, type ModalProps, ThemeIcon, Title } from "@mantine/core";
import type { ReactNode } from "react";
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
  return (
    <Modal
      opened={opened}
      onClose={onClose}
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
