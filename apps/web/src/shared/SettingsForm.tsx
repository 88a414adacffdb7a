import { Button } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "./PageHeader";

interface Props {
  title: string;
  description: string;
  /** Without the edit permission the page reads only and shows no Save. */
  canSave: boolean;
  saving: boolean;
  saveTestId: string;
  onSubmit: () => void;
  children: ReactNode;
}

/** A settings page that is one form: its header carries Save, and Enter saves too. */
export function SettingsForm({ title, description, canSave, saving, saveTestId, onSubmit, children }: Props) {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <PageHeader
        title={title}
        description={description}
        actions={
          canSave && (
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={saving} data-testid={saveTestId}>
              {t("common:save")}
            </Button>
          )
        }
      />
      {children}
    </form>
  );
}
