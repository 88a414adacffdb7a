import { Button, Group, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
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
