import { CloseButton, Group, ThemeIcon, Title } from "@mantine/core";
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
