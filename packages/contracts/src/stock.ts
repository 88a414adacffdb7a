import { z } from "zod";
import { zDocDate, zFk } from "./accounting.js";
import { zDecimal, zNote } from "./common.js";

/** States of an item transfer (SPEC §4): stock leaves on send, arrives on receive. */
export const TRANSFER_STATUSES = ["pending", "sent", "received"] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const inventoriesMustDiffer = "From Inventory and To Inventory must be different";
export const TRANSFER_NOT_PENDING = "Only a pending transfer can be changed or deleted.";
export const TRANSFER_NOT_APPROVED = "The transfer must be approved before it is sent.";
export const TRANSFER_NOT_SENT = "Only a sent transfer can be received.";

/** A line of an item transfer: the item, its unit, the transfer quantity in that unit and optionally a batch. */
export const ZItemTransferLine = z.object({
  item_id: zFk("The item field is required."),
  unit_id: zFk("The unit field is required."),
  quantity: zDecimal({ scale: 4, min: 0 }).refine((v) => Number(v) > 0, "The transfer qty must be a number greater than 0."),
  /** A batch of the item in the from-inventory; unset picks first-expiry-first-out on send. */
  batch_id: zFk("The selected batch is invalid.").optional().nullable(),
});

/** An item transfer (SPEC §3): from inventory, to inventory, lines. */
export const ZItemTransfer = z
  .object({
    from_inventory_id: zFk("The from inventory field is required."),
    to_inventory_id: zFk("The to inventory field is required."),
    date: zDocDate.optional().nullable(),
    note: zNote.optional().nullable(),
    items: z.array(ZItemTransferLine, { error: "At least one item is required." }).min(1, "At least one item is required.").max(500),
  })
  .refine((v) => v.from_inventory_id !== v.to_inventory_id, { path: ["to_inventory_id"], message: inventoriesMustDiffer });
export type ItemTransferInput = z.output<typeof ZItemTransfer>;
