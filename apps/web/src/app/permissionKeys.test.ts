import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { isKnownPermission } from "@app/contracts";
import { describe, expect, it } from "vitest";

/**
 * The screens hide a menu entry, a tile or an action by the keys they ask `can()` for or declare
 * as a feature's `permission`: each must be a key of the catalogue (which guards a route with
 * every key, apps/server/test/permission-catalogue.db.test.ts), else the screen waits on a key
 * nobody can be given, or shows what the server refuses.
 */
const SRC = resolve(import.meta.dirname, "..");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Literal keys in `can("…")`, `permission: "…"` and `permission: ["…", …]`; keys built with `${…}` are left to the server's test. */
function declaredKeys(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/\bcan\(\s*"([^"$]+)"/g)) out.push(m[1]!);
  for (const m of source.matchAll(/\bpermission:\s*"([^"$]+)"/g)) out.push(m[1]!);
  for (const m of source.matchAll(/\bpermission:\s*\[([^\]]*)\]/g)) for (const k of m[1]!.matchAll(/"([^"$]+)"/g)) out.push(k[1]!);
  return out.flatMap((k) => k.split("##")).filter((k) => k.length > 0);
}

describe("the keys the screens ask for", () => {
  it("are all keys of the permission catalogue", () => {
    const unknown: string[] = [];
    let seen = 0;
    for (const file of filesUnder(SRC)) {
      for (const key of declaredKeys(readFileSync(file, "utf8"))) {
        seen++;
        if (!isKnownPermission(key)) unknown.push(`${relative(SRC, file)}: ${key}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(seen).toBeGreaterThan(100);
  });
});
