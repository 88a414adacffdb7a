import { describe, expect, it } from "vitest";
import { sourcePath } from "./ledgerLinks";

describe("a journal entry's or stock movement's document link", () => {
  it("opens the list of the document's kind searched for its number", () => {
    expect(sourcePath("purchase", "PUR-000012")).toBe("/purchases/purchases?search=PUR-000012");
    expect(sourcePath("purchase_return", "PRT-000003")).toBe("/purchases/purchases-returns?search=PRT-000003");
    expect(sourcePath("item_transfer_receive", "IT-000002")).toBe("/warehouse/items-transfers?search=IT-000002");
    expect(sourcePath("asset_disposal", "DSP-000001")).toBe("/warehouse/destructed-assets?search=DSP-000001");
    expect(sourcePath("inventory_adjustment", "ADJ-000004")).toBe("/warehouse/inventory-adjustment?search=ADJ-000004");
    expect(sourcePath("inventory_opening_balance", "OST-000001")).toBe(
      "/settings/opening-balance/inventory-opening-balance?search=OST-000001",
    );
    expect(sourcePath("sale_return", "SRT-000001")).toBe("/sales/sales-returns?search=SRT-000001");
  });

  it("has no link for a source without a screen", () => {
    expect(sourcePath("test", "1")).toBeUndefined();
    expect(sourcePath(null)).toBeUndefined();
  });
});
