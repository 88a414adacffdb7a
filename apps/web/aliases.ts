import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const notificationsDir = path.dirname(path.dirname(require.resolve("@mantine/notifications")));

/**
 * `@mantine/notifications/store`: the notifications' store alone (show, hide, the list), which the
 * package's exports do not name. Screens show notices through it; the notifications' host and
 * transitions load with the first notice shown (app/Providers.tsx), not with every page.
 */
export const aliases = {
  "@mantine/notifications/store": path.join(notificationsDir, "esm/notifications.store.mjs"),
};
