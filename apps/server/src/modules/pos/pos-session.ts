import {
  CURRENCY_IQD,
  CURRENCY_USD,
  can,
  MSG,
  POS_DEFAULT_SMALLEST,
  POS_MSG,
  POS_PRINT_RECEIPT,
  POS_RECEIPT_WIDTHS,
  type PosPrintReceipt,
  type PosReceiptWidth,
  type PosSettingsInput,
  SUPER_USER_ID,
} from "@app/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { audit } from "../../platform/audit.js";
import type { AuthUser, Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { createAccount, ratesAt } from "../ledger/ledger.js";
import { str } from "../ledger/money.js";
import { posSettings } from "./pos.tables.js";

export interface PosSettings extends Record<string, unknown> {
  fib_account_fk: number | null;
  fib_account_name: string | null;
  smallest_iqd_amount: string;
  smallest_usd_amount: string;
  /** A paid bill's receipt at the till: printed at once, asked about, or printed only when asked for. */
  print_receipt: PosPrintReceipt;
  /** The receipt roll's width in millimetres. */
  receipt_width: PosReceiptWidth;
}

export const posSettingsSql = () => sql`
    select s.fib_account_fk, a.account_name as fib_account_name,
           s.smallest_iqd_amount::text as smallest_iqd_amount, s.smallest_usd_amount::text as smallest_usd_amount,
           s.print_receipt, s.receipt_width
      from (select 1) one
      left join pos_settings s on s.id = 1
      left join accounts a on a.account_id = s.fib_account_fk`;

export async function loadPosSettings(tx: DbOrTx): Promise<PosSettings> {
  const res = await tx.execute<PosSettings>(posSettingsSql());
  return posSettingsFrom(res.rows[0]);
}

/** The settings as read by `posSettingsSql`, with the defaults where none are saved. */
export function posSettingsFrom(r: Partial<PosSettings> | undefined): PosSettings {
  return {
    fib_account_fk: r?.fib_account_fk ?? null,
    fib_account_name: r?.fib_account_name ?? null,
    smallest_iqd_amount: str(r?.smallest_iqd_amount ?? POS_DEFAULT_SMALLEST[CURRENCY_IQD]),
    smallest_usd_amount: str(r?.smallest_usd_amount ?? POS_DEFAULT_SMALLEST[CURRENCY_USD]),
    print_receipt: POS_PRINT_RECEIPT.find((p) => p === r?.print_receipt) ?? "never",
    receipt_width: POS_RECEIPT_WIDTHS.find((w) => w === Number(r?.receipt_width)) ?? 80,
  };
}

/** The FIB account must be a bank or cash account (a leaf under Cash and Banks). */
export async function savePosSettings(ctx: Ctx, input: PosSettingsInput): Promise<PosSettings> {
  const before = await loadPosSettings(ctx.tx);
  if (input.fib_account_fk) {
    const ok = await ctx.tx.execute(sql`
      select 1 from accounts a where a.account_id = ${input.fib_account_fk} and not a.is_group
         and a.parent_id = (select account_id from accounts where system_key = 'cash_and_banks')`);
    if (!ok.rows.length)
      throw new HttpError(422, "The selected account is invalid.", { fib_account_fk: ["The selected account is invalid."] });
  }
  const values = {
    fib_account_fk: input.fib_account_fk ?? null,
    smallest_iqd_amount: input.smallest_iqd_amount,
    smallest_usd_amount: input.smallest_usd_amount,
    print_receipt: input.print_receipt ?? before.print_receipt,
    receipt_width: input.receipt_width ?? before.receipt_width,
    updated_at: ctx.now,
  };
  await ctx.tx
    .insert(posSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: posSettings.id, set: values });
  const after = await loadPosSettings(ctx.tx);
  await audit(ctx, { module: "pos_settings", action: "update", record_id: 1, before, after });
  return after;
}

/** A cashier works only with the main-cashier assignment (SPEC §6); the super user may always. */
export function assertCashier(user: AuthUser | null): AuthUser {
  if (!user) throw new HttpError(401, MSG.unauthorized);
  if (user.user_id !== SUPER_USER_ID && !user.is_cashier) throw new HttpError(403, MSG.mustHaveCashier);
  return user;
}

/** Where the cashier sells: their outlet (else the first) and the default inventory when it is theirs, else their first. */
export async function cashierPlace(tx: DbOrTx, user: AuthUser) {
  const res = await tx.execute<{ outlet_id: number | null; outlet_name: string | null; default_inventory: number | null }>(sql`
    select o.outlet_id, o.outlet_name, c.default_inventory_fk as default_inventory
      from system_config c
      left join outlets o on o.outlet_id = coalesce(${user.outlet_fk}, (select min(outlet_id) from outlets))
     where c.id = 1`);
  const r = res.rows[0];
  const inventory =
    r?.default_inventory && user.inventory_ids.includes(Number(r.default_inventory)) ? Number(r.default_inventory) : user.inventory_ids[0];
  if (!inventory) throw new HttpError(422, POS_MSG.noInventory, { inventory_fk: [POS_MSG.noInventory] });
  const inv = await tx.execute<{ inventory_name: string }>(sql`select inventory_name from inventories where inventory_id = ${inventory}`);
  return {
    outlet_id: r?.outlet_id == null ? null : Number(r.outlet_id),
    outlet_name: r?.outlet_name ?? null,
    inventory_id: inventory,
    inventory_name: inv.rows[0]?.inventory_name ?? "",
  };
}

/** Advisory lock namespace: a cashier's drawer accounts are made one at a time. */
const DRAWER_LOCK = 727301;

export interface DrawerAccount {
  currency_id: number;
  account_id: number;
}

/**
 * The cashier's drawer: one cash account per currency (IQD, USD), made under Cash and Banks on
 * first use and named after the cashier. Locked `FOR SHARE` so that a sale and a closing of the
 * same drawer never interleave: a closing locks the same rows `FOR UPDATE` (closing-drawer.ts).
 */
export async function drawerAccounts(ctx: Ctx, userId: number, lock: "share" | "update" = "share"): Promise<Map<number, number>> {
  const read = async () => {
    const res =
      lock === "share"
        ? await ctx.tx.execute<{ currency_id: number; account_fk: number }>(
            sql`select currency_id, account_fk from pos_drawers where user_fk = ${userId} order by currency_id for share`,
          )
        : await ctx.tx.execute<{ currency_id: number; account_fk: number }>(
            sql`select currency_id, account_fk from pos_drawers where user_fk = ${userId} order by currency_id for update`,
          );
    return new Map(res.rows.map((r) => [Number(r.currency_id), Number(r.account_fk)]));
  };
  let found = await read();
  if (found.size === 2) return found;
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(${DRAWER_LOCK}, ${userId})`);
  found = await read();
  if (found.size === 2) return found;
  const name = await ctx.tx.execute<{ user_name: string }>(sql`select user_name from users where user_id = ${userId}`);
  const who = name.rows[0]?.user_name ?? String(userId);
  for (const currency of [CURRENCY_IQD, CURRENCY_USD]) {
    if (found.has(currency)) continue;
    const account = await createAccount(ctx.tx, {
      parentKey: "cash_and_banks",
      name: `Drawer ${who} ${currency === CURRENCY_IQD ? "IQD" : "USD"}`,
      currency_id: currency,
    });
    await ctx.tx.execute(sql`insert into pos_drawers (user_fk, currency_id, account_fk) values (${userId}, ${currency}, ${account})`);
  }
  return read();
}

/** What the POS screen needs to start: who sells where, the rates, the drawer and the settings. */
export async function posSession(ctx: Ctx) {
  const user = assertCashier(ctx.user);
  const place = await cashierPlace(ctx.tx, user);
  const settings = await loadPosSettings(ctx.tx);
  const rates = await ratesAt(ctx.tx, ctx.now);
  const walkIn = await ctx.tx.execute<{ consumer_id: number; consumer_name: string }>(
    sql`select consumer_id, consumer_name from consumers where kind = 'customer' and is_default order by consumer_id limit 1`,
  );
  const drawer = await openDrawer(ctx.tx, user.user_id);
  const keys = [
    "pos_sales/store",
    "pos_sales/discount",
    "pos_sales/return",
    "pos_sales/open_drawer",
    "pos_admin_sales/view_all",
    "closing_drawers/store",
  ];
  const sys = await ctx.tx.execute<{ currency_fk: number }>(sql`select currency_fk from system_config where id = 1`);
  // The financial year a sale made now is dated in: the till warns when it is archived or missing,
  // as the back office's banner does (every sale in it would be refused).
  const year = await ctx.tx.execute<{ name: string; archived: boolean }>(sql`
    select name, archived from financial_years
     where ${ctx.now.toISOString()}::timestamptz >= start_date and ${ctx.now.toISOString()}::timestamptz < end_date
     order by archived desc limit 1`);
  return {
    cashier: { user_id: user.user_id, user_name: user.user_name },
    outlet: { outlet_id: place.outlet_id, outlet_name: place.outlet_name },
    inventory: { inventory_id: place.inventory_id, inventory_name: place.inventory_name },
    system_currency_id: Number(sys.rows[0]?.currency_fk ?? CURRENCY_IQD),
    rate: rates.rate,
    in_rate: rates.in_rate,
    fib_account: settings.fib_account_fk ? { account_id: settings.fib_account_fk, account_name: settings.fib_account_name ?? "" } : null,
    smallest_iqd_amount: settings.smallest_iqd_amount,
    smallest_usd_amount: settings.smallest_usd_amount,
    print_receipt: settings.print_receipt,
    receipt_width: settings.receipt_width,
    walk_in_customer: walkIn.rows[0]
      ? { consumer_id: Number(walkIn.rows[0].consumer_id), consumer_name: walkIn.rows[0].consumer_name }
      : null,
    drawer,
    financial_year: year.rows[0] ? { name: year.rows[0].name, archived: Boolean(year.rows[0].archived) } : null,
    permissions: keys.filter((k) => can({ user_id: user.user_id, permissions: user.permissions }, k)),
  };
}

/** The cashier's open drawer: since the last closing, how many receipts and the cash the books hold per currency. */
export async function openDrawer(tx: DbOrTx, userId: number) {
  const res = await tx.execute<{ since: Date | null; receipts: number; sales_total: string }>(sql`
    select (select max(closed_at) from closing_drawers where user_fk = ${userId}) as since,
           count(*) filter (where kind = 'sale')::int as receipts,
           coalesce(sum(total_sys) filter (where kind = 'sale'), 0)::text as sales_total
      from pos_sale_info where user_fk = ${userId} and closing_fk is null`);
  const cash = await tx.execute<{ currency_id: number; account_fk: number; balance: string }>(sql`
    select d.currency_id, d.account_fk,
           coalesce((select sum(b.debit - b.credit) from account_month_balances b where b.account_id = d.account_fk), 0)::text as balance
      from pos_drawers d where d.user_fk = ${userId} order by d.currency_id`);
  const r = res.rows[0];
  return {
    since: r?.since ? new Date(r.since).toISOString() : null,
    receipts: Number(r?.receipts ?? 0),
    sales_total: r?.sales_total ?? "0",
    cash: cash.rows.map((c) => ({ currency_id: Number(c.currency_id), account_id: Number(c.account_fk), balance: c.balance })),
  };
}
