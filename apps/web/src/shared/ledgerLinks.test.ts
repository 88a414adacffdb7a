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
    expect(sourcePath("sale_transfer_in", "STR-000002")).toBe("/sales/sale-transfers?search=STR-000002");
    expect(sourcePath("sale_transfer_return", "STRR-000001")).toBe("/sales/sale-transfer-return?search=STRR-000001");
    expect(sourcePath("pos_change", "POS-000009")).toBe("/sales/pos-sales?search=POS-000009");
    expect(sourcePath("closing_drawers", "ZC-000001")).toBe("/sales/closing-drawer?search=ZC-000001");
  });

  it("has no link for a source without a screen", () => {
    expect(sourcePath("test", "1")).toBeUndefined();
    expect(sourcePath(null)).toBeUndefined();
  });
});

describe("a source's words", () => {
  it("names the POS change and a drawer closing in the user's language, not by their codes", async () => {
    const { default: i18n } = await import("../app/i18n");
    const { sourceText } = await import("./SourceCell");
    const t = (key: string, opts?: { defaultValue: string }) => i18n.t(`ledger:${key}`, opts);
    await i18n.changeLanguage("ar");
    expect(sourceText(t, "pos_change", "POS-000009")).toBe("الباقي في نقطة البيع POS-000009");
    await i18n.changeLanguage("ckb");
    expect(sourceText(t, "sale_transfer", "STR-000001")).toBe("گواستنەوەی فرۆشتن (نێردراو) STR-000001");
    await i18n.changeLanguage("en");
    expect(sourceText(t, "closing_drawers", "ZC-000001")).toBe("Drawer closing ZC-000001");
  });
});
