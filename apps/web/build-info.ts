import { readFileSync } from "node:fs";

/** The app's version (package.json) and the build's date, shown in the debug menu. */
export function buildInfo() {
  const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };
  return {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  };
}
