import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No file of the server or of the contracts imports itself again through the files it imports,
 * type-only imports and re-exports included (a type taken from a file that imports the taker is a
 * circle all the same: the modules' registry and its modules were one until the `AppModule` type
 * moved to platform/app-module.ts). The web keeps the same rule in apps/web/src/app/layers.test.ts.
 */
const repoRoot = path.resolve(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const SPECIFIER = /(?:^|\n)\s*(?:import|export)\s(?:[^;"']*?\sfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g;

/** Every circle of imports among `files` (each read by `read`), each as the files it runs through. */
function circles(files: string[], read: (file: string) => string): string[][] {
  const known = new Set(files);
  const importsOf = (file: string) =>
    [
      ...read(file)
        .replace(/\/\*[\s\S]*?\*\//g, "")
        .matchAll(SPECIFIER),
    ]
      .map((m) => path.resolve(path.dirname(file), m[1]!.replace(/\.js$/, "")))
      .map((base) => [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((p) => known.has(p)))
      .filter((p): p is string => p !== undefined);
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const visit = (f: string) => {
    state.set(f, "open");
    trail.push(f);
    for (const g of graph.get(f) ?? []) {
      if (state.get(g) === "open") found.push(trail.slice(trail.indexOf(g)).map((x) => path.relative(repoRoot, x)));
      else if (!state.has(g)) visit(g);
    }
    trail.pop();
    state.set(f, "done");
  };
  for (const f of files) if (!state.has(f)) visit(f);
  return found;
}

describe("imports", () => {
  it("no file of the server or the contracts imports itself again, type-only imports included", () => {
    const files = [path.join(repoRoot, "apps/server/src"), path.join(repoRoot, "packages/contracts/src")].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    expect(circles(files, (f) => readFileSync(f, "utf8"))).toEqual([]);
  });

  it("finds the circle the modules' registry and a module taking its type from it made", () => {
    const registry = path.join(repoRoot, "apps/server/src/modules/index.ts");
    const cash = path.join(repoRoot, "apps/server/src/modules/cash/cash.module.ts");
    const texts: Record<string, string> = {
      [registry]: 'import { cashModule } from "./cash/cash.module.js";\n',
      [cash]: 'import type { AppModule } from "../index.js";\n',
    };
    expect(circles([registry, cash], (f) => texts[f]!)).toEqual([
      ["apps/server/src/modules/index.ts", "apps/server/src/modules/cash/cash.module.ts"],
    ]);
    texts[cash] = 'import type { AppModule } from "../../platform/app-module.js";\n';
    expect(circles([registry, cash], (f) => texts[f]!)).toEqual([]);
  });
});
