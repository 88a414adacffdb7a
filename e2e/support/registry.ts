import path from "node:path";
import { pathToFileURL } from "node:url";
import type { SeededRows } from "./seed";

export interface Screen {
  key: string;
  path: string;
}

/**
 * The screens come from the web app's feature registry itself, so a screen added later is
 * walked by every test that walks them without touching it. Loaded at run time: the registry is
 * web code, typed for the web's compiler settings, and only its paths matter here.
 */
export async function registryScreens(): Promise<Screen[]> {
  const file = path.resolve(import.meta.dirname, "../../apps/web/src/features/index.ts");
  const registry = (await import(pathToFileURL(file).href)) as { FEATURES: Screen[] };
  return registry.FEATURES.map((f) => ({ key: f.key, path: f.path }));
}

/** SPEC's document routes: an update of the record, in this tab, made from nothing. */
const FIXED_PARAMS: Record<string, string> = { isUpdate: "1", newTab: "0", from: "0" };

/**
 * A record for each route parameter, by the screen's list path, else by its area: a path with a
 * parameter not known here fails the test.
 */
export function concretePath(screen: Screen, rows: SeededRows): string {
  const ids: Record<string, number> = { customers: rows.customerId, suppliers: rows.supplierId };
  return screen.path.replace(/:([a-zA-Z_]+)/g, (_, param: string) => {
    const fixed = FIXED_PARAMS[param];
    if (fixed !== undefined) return fixed;
    const area = screen.path.split("/")[1] ?? "";
    const listed = Object.entries(rows.byPath).find(([base]) => screen.path.startsWith(`${base}/`))?.[1];
    const id = listed ?? ids[area];
    if (param !== "id" || id === undefined) throw new Error(`no record to open ${screen.path} with (${param})`);
    return String(id);
  });
}
