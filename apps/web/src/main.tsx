/**
 * Two ways into the app from the same page: the POS screen opened on its own (a reload of the till,
 * or its first load) starts its lean entry, with neither the back office's router, frame and menus
 * nor its other texts; every other address starts the back office, which also shows the POS screen
 * when reached from within it.
 */
// First: zod's option must be set before zod runs (noEval.ts).
import "./noEval";
import { installSelectOnFocus } from "./shared/selectOnFocus";

installSelectOnFocus();
const root = document.getElementById("root");
if (root) {
  if (location.pathname.replace(/\/+$/, "") === "/settings/pos") void import("./features/pos/PosApp").then((m) => m.mount(root));
  else void import("./app/App").then((m) => m.mount(root));
}
