import { describe, expect, it } from "vitest";
import { isStaleBuild, reloadForNewBuild } from "./staleBuild";

describe("a screen's code gone after an update", () => {
  it("is told from other errors in the words of each browser", () => {
    expect(isStaleBuild(new TypeError("Failed to fetch dynamically imported module: http://x/assets/JournalPage-CStw5pgt.js"))).toBe(true);
    expect(isStaleBuild(new TypeError("error loading dynamically imported module: http://x/a.js"))).toBe(true);
    expect(isStaleBuild(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isStaleBuild(new Error("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isStaleBuild(null)).toBe(false);
  });

  it("reloads the page once, and not again when the reload did not help", () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    let reloads = 0;
    const reload = () => void reloads++;
    expect(reloadForNewBuild(storage, reload, 100_000)).toBe(true);
    expect(reloadForNewBuild(storage, reload, 105_000)).toBe(false);
    expect(reloads).toBe(1);
    // Much later (another update), it reloads again.
    expect(reloadForNewBuild(storage, reload, 200_000)).toBe(true);
    expect(reloads).toBe(2);
  });
});
