import type { BackupListed, BackupSettings } from "@app/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { DataBody } from "./types";

export interface BackupSettingsShown extends Required<Omit<BackupSettings, "folder">> {
  folder: string | null;
  effective_folder: string;
  last_scheduled_on: string | null;
  time_zone: string;
}

export const backupsQuery = queryOptions({
  queryKey: ["backups"],
  queryFn: () => api<{ data: BackupListed[]; folder: string }>("backups"),
});

export const backupSettingsQuery = queryOptions({
  queryKey: ["backups", "settings"],
  queryFn: async () => (await api<DataBody<BackupSettingsShown>>("backup_settings")).data,
});

/** The newest backup when it failed its verification (home page). */
export const backupAlertQuery = queryOptions({
  queryKey: ["backups", "alert"],
  queryFn: async () => (await api<DataBody<BackupListed | null>>("backups/alert")).data,
  staleTime: 60_000,
});
