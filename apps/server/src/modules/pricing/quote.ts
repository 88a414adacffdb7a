import type { PriceQuoteInput } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import { intArray } from "../../db/bulk.js";
import type { DbOrTx } from "../../db/client.js";
import { businessDay, endOfBusinessDay } from "../../platform/business-time.js";
import type { Ctx } from "../../platform/context.js";
import { unprocessable } from "../../platform/errors.js";
import { documentRate } from "../ledger/document-rate.js";
import { systemCurrency } from "../ledger/ledger.js";
import { assertLinesFit } from "../ledger/limits.js";
import { convert, D, round4 } from "../ledger/money.js";
import { type PricedLine, type PricingProfileRule, type PromotionRule, priceDocument } from "./price.js";
import { activePromotions, promotionsSql } from "./promotions.js";

export type UnitRow = {
  item_unit_id: number;
  item_id: number;
  item_name: string;
  unit_name: string;
  price: string;
  unit_qty: string;
  category_fk: number | null;
  brand_fk: number | null;
  tax_percent: string | null;
  avg_cost: string | null;
  editable: boolean;
};

/** The item units of the lines, with what the price function needs from their items. */
async function loadUnits(tx: DbOrTx, ids: number[]) {
  const r = await tx.execute<UnitRow>(unitsSql(sql`iu.item_unit_id = any(${intArray(ids)})`));
  return new Map(r.rows.map((row) => [row.item_unit_id, row]));
}

/** The item units `where` names, with what the price function needs from their items. */
const unitsSql = (where: SQL) => sql`
    select iu.item_unit_id, i.item_id, i.item_name, u.unit_name, iu.price, iu.quantity as unit_qty, i.category_fk, i.brand_fk,
           case when i.has_revenue_tax then i.revenue_tax_percent end as tax_percent, sc.avg_cost,
           i.sale_price_editable as editable
      from item_units iu
      join items i on i.item_id = iu.item_fk
      join units u on u.unit_id = iu.unit_fk
      left join stock_item_costs sc on sc.item_fk = i.item_id and sc.qty > 0
     where ${where}`;

/** Each category with every category above it, so a promotion on a parent reaches its children. */
async function categoryPaths(tx: DbOrTx, ids: number[]): Promise<Map<number, number[]>> {
  if (ids.length === 0) return new Map();
  const r = await tx.execute<{ start: number; ids: number[] }>(categoryPathsSql(intArray(ids)));
  return pathsFrom(r.rows);
}

const categoryPathsSql = (ids: SQL) => sql`
    with recursive up(start, category_id, parent_id) as (
      select category_id, category_id, parent_id from categories where category_id = any(${ids})
      union all
      select up.start, c.category_id, c.parent_id from categories c join up on c.category_id = up.parent_id
    ) select start, array_agg(category_id) as ids from up group by start`;
const pathsFrom = (rows: { start: number; ids: number[] }[]) => new Map(rows.map((row) => [row.start, row.ids.map(Number)]));

type ProfileRow = { consumer_id: number } & Partial<PricingProfileRule> & { is_active: boolean | null };
const profilesSql = (where: SQL) => sql`
    select c.consumer_id, p.profile_id, p.profile_name, p.discount_percentage, p.apply_on, p.discount_start_amount,
           p.discount_end_amount, p.is_active
      from consumers c left join pricing_profiles p on p.profile_id = c.pricing_profile_fk
     where ${where} and c.kind = 'customer'`;

async function customerProfile(tx: DbOrTx, customerId: number): Promise<PricingProfileRule | null> {
  const r = await tx.execute<ProfileRow>(profilesSql(sql`c.consumer_id = ${customerId}`));
  const row = r.rows[0];
  if (!row) throw unprocessable({ customer_id: ["The selected customer is invalid."] });
  return profileFrom(row);
}

function profileFrom(row: ProfileRow): PricingProfileRule | null {
  // An inactive profile stays on its customers (so it can be turned on again) but prices nothing.
  if (!row.profile_id || !row.is_active) return null;
  return {
    profile_id: row.profile_id,
    profile_name: row.profile_name as string,
    discount_percentage: row.discount_percentage as string,
    apply_on: row.apply_on as PricingProfileRule["apply_on"],
    discount_start_amount: row.discount_start_amount ?? null,
    discount_end_amount: row.discount_end_amount ?? null,
  };
}

export type QuotedLine = PricedLine & {
  item_unit_id: number;
  item_id: number;
  item_name: string;
  unit_name: string;
  promotion_title: string | null;
  /** Whether this user may set the line's price by hand (an editable item, or the Discount permission). */
  price_editable: boolean;
};

/** What pricing reads of the database for some lines: the item units, their category paths, a customer's profile, the day's promotions. */
export interface QuoteData {
  units: Map<number, UnitRow>;
  paths: Map<number, number[]>;
  profile: PricingProfileRule | null;
  promotions: PromotionRule[];
}

/**
 * The price of some lines for a customer on a day, with every step: loads the item units, the
 * customer's pricing profile and the promotions active that day, then calls the one price function.
 */
export async function quotePrices(
  ctx: Ctx,
  input: PriceQuoteInput,
  /** `confirmed`: a rate far from the one in force was confirmed (`assertRatesPlausible`); a price asked for, which books nothing, passes true. */
  opts: { mayDiscount?: boolean; confirmed: boolean | undefined },
) {
  const tx = ctx.tx;
  const system = await systemCurrency(tx);
  const currency = input.currency_id ?? system;
  const today = businessDay(ctx.now);
  const day = input.date ?? today;
  const at = day >= today ? ctx.now : endOfBusinessDay(day);
  const rate =
    currency === system
      ? "1"
      : await documentRate(tx, { currency_id: currency, rate: input.rate, date: at, kind: "in", confirmed: opts.confirmed });

  const units = await loadUnits(tx, [...new Set(input.lines.map((l) => l.item_unit_id))]);
  const missing: Record<string, string[]> = {};
  input.lines.forEach((l, i) => {
    if (!units.has(l.item_unit_id)) missing[`lines.${i}.item_unit_id`] = ["The selected unit is invalid."];
  });
  if (Object.keys(missing).length) throw unprocessable(missing);
  const paths = await categoryPaths(tx, [...new Set([...units.values()].flatMap((u) => (u.category_fk ? [u.category_fk] : [])))]);
  const profile = input.customer_id ? await customerProfile(tx, input.customer_id) : null;
  const promotions = await activePromotions(tx, day);
  return priceQuote({ units, paths, profile, promotions }, { system, currency, rate, day }, input, opts);
}

/**
 * Loads what `priceQuote` needs for many bills at once (the POS books several sales together):
 * the item units, their categories' paths, each customer's profile and each day's promotions.
 * A customer who is not one is absent from `profiles`.
 */
export function quoteDataSql(opts: { itemIds: number[]; customers: SQL; days: string[] }): SQL[] {
  const items = intArray(new Set(opts.itemIds));
  return [
    unitsSql(sql`iu.item_fk = any(${items})`),
    categoryPathsSql(sql`array(select i.category_fk from items i where i.item_id = any(${items}) and i.category_fk is not null)`),
    profilesSql(sql`c.consumer_id in (${opts.customers})`),
    ...[...new Set(opts.days)].map((day) => promotionsSql(day)),
  ];
}

/** What `quoteDataSql`'s statements answered, in their order; a customer who is not one is absent from `profiles`. */
export function quoteDataFrom(results: Record<string, unknown>[][], days: string[]) {
  const [units, paths, profiles, ...promotions] = results as [
    UnitRow[],
    { start: number; ids: number[] }[],
    ProfileRow[],
    ...PromotionRule[][],
  ];
  return {
    units: new Map(units.map((row) => [row.item_unit_id, row])),
    paths: pathsFrom(paths),
    profiles: new Map(profiles.map((row) => [Number(row.consumer_id), profileFrom(row)])),
    promotions: new Map([...new Set(days)].map((day, k) => [day, promotions[k] ?? []])),
  };
}

/** Pure: the price function over loaded data (see `quotePrices`); every unit of the lines must be in `data.units`. */
export function priceQuote(
  data: QuoteData,
  at: { system: number; currency: number; rate: string; day: string },
  input: PriceQuoteInput,
  opts: { mayDiscount?: boolean } = {},
) {
  const { units, paths, profile, promotions } = data;
  const { system, currency, rate, day } = at;
  const rows = input.lines.map((l) => units.get(l.item_unit_id) as UnitRow);
  const priced = priceDocument({
    currency_id: currency,
    system_currency_id: system,
    rate,
    customer_id: input.customer_id ?? null,
    profile,
    promotions,
    invoice_discount: input.invoice_discount ?? null,
    lines: input.lines.map((l, i) => {
      const u = rows[i] as UnitRow;
      return {
        item_id: u.item_id,
        category_ids: u.category_fk ? (paths.get(u.category_fk) ?? [u.category_fk]) : [],
        brand_id: u.brand_fk,
        quantity: l.quantity,
        unit_qty: u.unit_qty,
        sale_price: u.price,
        unit_cost: u.avg_cost === null ? null : round4(D(u.avg_cost).mul(u.unit_qty)).toFixed(),
        tax_percent: u.tax_percent,
        discount: l.discount ?? null,
        // A price set by hand counts only on an editable item or for a user holding the Discount permission.
        manual_price: l.unit_price != null && (u.editable || opts.mayDiscount === true) ? l.unit_price : null,
      };
    }),
  });
  // A line or a bill too large for the books is refused on the line (422), not by the database.
  assertLinesFit(
    priced.lines.map((l, i) => ({
      baseQuantity: D(l.quantity)
        .plus(l.free_quantity)
        .mul((rows[i] as UnitRow).unit_qty),
      amounts: [convert(l.gross, currency, system, rate), convert(l.net, currency, system, rate)],
    })),
    { field: "total", amounts: [convert(priced.gross, currency, system, rate), convert(priced.net, currency, system, rate)] },
    "quantity",
  );
  const titles = new Map(promotions.map((p) => [p.promotion_id, p.title]));
  return {
    currency_id: currency,
    rate,
    date: day,
    customer_id: input.customer_id ?? null,
    profile,
    ...priced,
    lines: priced.lines.map(
      (l, i): QuotedLine => ({
        item_unit_id: (rows[i] as UnitRow).item_unit_id,
        item_id: (rows[i] as UnitRow).item_id,
        item_name: (rows[i] as UnitRow).item_name,
        unit_name: (rows[i] as UnitRow).unit_name,
        promotion_title: l.promotion_id ? (titles.get(l.promotion_id) ?? null) : null,
        price_editable: (rows[i] as UnitRow).editable || opts.mayDiscount === true,
        ...l,
      }),
    ),
  };
}
