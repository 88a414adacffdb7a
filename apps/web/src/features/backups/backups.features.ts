import { IconDatabaseExport } from "@tabler/icons-react";
import { type ComponentType, lazy } from "react";
import type { Feature } from "../index";

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** Backups and restore (issue 17), under the settings. */
export const BACKUP_FEATURES: Feature[] = [
  {
    key: "backups",
    path: "/settings/backups",
    screen: page(() => import("./BackupsPage"), "BackupsPage"),
    icon: IconDatabaseExport,
    permission: "backups/index",
    area: "settings",
    menu: true,
    tile: false,
  },
];
