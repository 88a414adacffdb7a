import type { MobileAppSettings } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { fieldError } from "../../platform/errors.js";
import { systemConfig } from "../settings/settings.tables.js";
import { mobileAppSettings, mobileDeliveryFees } from "./mobile-app.tables.js";

/**
 * The shop app's settings: its own row, the delivery fees per city, and the two system settings
 * the app reads (the time an online order waits to be confirmed, the out-of-stock minimum).
 */
export async function showMobileAppSettings(ctx: Ctx) {
  const res = await ctx.tx.execute<Record<string, unknown> & { currency_ids: number[]; currency_fk: number }>(sql`
    select m.shop_open, m.min_order_amount, m.delivery_fee_mode, m.delivery_fee, m.currency_ids, m.contact_phone, m.updated_at,
      c.online_order_accepted_minutes, c.out_of_stock_min_qty, c.currency_fk,
      coalesce((select json_agg(json_build_object('city_fk', f.city_fk, 'city_name', ci.city_name, 'fee', f.fee::text) order by ci.city_name)
        from mobile_delivery_fees f join cities ci on ci.city_id = f.city_fk), '[]'::json) as city_fees
    from mobile_app_settings m cross join system_config c
    where m.id = 1 and c.id = 1`);
  const { currency_fk, ...row } = res.rows[0]!;
  // Never saved yet: the app shows prices in the shop's main currency.
  return { ...row, currency_ids: row.currency_ids.length ? row.currency_ids : [currency_fk] };
}

export async function updateMobileAppSettings(ctx: Ctx, input: MobileAppSettings) {
  // Saves one after the other: the fees per city are deleted and written again whole, and two
  // saves at once would each write the list the other had not yet deleted.
  await ctx.tx.execute(sql`select id from mobile_app_settings where id = 1 for update`);
  const currencies = await ctx.tx.execute<{ currency_id: number }>(sql`select currency_id from currencies`);
  const known = new Set(currencies.rows.map((r) => Number(r.currency_id)));
  const badCurrency = input.currency_ids.findIndex((x) => !known.has(x));
  if (badCurrency >= 0) throw fieldError(`currency_ids.${badCurrency}`, "The selected currency is invalid.");
  const fees = input.city_fees ?? [];
  if (fees.length) {
    const cities = await ctx.tx.execute<{ city_id: number }>(
      sql`select city_id from cities where city_id in (${sql.join(
        fees.map((f) => sql`${f.city_fk}`),
        sql`, `,
      )})`,
    );
    const found = new Set(cities.rows.map((r) => Number(r.city_id)));
    const badCity = fees.findIndex((f) => !found.has(f.city_fk));
    if (badCity >= 0) throw fieldError(`city_fees.${badCity}.city_fk`, "The selected city is invalid.");
  }
  await ctx.tx
    .update(systemConfig)
    .set({
      online_order_accepted_minutes: input.online_order_accepted_minutes,
      out_of_stock_min_qty: input.out_of_stock_min_qty,
      updated_at: ctx.now,
    })
    .where(eq(systemConfig.id, 1));
  await ctx.tx
    .update(mobileAppSettings)
    .set({
      shop_open: input.shop_open,
      min_order_amount: input.min_order_amount,
      delivery_fee_mode: input.delivery_fee_mode,
      delivery_fee: input.delivery_fee,
      currency_ids: [...new Set(input.currency_ids)].sort((a, b) => a - b),
      contact_phone: input.contact_phone ?? null,
      updated_at: ctx.now,
      updated_by: ctx.user?.user_id ?? null,
    })
    .where(eq(mobileAppSettings.id, 1));
  // The fees per city are the form's list, whole (left as they are when the form sends none).
  if (input.city_fees !== undefined) {
    await ctx.tx.delete(mobileDeliveryFees);
    if (fees.length) await ctx.tx.insert(mobileDeliveryFees).values(fees.map((f) => ({ city_fk: f.city_fk, fee: f.fee })));
  }
}
