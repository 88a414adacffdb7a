import { z } from "zod";
import { zDocDate, zFk } from "./accounting.js";
import { zBoolish, zDecimal, zNote } from "./common.js";

/** Disposal types of SPEC §3 (destructed assets). */
export const DISPOSAL_TYPES = ["stolen", "destruct", "expired"] as const;
export type DisposalType = (typeof DISPOSAL_TYPES)[number];

/** Document states: a draft moves no stock; completing (Done) moves it and posts. */
export const WAREHOUSE_DOC_STATUSES = ["draft", "complete"] as const;
export type WarehouseDocStatus = (typeof WAREHOUSE_DOC_STATUSES)[number];

const zQuantity = zDecimal({ scale: 3, min: 0 }).refine((v) => Number(v) > 0, "must be greater than 0");
/** An expiry date, `YYYY-MM-DD` (the web turns the displayed format into it). */
const zDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date in the format YYYY-MM-DD")
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "must be a valid date");
/** A batch coming in: its number and expiry date, or neither. */
const zNewBatch = {
  batch_no: z.string().trim().max(100, "may not be greater than 100 characters").optional().nullable(),
  /** Required for an item with expiry (checked by the server against the item). */
  expire_date: z.preprocess((v) => (v === "" ? null : v), zDay.optional().nullable()),
};
/** A batch on hand (stock_batches); none lets the server pick first-expiry-first-out. */
const zBatchId = z.preprocess(
  (v) => (v === "" ? null : v),
  z.coerce.number().int("must be an integer").positive("must be greater than 0").max(2_147_483_647).optional().nullable(),
);
const zItem = zFk("The item field is required.");
const zUnit = zFk("The unit field is required.");
const zInventory = zFk("The inventory field is required.");
const atLeastOneItem = "At least one item is required.";

/** A destructed asset (write-off): goods stolen, destroyed or expired leave the inventory at average cost. */
export const ZAssetDisposal = z.object({
  inventory_id: zInventory,
  date: zDocDate.optional().nullable(),
  disposal_type: z.enum(DISPOSAL_TYPES, { error: "The type must be stolen, destruct or expired." }),
  note: zNote.optional().nullable(),
  lines: z
    .array(z.object({ item_id: zItem, unit_id: zUnit, quantity: zQuantity, batch_id: zBatchId, description: zNote.optional().nullable() }))
    .min(1, atLeastOneItem)
    .max(1000),
});
export type AssetDisposalInput = z.output<typeof ZAssetDisposal>;

/**
 * An inventory count: what was counted per item and batch, in the item's base unit (a batch on
 * hand by `batch_id`, or one not on hand by its number and expiry). Completing it
 * books the difference to the quantity on hand; with `set_not_adjusted_to_zero`, every batch of
 * the inventory left off the sheet is counted as none.
 */
export const ZInventoryAdjustment = z
  .object({
    inventory_id: zInventory,
    date: zDocDate.optional().nullable(),
    set_not_adjusted_to_zero: zBoolish.optional().default(false),
    note: zNote.optional().nullable(),
    lines: z
      .array(z.object({ item_id: zItem, batch_id: zBatchId, ...zNewBatch, counted_qty: zDecimal({ scale: 3, min: 0 }) }))
      .max(5000)
      .default([]),
  })
  .refine((v) => v.lines.length > 0 || v.set_not_adjusted_to_zero, { path: ["lines"], message: atLeastOneItem });
export type InventoryAdjustmentInput = z.output<typeof ZInventoryAdjustment>;

/** Opening stock of one inventory: quantities, their cost in the system currency, and batches. */
export const ZInventoryOpeningBalance = z.object({
  inventory_id: zInventory,
  date: zDocDate.optional().nullable(),
  note: zNote.optional().nullable(),
  lines: z
    .array(
      z.object({
        item_id: zItem,
        unit_id: zUnit,
        quantity: zQuantity,
        /** Cost of one of the line's unit, in the system currency. */
        unit_cost: zDecimal({ scale: 4, min: 0 }),
        ...zNewBatch,
      }),
    )
    .min(1, atLeastOneItem)
    .max(5000),
});
export type InventoryOpeningBalanceInput = z.output<typeof ZInventoryOpeningBalance>;
