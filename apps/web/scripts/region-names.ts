// Writes the country names of the seeded country list in Arabic and Kurdish (Sorani) from
// Unicode CLDR (cldr-localenames-full), so the web shows them without relying on the browser's
// Intl.DisplayNames (Chromium has no Kurdish region names). Run with `npm run regions -w @app/web`
// after upgrading the CLDR package; the output is committed.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { COUNTRY_CODES } from "@app/contracts";

const require = createRequire(import.meta.url);
const out = path.resolve(import.meta.dirname, "../src/shared/regionNames.json");
const codes = [...new Set(Object.values(COUNTRY_CODES))].sort();
const names: Record<string, Record<string, string>> = {};
for (const lang of ["ar", "ckb"]) {
  const file = require.resolve(`cldr-localenames-full/main/${lang}/territories.json`);
  const territories = JSON.parse(readFileSync(file, "utf8")).main[lang].localeDisplayNames.territories as Record<string, string>;
  names[lang] = Object.fromEntries(codes.filter((c) => territories[c]).map((c) => [c, territories[c]!]));
}
writeFileSync(out, `${JSON.stringify(names, null, 2)}\n`);
console.log(
  `${out}: ${Object.entries(names)
    .map(([l, n]) => `${l} ${Object.keys(n).length}`)
    .join(", ")} of ${codes.length}`,
);
