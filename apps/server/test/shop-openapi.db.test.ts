import { execFile } from "node:child_process";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./harness.js";

/**
 * The web shop (apps/shop) against the client types generated from the served OpenAPI document:
 * apps/shop/openapi/contract.ts names every call the shop makes, the answers it reads and the
 * bodies it sends; it is compiled under tsc --strict beside the freshly generated schema.d.ts.
 */
const run = promisify(execFile);
const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "../../..");
const shop = path.join(root, "apps/shop");

let t: TestApp;
let dir = "";
beforeAll(async () => {
  t = await createTestApp();
  // Inside the shop's folder, so the contract finds the shop's types and their packages as the shop does.
  dir = await mkdtemp(path.join(shop, ".openapi-"));
});
afterAll(async () => {
  await t.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the web shop's calls", () => {
  it("compile under tsc --strict against the types generated from the OpenAPI document", { timeout: 120_000 }, async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const docFile = path.join(dir, "openapi.json");
    await writeFile(docFile, res.body);
    await run(process.execPath, [require.resolve("@app/openapi-types/generate.mjs"), docFile, path.join(dir, "schema.d.ts")]);
    // One folder below the shop's, as in apps/shop/openapi/: its import of ../src/types holds.
    await copyFile(path.join(shop, "openapi/contract.ts"), path.join(dir, "contract.ts"));
    await writeFile(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({ extends: "../tsconfig.json", compilerOptions: { strict: true }, include: ["contract.ts", "schema.d.ts"] }),
    );
    const tsc = path.join(path.dirname(require.resolve("typescript/package.json", { paths: [root] })), "bin/tsc");
    const out = await run(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.json")]).catch(
      (e: { stdout: string; stderr: string }) => e,
    );
    expect(`${out.stdout}${out.stderr}`).toBe("");
  });
});
