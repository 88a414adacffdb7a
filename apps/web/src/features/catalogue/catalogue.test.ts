import { DEFAULT_EXPIRE_ALERT_DAYS, isValidEan13, MSG } from "@app/contracts";
import { describe, expect, it } from "vitest";
import { importFileProblem, importRowErrors } from "../../shared/itemImport";
import { generateEan13 } from "./ean13";
import {
  checkUnits,
  EMPTY_ITEM,
  emptyUnit,
  pricePerBase,
  setBase,
  setDefault,
  toItemPayload,
  type UnitDraft,
  unitLockReason,
} from "./itemForm";

const unit = (p: Partial<UnitDraft>): UnitDraft => ({ ...emptyUnit(false), ...p });

describe("generateEan13", () => {
  it("makes valid in-store EAN-13 codes", () => {
    for (let i = 0; i < 200; i++) {
      const code = generateEan13();
      expect(code).toMatch(/^2\d{12}$/);
      expect(isValidEan13(code)).toBe(true);
    }
  });

  it("computes the check digit of a known code", () => {
    // A 2 and eleven zeros: the weighted sum is 2, so the check digit is 10 - 2 = 8.
    const fixed = generateEan13((n) => new Uint32Array(n));
    expect(fixed).toBe("2000000000008");
  });
});

describe("units", () => {
  const base = unit({ unit_fk: "1", quantity: "1", price: "250", is_base: true, is_default: true });
  const box = unit({ unit_fk: "2", quantity: "12", price: "2800" });

  it("accepts a base unit and a packet", () => {
    expect(checkUnits([base, box])).toEqual({});
  });

  it("asks for at least one unit, one base and one default", () => {
    expect(checkUnits([]).item_units).toBe(MSG.atLeastOneUnit);
    expect(checkUnits([{ ...base, is_base: false }, box]).item_units).toBe("catalogue:units.oneBase");
    expect(checkUnits([{ ...base, is_default: false }, box]).item_units).toBe("catalogue:units.oneDefault");
  });

  it("flags repeated units and barcodes, bad quantities and prices per row", () => {
    const errors = checkUnits([
      { ...base, barcode: "123456" },
      { ...box, unit_fk: "1", quantity: "0", price: "1.234", barcode: "١٢٣٤٥٦" },
    ]);
    expect(errors["item_units.1.unit_fk"]).toBe("catalogue:units.duplicateUnit");
    expect(errors["item_units.1.quantity"]).toBe("catalogue:units.badQuantity");
    expect(errors["item_units.1.price"]).toBe("catalogue:units.badPrice");
    // Arabic-Indic digits are the same barcode.
    expect(errors["item_units.1.barcode"]).toBe("catalogue:barcodes.duplicate");
  });

  it("takes a packet's quantity typed in Arabic-Indic digits, with the Arabic decimal separator", () => {
    const typed = { ...box, quantity: "١٢" };
    expect(checkUnits([base, typed])).toEqual({});
    expect(checkUnits([base, { ...box, quantity: "٢٫٥" }])).toEqual({});
    expect(pricePerBase(typed)).toBe("233.333");
    expect(toItemPayload({ ...EMPTY_ITEM, item_name: "Pepsi", item_units: [base, typed] }).item_units[1]?.quantity).toBe("12");
  });

  it("an empty price or quantity is required, not badly written", () => {
    const errors = checkUnits([
      { ...base, price: " " },
      { ...box, quantity: "" },
    ]);
    expect(errors["item_units.0.price"]).toBe("settings:required");
    expect(errors["item_units.1.quantity"]).toBe("settings:required");
  });

  it("never lets the base, the default or the last unit go", () => {
    expect(unitLockReason([base], base)).toBe("last");
    expect(unitLockReason([base, box], base)).toBe("base");
    const def = { ...box, is_default: true };
    expect(unitLockReason([{ ...base, is_default: false }, def], def)).toBe("default");
    expect(unitLockReason([base, box], box)).toBeNull();
  });

  it("moves base and default between rows; the base always holds 1", () => {
    const moved = setBase([base, box], box.key);
    expect(moved.map((u) => [u.is_base, u.quantity])).toEqual([
      [false, "1"],
      [true, "1"],
    ]);
    expect(setDefault([base, box], box.key).map((u) => u.is_default)).toEqual([false, true]);
  });

  it("shows the price per base unit exactly", () => {
    expect(pricePerBase(box)).toBe("233.333");
    expect(pricePerBase(unit({ quantity: "3", price: "0.1" }))).toBe("0.033");
    expect(pricePerBase(unit({ quantity: "", price: "1" }))).toBeNull();
  });

  it("prefills a new item's expiry alert with the default days", () => {
    expect(EMPTY_ITEM.expire_alert).toBe(String(DEFAULT_EXPIRE_ALERT_DAYS));
    expect(toItemPayload({ ...EMPTY_ITEM, item_name: "Milk", has_expire: true, item_units: [base] }).expire_alert).toBe(30);
  });

  it("builds the item body with decimal strings and ids as numbers", () => {
    const body = toItemPayload({
      ...EMPTY_ITEM,
      item_name: "  Pepsi 330ml ",
      category_fk: "4",
      shortage_alert: "١٠",
      expire_alert: "30",
      barcodes: [" 2000000000008 ", ""],
      item_units: [base, { ...box, barcode: "٦٢٢" }],
    });
    expect(body.item_name).toBe("Pepsi 330ml");
    expect(body.category_fk).toBe(4);
    expect(body.shortage_alert).toBe(10);
    // No expiry tracking: the alert is not sent.
    expect(body.expire_alert).toBeNull();
    expect(body.barcodes).toEqual(["2000000000008"]);
    expect(body.item_units[1]).toMatchObject({ unit_fk: 2, quantity: "12", price: "2800", barcode: "622", is_base: false });
  });
});

describe("item import", () => {
  it("checks the file before upload", () => {
    expect(importFileProblem(null)).toBe(MSG.excelRequired);
    expect(importFileProblem({ name: "items.csv", size: 10 })).toBe(MSG.fileTypeNotAllowed);
    expect(importFileProblem({ name: "items.xlsx", size: 3_000_000 })).toBe(MSG.fileTooLarge);
    expect(importFileProblem({ name: "Items.XLSX", size: 10 })).toBeNull();
  });

  it("reads row errors from a list or from row-keyed field errors", () => {
    expect(
      importRowErrors({
        rows: [
          { row: 5, column: "sale_price", reason: "x" },
          { row: 2, column: "item_name", reason: "y" },
        ],
      }).map((r) => r.row),
    ).toEqual([2, 5]);
    expect(importRowErrors({ errors: { "row.3.barcode": ["taken"], "rows.7": ["bad"] } })).toEqual([
      { row: 3, column: "barcode", reason: "taken" },
      { row: 7, column: "", reason: "bad" },
    ]);
    expect(importRowErrors({ errors: { file: ["Excel file is required"] } })).toEqual([]);
  });
});
