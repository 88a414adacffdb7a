import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("DB_POOL_SIZE", () => {
  it("sizes the pool when set, and leaves the default of the database kind when not", () => {
    expect(loadConfig({ DB_POOL_SIZE: "32" }).dbPoolSize).toBe(32);
    expect(loadConfig({}).dbPoolSize).toBeUndefined();
    expect(loadConfig({ DB_POOL_SIZE: "" }).dbPoolSize).toBeUndefined();
  });

  it("refuses what is no pool size, naming the setting", () => {
    for (const bad of ["1", "0", "-4", "12.5", "many", "501"])
      expect(() => loadConfig({ DB_POOL_SIZE: bad }), bad).toThrow(/DB_POOL_SIZE must be a whole number from 2 to 500/);
  });
});
