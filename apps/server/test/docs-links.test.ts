import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every relative link of the documentation a person reads (README.md, ARCHITECTURE.md and every
 * page under docs/) names a file or folder that exists, and a `#heading` in a markdown file that
 * the file has, as GitHub makes a heading's anchor. Links to other sites are not followed.
 */
const repoRoot = path.resolve(import.meta.dirname, "../../..");

/** The markdown files checked: the two at the root and every `.md` under docs/, as paths from the root. */
function documentation(root: string): string[] {
  const files = ["README.md", "ARCHITECTURE.md"].filter((f) => existsSync(path.join(root, f)));
  const walk = (dir: string) => {
    if (!existsSync(path.join(root, dir))) return;
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith(".md")) files.push(rel);
    }
  };
  walk("docs");
  return files;
}

/** The file's lines with fenced code blocks blanked (their text is not markdown), line numbers kept. */
function proseLines(text: string): string[] {
  let fence: string | undefined;
  return text.split("\n").map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return "";
    }
    if (marker) {
      fence = marker;
      return "";
    }
    return line;
  });
}

/** Inline code spans blanked: a link written inside backticks is an example, not a link. */
const withoutCode = (line: string) => line.replace(/(`+)[^`]*?\1/g, "");

/** GitHub's anchor of a heading: its text lower-cased, punctuation dropped, spaces made hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/`/g, "")
    .replace(/\*+/g, "")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** The anchors a markdown file has: its headings' (the second of a name gets `-1`, ...) and HTML ids. */
function anchors(text: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      found.add(n ? `${base}-${n}` : base);
    }
    for (const m of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) found.add(m[1]!);
  }
  return found;
}

/** The link targets of one line: inline links and images, reference definitions, HTML href/src. */
function targets(line: string): string[] {
  const prose = withoutCode(line);
  const out: string[] = [];
  for (const m of prose.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g))
    out.push(m[1]!.replace(/^<|>$/g, ""));
  const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(prose)?.[1];
  if (definition) out.push(definition.replace(/^<|>$/g, ""));
  for (const m of prose.matchAll(/\s(?:href|src)="([^"]+)"/g)) out.push(m[1]!);
  return out;
}

/** Every relative link of the files that does not resolve, as `file:line: target (why)`. */
function brokenLinks(root: string, files: string[]): string[] {
  const broken: string[] = [];
  const anchorsOf = new Map<string, Set<string>>();
  const anchorsIn = (file: string) => {
    let a = anchorsOf.get(file);
    if (!a) {
      a = anchors(readFileSync(file, "utf8"));
      anchorsOf.set(file, a);
    }
    return a;
  };
  for (const file of files) {
    const abs = path.join(root, file);
    proseLines(readFileSync(abs, "utf8")).forEach((line, i) => {
      for (const target of targets(line)) {
        // Another site, a mail address, a protocol-relative address: not checked here.
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue;
        const hash = target.indexOf("#");
        const filePart = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
        const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
        const resolved = filePart
          ? filePart.startsWith("/")
            ? path.join(root, filePart)
            : path.resolve(path.dirname(abs), filePart)
          : abs;
        const where = `${file}:${i + 1}: ${target}`;
        if (!existsSync(resolved)) {
          broken.push(`${where} (no such file)`);
          continue;
        }
        if (anchor && statSync(resolved).isFile() && resolved.endsWith(".md") && !anchorsIn(resolved).has(anchor))
          broken.push(`${where} (no heading with this anchor in ${path.relative(root, resolved)})`);
      }
    });
  }
  return broken;
}

describe("documentation links", () => {
  it("every relative link in README.md, ARCHITECTURE.md and docs/ names an existing file and heading", () => {
    const files = documentation(repoRoot);
    expect(files).toContain("README.md");
    expect(brokenLinks(repoRoot, files)).toEqual([]);
  });

  it("finds a missing file, a missing heading and a missing image, and passes what exists", () => {
    const root = mkdtempSync(path.join(tmpdir(), "souq-docs-links-"));
    try {
      mkdirSync(path.join(root, "docs/images"), { recursive: true });
      writeFileSync(path.join(root, "docs/images/shot.png"), "");
      writeFileSync(
        path.join(root, "docs/page.md"),
        "# A page\n\n## Backups and restore\n\n## Health, metrics and `stopping`\n\n## Notes\n\n## Notes\n",
      );
      writeFileSync(
        path.join(root, "README.md"),
        [
          "# Readme",
          "[ok](docs/page.md) [ok](docs/page.md#backups-and-restore) [ok](docs/page.md#health-metrics-and-stopping)",
          "[ok](docs/page.md#notes-1) [ok](#readme) [ok](https://example.com/x.md) ![ok](docs/images/shot.png)",
          "[ok](docs/ 'a folder') `[not a link](nowhere.md)`",
          "```",
          "[in a code block](nowhere.md)",
          "```",
          "[gone](docs/missing.md) [no heading](docs/page.md#restore) ![no image](docs/images/none.png)",
          "[no heading here](#nothing)",
          "[ref]: docs/also-missing.md",
        ].join("\n"),
      );
      expect(brokenLinks(root, documentation(root))).toEqual([
        "README.md:8: docs/missing.md (no such file)",
        "README.md:8: docs/page.md#restore (no heading with this anchor in docs/page.md)",
        "README.md:8: docs/images/none.png (no such file)",
        "README.md:9: #nothing (no heading with this anchor in README.md)",
        "README.md:10: docs/also-missing.md (no such file)",
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("makes anchors as GitHub does", () => {
    expect(slug("Moving to a separate PostgreSQL server")).toBe("moving-to-a-separate-postgresql-server");
    expect(slug("Health, metrics and stopping")).toBe("health-metrics-and-stopping");
    expect(slug("The `DATA_DIR` folder")).toBe("the-data_dir-folder");
    expect(slug("Sale transfers (consignment)")).toBe("sale-transfers-consignment");
    expect(slug("Dates and times: one way in every language")).toBe("dates-and-times-one-way-in-every-language");
    expect(slug("قائمة البحث")).toBe("قائمة-البحث");
  });
});
