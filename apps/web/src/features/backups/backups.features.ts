import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** Backups and restore (issue 17), under the settings. */
export const BACKUP_FEATURES: Feature[] = [
  {
    key: "backups",
    path: "/settings/backups",
    screen: page(() => import("./BackupsPage"), "BackupsPage"),
    permission: "backups/index",
    area: "settings",
    menu: true,
    tile: false,
  },
];
