import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { HttpError } from "./errors.js";

/**
 * Counts one attempt against each key in a fixed window kept in the database, so that every
 * server process shares the same counters. Throws 429 once any key is over its limit.
 */
export async function consumeAttempt(db: Db, keys: string[], limit: number, windowSeconds: number): Promise<void> {
  for (const key of keys) {
    const res = await db.execute<{ count: number }>(sql`
      insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
      returning count`);
    const count = Number(res.rows[0]?.count ?? 0);
    if (count > limit) throw new HttpError(429, MSG.tooManyAttempts);
  }
}

export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Gives back one attempt: a successful sign-in must not use up a shared address's allowance. */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}
