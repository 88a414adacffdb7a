import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useCan } from "../app/session";
import { backupAlertQuery } from "./api/backups";
import { isolateLtr } from "./ltr";

/** On the home page, for users holding a backups key: the newest backup failed its verification. */
export function BackupAlert() {
  const { t } = useTranslation("backups");
  const can = useCan();
  const allowed = can("backups/index");
  const alert = useQuery({ ...backupAlertQuery, enabled: allowed });
  if (!allowed || !alert.data) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t("alertTitle")} data-testid="backup-alert">
      {t("alertText", { file: isolateLtr(alert.data.file) })}
    </Alert>
  );
}
