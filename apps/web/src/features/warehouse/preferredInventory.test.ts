import { describe, expect, it } from "vitest";
import { preferredInventory } from "./WarehouseDocInventoryDate";

describe("a new stock document's inventory", () => {
  const mine = [{ inventory_id: 4 }, { inventory_id: 2 }, { inventory_id: 9 }];
  it("is the system configuration's default inventory when the user uses it, wherever it stands in the list", () => {
    expect(preferredInventory(mine, 9)).toBe(9);
    expect(preferredInventory(mine, 2)).toBe(2);
  });
  it("is the user's first otherwise, and none before the list is in", () => {
    expect(preferredInventory(mine, 1)).toBe(4);
    expect(preferredInventory(mine, null)).toBe(4);
    expect(preferredInventory(undefined, 9)).toBeUndefined();
  });
});
