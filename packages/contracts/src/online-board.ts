import { z } from "zod";
import { zNote } from "./common.js";
import { CURRENCY_IQD, CURRENCY_USD } from "./constants.js";

/**
 * The back office's work on online orders (SPEC §4 "Online orders"): the actions on an order,
 * the drivers of home delivery and the settling of the cash a driver collected.
 */

export const ONLINE_BOARD_MSG = {
  notPending: "The order is not pending.",
  notConfirmed: "The order is not confirmed.",
  notDelivered: "The order is not delivered.",
  notOpen: "The order is already delivered or cancelled.",
  reasonRequired: "Choose a cancellation reason.",
  reasonTextRequired: "Write the reason when the reason is Other.",
  reasonInvalid: "The selected cancellation reason is invalid.",
  driverInvalid: "The selected driver is invalid.",
  noDriver: "Assign a driver first.",
  alreadyOut: "The order is already out for delivery.",
  settledDelivery: "The driver's cash for this order was already settled.",
  nothingToSettle: "The driver holds no cash to settle.",
  accountCurrency: "The account must be in the currency it receives.",
  streamOnly: "This address answers server-sent events only (Accept: text/event-stream).",
} as const;

/** The permission of each action (SPEC §6 "online_orders"; receive is labelled Confirm). */
export const ONLINE_ORDER_KEYS = {
  show: "online_orders/show",
  confirm: "online_orders/receive",
  deliver: "online_orders/store",
  update: "online_orders/update",
  cancel: "online_orders/destroy",
  history: "online_orders/history",
  homeDelivery: "online_orders/home_delivery",
} as const;

/** The columns of the board: pending, confirmed, out for delivery, delivered today, cancelled today. */
export const BOARD_COLUMNS = ["pending", "confirmed", "out_for_delivery", "delivered", "cancelled"] as const;
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

/** Cancel Order: a message from the cancellation messages, or Other (no message) with its text. */
export const ZOnlineOrderCancel = z
  .object({
    message_id: z.number().int().positive().nullable().optional(),
    other: z.boolean().optional(),
    reason: z.string().trim().max(500, "Maximum allowed character is 500").optional().nullable(),
  })
  .superRefine((v, c) => {
    if (v.other) {
      if (!v.reason) c.addIssue({ code: "custom", path: ["reason"], message: ONLINE_BOARD_MSG.reasonTextRequired });
    } else if (!v.message_id) c.addIssue({ code: "custom", path: ["message_id"], message: ONLINE_BOARD_MSG.reasonRequired });
  });
export type OnlineOrderCancelInput = z.output<typeof ZOnlineOrderCancel>;

export const ZAssignDriver = z.object({
  driver_id: z.number({ error: ONLINE_BOARD_MSG.driverInvalid }).int().positive(ONLINE_BOARD_MSG.driverInvalid),
});
export type AssignDriverInput = z.output<typeof ZAssignDriver>;

const zCounted = z
  .string({ error: "The counted amount is required." })
  .trim()
  .regex(/^\d{1,15}(\.\d{1,4})?$/, "must be a number of at most 4 decimals, 0 or more");

/** Settling a driver: the cash counted per currency, each into a cash account of that currency. */
export const ZDriverSettlement = z.object({
  driver_id: z.number({ error: ONLINE_BOARD_MSG.driverInvalid }).int().positive(ONLINE_BOARD_MSG.driverInvalid),
  counted_iqd: zCounted,
  counted_usd: zCounted,
  account_iqd: z.number().int().positive().nullable().optional(),
  account_usd: z.number().int().positive().nullable().optional(),
  note: zNote.optional().nullable(),
});
export type DriverSettlementInput = z.output<typeof ZDriverSettlement>;

export const DRIVER_CURRENCIES = [CURRENCY_IQD, CURRENCY_USD] as const;
