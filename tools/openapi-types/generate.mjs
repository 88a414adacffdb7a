#!/usr/bin/env node
/**
 * Generates TypeScript types from an OpenAPI document with openapi-typescript:
 * `node tools/openapi-types/generate.mjs openapi.json schema.d.ts`. Offline: the document is
 * read from the file, no reference is fetched.
 */
import { readFile, writeFile } from "node:fs/promises";
import { register } from "node:module";

register("./resolve-typescript.mjs", import.meta.url);

export async function generate(doc) {
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  const ast = await openapiTS(doc, { alphabetize: true, defaultNonNullable: true });
  return astToString(ast);
}

const [input, output] = process.argv.slice(2);
if (input && output) {
  await writeFile(output, await generate(JSON.parse(await readFile(input, "utf8"))));
}
