import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { Ctx } from "../../platform/context.js";
import { createAccount } from "../ledger/ledger.js";

const DRIVER_LOCK = 727341;

/**
 * A driver's two cash accounts (IQD and USD), made the first time they are needed: what the
 * driver collects on delivery is paid into them, and their balances are the cash in hand.
 */
export async function driverAccounts(ctx: Ctx, driverId: number): Promise<Map<number, number>> {
  const read = async () => {
    const res = await ctx.tx.execute<{ currency_id: number; account_fk: number }>(
      sql`select currency_id, account_fk from delivery_driver_accounts where driver_fk = ${driverId} order by currency_id`,
    );
    return new Map(res.rows.map((r) => [Number(r.currency_id), Number(r.account_fk)]));
  };
  let found = await read();
  if (found.size === 2) return found;
  await ctx.tx.execute(sql`select pg_advisory_xact_lock(${DRIVER_LOCK}, ${driverId})`);
  found = await read();
  if (found.size === 2) return found;
  const name = await ctx.tx.execute<{ user_name: string }>(sql`select user_name from users where user_id = ${driverId}`);
  const who = name.rows[0]?.user_name ?? String(driverId);
  for (const currency of [CURRENCY_IQD, CURRENCY_USD]) {
    if (found.has(currency)) continue;
    const account = await createAccount(ctx.tx, {
      parentKey: "cash_and_banks",
      name: `Driver ${who} ${currency === CURRENCY_IQD ? "IQD" : "USD"}`,
      currency_id: currency,
    });
    await ctx.tx.execute(
      sql`insert into delivery_driver_accounts (driver_fk, currency_id, account_fk) values (${driverId}, ${currency}, ${account})`,
    );
  }
  return read();
}
