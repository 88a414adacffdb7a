import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const notificationsDir = path.dirname(path.dirname(require.resolve("@mantine/notifications")));

/**
 * `@mantine/notifications/store`: the notifications' store alone (show, hide, the list), which the
 * package's exports do not name. Screens show notices through it; the notifications' host and
 * transitions load with the first notice shown (app/Providers.tsx), not with every page.
 */
/**
 * `decimal.js`: decimal.js-light in the browser, by the same author with the same arithmetic and
 * rounding for what the web and the shared contracts use (no NaN, Infinity, trigonometry or
 * floor/ceil methods): 5.7 KB gzipped instead of 12.8 on every screen that shows an amount. The
 * server keeps decimal.js. tsconfig.json points the web's types at the light one, so that a call
 * it does not have fails the typecheck.
 */
export const aliases = {
  "@mantine/notifications/store": path.join(notificationsDir, "esm/notifications.store.mjs"),
  "decimal.js": path.join(path.dirname(require.resolve("decimal.js-light/package.json")), "decimal.mjs"),
};
