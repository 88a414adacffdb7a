import { MSG, type SystemSettings } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { fieldError, HttpError } from "../../platform/errors.js";
import { currencies, systemConfig } from "./settings.tables.js";

/** The configuration screen: every setting with the names of what it points at. */
export async function showSystemSettings(ctx: Ctx) {
  const res = await ctx.tx.execute(sql`
    select s.id, s.currency_fk, s.default_inventory_fk, i.inventory_name as default_inventory_name,
           s.default_account_fk, a.account_name as default_account_name, a.system_key as default_account_system_key, s.cashier_login_option, s.accounting_option,
           s.allow_negative_stock, s.out_of_stock_min_qty, s.online_order_accepted_minutes, s.pagination_default,
           s.pagination_options, s.password_min_length, s.two_factor_super_user, s.two_factor_role_ids, s.iqd_decimals, s.updated_at
      from system_config s
      left join inventories i on i.inventory_id = s.default_inventory_fk
      left join accounts a on a.account_id = s.default_account_fk
     where s.id = 1`);
  const row = res.rows[0] as Record<string, unknown> & { currency_fk: number };
  const [currency] = await ctx.tx.select().from(currencies).where(eq(currencies.currency_id, row.currency_fk));
  return { ...row, currency };
}

export async function updateSystemSettings(ctx: Ctx, input: SystemSettings) {
  if (input.default_inventory_fk === undefined) throw fieldError("default_inventory_fk", MSG.mustHaveDefaultInventory);
  if (input.default_account_fk === undefined) throw fieldError("default_account_fk", MSG.mustHaveDefaultAccount);
  const inv = await ctx.tx.execute<{ is_active: boolean }>(
    sql`select is_active from inventories where inventory_id = ${input.default_inventory_fk}`,
  );
  if (!inv.rows[0]?.is_active) throw fieldError("default_inventory_fk", "The selected default inventory is invalid.");
  const acc = await ctx.tx.execute<{ is_group: boolean; is_active: boolean }>(
    sql`select is_group, is_active from accounts where account_id = ${input.default_account_fk}`,
  );
  const a = acc.rows[0];
  if (!a || a.is_group || !a.is_active) throw fieldError("default_account_fk", "The selected default account is invalid.");
  if (input.pagination_default !== undefined || input.pagination_options !== undefined) {
    const [cur] = await ctx.tx.select().from(systemConfig).where(eq(systemConfig.id, 1));
    const options = (input.pagination_options ?? cur!.pagination_options).split(",").map(Number);
    const def = input.pagination_default ?? cur!.pagination_default;
    if (!options.includes(def))
      throw new HttpError(422, "The pagination default must be one of the pagination options.", {
        pagination_default: ["The pagination default must be one of the pagination options."],
      });
  }
  if (input.two_factor_role_ids !== undefined) {
    input.two_factor_role_ids = [...new Set(input.two_factor_role_ids)].sort((a, b) => a - b);
    const ids = input.two_factor_role_ids;
    const found = ids.length
      ? await ctx.tx.execute<{ role_id: number }>(
          sql`select role_id from roles where role_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        )
      : { rows: [] };
    if (found.rows.length !== ids.length) throw fieldError("two_factor_role_ids", MSG.twoFactorRoleInvalid);
  }
  await ctx.tx
    .update(systemConfig)
    .set({ ...input, updated_at: ctx.now })
    .where(eq(systemConfig.id, 1));
}

export async function showSystemProfile(ctx: Ctx) {
  const [row] = await ctx.tx
    .select({
      shop_name: systemConfig.shop_name,
      shop_logo: systemConfig.shop_logo,
      receipt_header: systemConfig.receipt_header,
      receipt_footer: systemConfig.receipt_footer,
    })
    .from(systemConfig)
    .where(eq(systemConfig.id, 1));
  return { id: 1, ...row!, shop_logo_url: row?.shop_logo ? `/images/${row.shop_logo}` : null };
}

export async function updateSystemProfile(
  ctx: Ctx,
  input: { shop_name: string; receipt_header?: string | null; receipt_footer?: string | null; shop_logo?: string | null },
) {
  await ctx.tx
    .update(systemConfig)
    .set({
      shop_name: input.shop_name,
      receipt_header: input.receipt_header ?? null,
      receipt_footer: input.receipt_footer ?? null,
      ...(input.shop_logo !== undefined ? { shop_logo: input.shop_logo } : {}),
      updated_at: ctx.now,
    })
    .where(eq(systemConfig.id, 1));
}
