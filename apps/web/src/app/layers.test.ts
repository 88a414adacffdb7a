import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * How the web's folders depend on each other, read from the sources themselves:
 * - a feature (src/features/<name>/) imports only from itself, src/shared/ and src/app/, never
 *   from another feature or from the registry of screens (src/features/index.ts) that imports
 *   them all; what several features use lives in src/shared/ (the document frame in
 *   shared/documents/, each resource's queries in shared/api/<resource>.ts);
 * - src/shared/ imports no feature;
 * - no file imports itself again through the files it imports (type-only imports count: a type
 *   taken from a file that imports the taker is a circle all the same).
 */
const SRC = resolve(import.meta.dirname, "..");
const FEATURES = join(SRC, "features");
const SHARED = join(SRC, "shared");

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

interface Import {
  spec: string;
  /** The file it names; null for a package. */
  target: string | null;
  /** `import()`: loaded when called, so it cannot close a circle at load. */
  lazy: boolean;
  /** A test's `vi.mock` or `vi.importActual`. */
  mock: boolean;
}

const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)\s*\(\s*)(["'])([^"'\n]+)\2/g;

function resolveSpec(from: string, spec: string): string {
  const base = resolve(dirname(from), spec);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find(
    (p) => existsSync(p) && statSync(p).isFile(),
  );
  if (!found) throw new Error(`${relative(SRC, from)}: "${spec}" names no file`);
  return found;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "");
  return [...text.matchAll(SPECIFIER)].map((m) => {
    const spec = m[3]!;
    return {
      spec,
      target: spec.startsWith(".") ? resolveSpec(file, spec) : null,
      lazy: /^import\s*\(/.test(m[1]!),
      mock: m[1]!.startsWith("vi."),
    };
  });
}

const featureOf = (file: string) => {
  const rel = relative(FEATURES, file);
  return rel.startsWith("..") || !rel.includes(sep) ? null : rel.split(sep)[0]!;
};
const name = (file: string) => relative(SRC, file).split(sep).join("/");

const ALL = filesUnder(SRC);
const IMPORTS = new Map(ALL.map((f) => [f, importsOf(f)]));

describe("the web's layers", () => {
  it("reads the imports of every source file", () => {
    expect(ALL.filter((f) => featureOf(f) !== null).length).toBeGreaterThan(100);
    const cash = IMPORTS.get(join(FEATURES, "accounting", "CashAndBanksPage.tsx"));
    expect(cash?.some((i) => i.target?.startsWith(SHARED))).toBe(true);
  });

  it("has no feature importing another feature or the registry of screens", () => {
    const crossings = ALL.flatMap((file) => {
      const own = featureOf(file);
      if (own === null) return [];
      return (IMPORTS.get(file) ?? [])
        .filter((i) => i.target?.startsWith(FEATURES + sep) && featureOf(i.target!) !== own)
        .map((i) => `${name(file)} imports "${i.spec}" (${name(i.target!)})`);
    });
    expect(crossings, "move what several features use to src/shared/ (or src/app/)").toEqual([]);
  });

  it("has src/shared/ importing no feature", () => {
    const up = ALL.filter((f) => f.startsWith(SHARED + sep) && !/\.test\.tsx?$/.test(f)).flatMap((file) =>
      (IMPORTS.get(file) ?? []).filter((i) => i.target?.startsWith(FEATURES + sep)).map((i) => `${name(file)} imports "${i.spec}"`),
    );
    expect(up).toEqual([]);
  });

  it("has no import circle between files, type-only imports included", () => {
    const edges = new Map(
      ALL.map((f) => [
        f,
        (IMPORTS.get(f) ?? []).flatMap((i) => (i.target && !i.lazy && !i.mock && /\.(ts|tsx)$/.test(i.target) ? [i.target] : [])),
      ]),
    );
    // Tarjan's strongly connected components: each group of more than one file is a circle.
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const circles: string[][] = [];
    const visit = (v: string) => {
      index.set(v, next);
      low.set(v, next);
      next++;
      stack.push(v);
      onStack.add(v);
      for (const w of edges.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const group: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          group.push(w);
        } while (w !== v);
        if (group.length > 1 || (edges.get(v) ?? []).includes(v)) circles.push(group.map(name).sort());
      }
    };
    for (const f of ALL) if (!index.has(f)) visit(f);
    expect(circles).toEqual([]);
  });
});
