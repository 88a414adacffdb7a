import { Button, Group, Modal, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../app/LoadingScreen";
import { DialogHeader } from "./DialogHeader";

interface Props {
  title: string;
  icon: ReactNode;
  onClose: () => void;
  /** Called on Save and on Enter; the dialog never lets the browser validate or submit. */
  onSubmit: () => void;
  saving: boolean;
  /** While the record being edited loads, the dialog shows a loader instead of the form. */
  loading?: boolean;
  size?: string;
  testId: string;
  saveTestId: string;
  children: ReactNode;
}

/** The add/edit dialog every form shares: header, the fields, then Cancel and Save. */
export function FormDialog({ title, icon, onClose, onSubmit, saving, loading = false, size = "md", testId, saveTestId, children }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} withCloseButton={false} size={size} padding={0} data-testid={testId}>
      <DialogHeader title={title} icon={icon} onClose={onClose} />
      {loading ? (
        <PageLoader />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <Stack p="lg" gap="md">
            {children}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t("common:cancel")}
              </Button>
              <Button type="submit" loading={saving} data-testid={saveTestId}>
                {t("common:save")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
