import { z } from "zod";
import { zDecimal } from "../../platform/openapi.js";

/** The answers of the online orders' routes, as the OpenAPI document gives them. */

const id = z.number().int();
const at = z.string().nullable();
const name = z.string().nullable();

export const ZOrderHead = z.object({
  order_id: id,
  order_no: z.string(),
  status: z.enum(["pending", "confirmed", "delivered", "cancelled"]),
  /** The board's column: out_for_delivery is a confirmed order handed to its driver. */
  board_column: z.enum(["pending", "confirmed", "out_for_delivery", "delivered", "cancelled"]),
  customer_fk: id,
  customer_name: name,
  customer_mobile: name,
  address: z.object({
    city_id: id,
    city_name: z.string(),
    landmark: z.string(),
    street: name,
    lat: name,
    lng: name,
  }),
  inventory_fk: id,
  currency_id: id,
  rate: zDecimal,
  gross: zDecimal,
  discount_amount: zDecimal,
  total: zDecimal,
  note: name,
  ordered_at: at,
  ordered_by: id.nullable(),
  confirmed_at: at,
  confirmed_by: id.nullable(),
  confirmed_by_name: name,
  delivered_at: at,
  delivered_by: id.nullable(),
  delivered_by_name: name,
  cancelled_at: at,
  cancelled_by: id.nullable(),
  cancelled_by_name: name,
  cancelled_source: name,
  cancel_message_fk: id.nullable(),
  cancel_reason_text: name,
  sale_fk: id.nullable(),
  sale_number: name,
  invoice_status: z.enum(["delivered", "returned"]).nullable(),
  driver_fk: id.nullable(),
  driver_name: name,
  assigned_at: at,
  handed_over_at: at,
  collected_currency_id: id.nullable(),
  collected_amount: zDecimal.nullable(),
  settlement_fk: id.nullable(),
});

export const ZBoardOrder = ZOrderHead.extend({ lines_count: id });

export const ZOrderShown = ZOrderHead.extend({
  lines: z.array(
    z.object({
      line_id: id,
      item_fk: id,
      item_name: z.string(),
      item_code: name,
      unit_fk: id,
      unit_name: z.string(),
      quantity: zDecimal,
      unit_price: zDecimal,
      net_price: zDecimal,
      line_total: zDecimal,
    }),
  ),
  events: z.array(
    z.object({
      event_id: id,
      action: z.string(),
      status: z.string(),
      user_fk: id.nullable(),
      user_name: name,
      by_customer: z.boolean(),
      note: name,
      at: z.string(),
    }),
  ),
});

export const ZDriverCash = z.object({
  driver_id: id,
  user_name: z.string(),
  /** The cash in hand per currency: the balances of the driver's accounts. */
  cash_iqd: zDecimal,
  cash_usd: zDecimal,
  out_count: id,
  unsettled_count: id,
});

export const ZSettlementShown = z.object({
  id,
  number: z.string(),
  driver_fk: id,
  driver_name: z.string(),
  settled_at: z.string(),
  difference_total: zDecimal,
  note: name,
  created_by: id.nullable(),
  created_by_name: name,
  cash: z.array(
    z.object({
      currency_id: id,
      driver_account_fk: id,
      cash_account_fk: id.nullable(),
      cash_account_name: name,
      expected: zDecimal,
      counted: zDecimal,
      difference: zDecimal,
      rate: zDecimal,
    }),
  ),
  orders: z.array(
    z.object({ order_id: id, order_no: z.string(), collected_currency_id: id.nullable(), collected_amount: zDecimal.nullable() }),
  ),
});
