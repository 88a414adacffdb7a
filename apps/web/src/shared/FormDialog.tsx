import { Button, Group, Modal, Stack, Tabs } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../app/LoadingScreen";
import { DialogHeader } from "./DialogHeader";
import { useFocusReturn } from "./useFocusReturn";

export interface FormDialogTab {
  value: string;
  label: ReactNode;
  icon?: ReactNode;
  testId?: string;
}

interface Props {
  title: string;
  icon: ReactNode;
  onClose: () => void;
  /** Called on Save and on Enter; the dialog never lets the browser validate or submit. */
  onSubmit: () => void;
  saving: boolean;
  /** While the record being edited loads, the dialog shows a loader instead of the form. */
  loading?: boolean;
  /** A Mantine size ("md", "xl") or a width ("72rem"). */
  size?: string;
  /**
   * Tabs above the fields; the children are then the `Tabs.Panel`s. Panels not shown are not
   * mounted, so the form's values, not the inputs, keep what was typed.
   */
  tabs?: { items: FormDialogTab[]; value: string; onChange: (value: string) => void };
  /** The least height of the fields' area, so switching tabs does not make the dialog jump. */
  minBodyHeight?: number;
  testId: string;
  saveTestId: string;
  children: ReactNode;
}

/** The add/edit dialog every form shares: header, the fields (optionally in tabs), then Cancel and Save. */
export function FormDialog({
  title,
  icon,
  onClose,
  onSubmit,
  saving,
  loading = false,
  size = "md",
  tabs,
  minBodyHeight,
  testId,
  saveTestId,
  children,
}: Props) {
  const { t } = useTranslation();
  useFocusReturn();
  const footer = (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        {t("common:cancel")}
      </Button>
      <Button type="submit" loading={saving} data-testid={saveTestId}>
        {t("common:save")}
      </Button>
    </Group>
  );
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
          {tabs ? (
            <>
              <Tabs value={tabs.value} onChange={(v) => v && tabs.onChange(v)} keepMounted={false}>
                <Tabs.List px="lg" pt="sm">
                  {tabs.items.map((tab) => (
                    <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon} data-testid={tab.testId}>
                      {tab.label}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                <Stack p="lg" gap="md" mih={minBodyHeight}>
                  {children}
                </Stack>
              </Tabs>
              <Stack px="lg" pb="lg">
                {footer}
              </Stack>
            </>
          ) : (
            <Stack p="lg" gap="md" mih={minBodyHeight}>
              {children}
              {footer}
            </Stack>
          )}
        </form>
      )}
    </Modal>
  );
}
