import { z } from "zod";
import { MSG } from "./messages.js";

/**
 * The dashboard (`GET /api/dashboard`, SPEC `/dashboard`): a period's sales figures beside the
 * previous period of the same length, and today's positions (cash, receivables and payables,
 * stock). Days are the business clock's; the presets (today, this month, ...) are the screen's.
 *
 * `currency`: `IQD` or `USD` counts only the documents in that currency, in it; `system` counts
 * every document, converted to the system currency at the rate it was booked with.
 */
export const DASHBOARD_CURRENCIES = ["IQD", "USD", "system"] as const;
export type DashboardCurrency = (typeof DASHBOARD_CURRENCIES)[number];

/** How many rows the ranked and listed parts give at most. */
export const DASHBOARD_TOP = 10;
export const DASHBOARD_LIST_LIMIT = 20;
/** The longest period asked at once (two years and a day). */
export const DASHBOARD_MAX_DAYS = 732;

export const DASHBOARD_MSG = {
  currencyInvalid: "The selected currency is invalid.",
  periodTooLong: `The period may not be longer than ${DASHBOARD_MAX_DAYS} days.`,
} as const;

const zDay = z
  .string({ error: "must be a date in the format YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "must be a date in the format YYYY-MM-DD", abort: true })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, "must be a date in the format YYYY-MM-DD");

/** An optional id filter; an empty field means none. */
const zOptId = (message: string) =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message).optional(),
  );

/** Days between two `YYYY-MM-DD` days, both counted. */
export const daysCounted = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export const ZDashboardQuery = z
  .object({
    outlet_fk: zOptId("The selected outlet fk is invalid."),
    inventory_fk: zOptId("The selected inventory is invalid."),
    from: zDay,
    to: zDay,
    currency: z.enum(DASHBOARD_CURRENCIES, { error: DASHBOARD_MSG.currencyInvalid }).default("system"),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: "custom", path: ["to"], message: MSG.endDateAfterStart });
    else if (daysCounted(q.from, q.to) > DASHBOARD_MAX_DAYS)
      ctx.addIssue({ code: "custom", path: ["to"], message: DASHBOARD_MSG.periodTooLong });
  });
export type DashboardQuery = z.output<typeof ZDashboardQuery>;

/** Money and quantities: decimal strings (3 decimals at most for money). */
const zAmount = z.string();

/** A figure of the period beside the previous period's; `change_pct` is null when the previous is 0. */
export const ZDashboardCard = z.object({
  value: zAmount,
  previous: zAmount,
  /** (value − previous) / |previous| × 100, 1 decimal. */
  change_pct: zAmount.nullable(),
});
export type DashboardCard = z.output<typeof ZDashboardCard>;

/**
 * net_sales: sales less their discounts, before tax, less the returns; sales_count: complete sales;
 * average_ticket: the sales' net (before returns) over their count; gross_profit: net sales less the
 * cost of the goods that left (and plus the cost of those that came back); returns: returned value;
 * discounts: every discount of the sales (line, invoice, promotion, profile and rounding).
 */
export const ZDashboardCards = z.object({
  net_sales: ZDashboardCard,
  sales_count: ZDashboardCard,
  average_ticket: ZDashboardCard,
  /** Null without reports/items_profits (costs are not the seller's to see). */
  gross_profit: ZDashboardCard.nullable(),
  returns: ZDashboardCard,
  discounts: ZDashboardCard,
});
export type DashboardCards = z.output<typeof ZDashboardCards>;

const ZPoint = z.object({ net_sales: zAmount, count: z.number().int() });

export const ZDashboardHour = ZPoint.extend({ hour: z.number().int().min(0).max(23) });
export const ZDashboardDay = ZPoint.extend({ day: z.string() });

export const ZDashboardTopItem = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  item_code: z.string().nullable(),
  /** Base units sold less returned. */
  quantity: zAmount,
  net_sales: zAmount,
});
export const ZDashboardTopCustomer = z.object({
  customer_id: z.number().int(),
  customer_name: z.string(),
  net_sales: zAmount,
  count: z.number().int(),
});
export const ZDashboardOutlet = ZPoint.extend({
  /** Null: documents of no outlet (an invoice sale made outside any outlet). */
  outlet_id: z.number().int().nullable(),
  outlet_name: z.string().nullable(),
});

export const ZDashboardCashBalance = z.object({
  currency_id: z.number().int(),
  currency_name: z.string(),
  balance: zAmount,
});
/** A drawer, cash box or bank account, with its balance in each currency it holds. */
export const ZDashboardCashAccount = z.object({
  account_id: z.number().int(),
  account_name: z.string(),
  /** drawer, cash or bank */
  kind: z.string(),
  outlet_id: z.number().int().nullable(),
  balances: z.array(ZDashboardCashBalance),
});

/** What customers owe (receivables) or suppliers are owed (payables), in the answer's currency. */
export const ZDashboardBalances = z.object({
  total: zAmount,
  /** The part of it that is past its documents' due days. */
  overdue: zAmount,
});

export const ZDashboardInventoryValue = z.object({
  inventory_id: z.number().int(),
  inventory_name: z.string(),
  /** The goods at their average cost, system currency (stock is valued in it alone). */
  value: zAmount,
});

export const ZDashboardLowStock = z.object({
  item_id: z.number().int(),
  item_name: z.string(),
  item_code: z.string().nullable(),
  inventory_id: z.number().int(),
  inventory_name: z.string(),
  /** Base units on hand. */
  quantity: zAmount,
  /** The item's minimum (reorder) level, base units. */
  minimum: zAmount,
});

export const ZDashboardNearExpiry = z.object({
  batch_id: z.number().int(),
  batch_no: z.string().nullable(),
  expire_date: z.string(),
  item_id: z.number().int(),
  item_name: z.string(),
  inventory_id: z.number().int(),
  inventory_name: z.string(),
  quantity: zAmount,
});

/**
 * The dashboard's answer. A part the user's keys do not allow is null (besides `dashboard/show`,
 * which opens the route): the sales parts need `reports/sales`, gross profit `reports/items_profits`,
 * cash `cashes/balance_view`, receivables `customers/balance_view`, payables
 * `suppliers/balance_view`, inventory value `reports/inventory`, low stock `stocks/index`,
 * near expiry `reports/expired_items`. Only the user's inventories are counted.
 */
export const ZDashboard = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  /** The days just before the period, as many as it has. */
  previous_period: z.object({ from: z.string(), to: z.string() }),
  currency: z.enum(DASHBOARD_CURRENCIES),
  /** The currency the amounts are in (the system currency for `system`). */
  currency_id: z.number().int(),
  currency_name: z.string(),
  cards: ZDashboardCards.nullable(),
  /** 24 rows, hour 0 to 23 of the business clock, over the whole period. */
  by_hour: z.array(ZDashboardHour).nullable(),
  /** One row per day of the period, days without sales included. */
  by_day: z.array(ZDashboardDay).nullable(),
  top_items: z.array(ZDashboardTopItem).nullable(),
  top_customers: z.array(ZDashboardTopCustomer).nullable(),
  by_outlet: z.array(ZDashboardOutlet).nullable(),
  cash: z.array(ZDashboardCashAccount).nullable(),
  receivables: ZDashboardBalances.nullable(),
  payables: ZDashboardBalances.nullable(),
  inventory_value: z.array(ZDashboardInventoryValue).nullable(),
  low_stock: z.array(ZDashboardLowStock).nullable(),
  near_expiry: z.array(ZDashboardNearExpiry).nullable(),
  /** Online orders waiting; null until the product takes online orders. */
  pending_online_orders: z.number().int().nullable(),
});
export type Dashboard = z.output<typeof ZDashboard>;
