import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { HttpError } from "./errors.js";

/** One counter: at most `limit` attempts per fixed window of `windowSeconds`. */
export interface Limit {
  key: string;
  limit: number;
  windowSeconds: number;
  /**
   * From this many attempts in the window on, each further attempt must wait before it is let
   * through: 1 s, 2 s, 4 s ... up to `maxDelaySeconds`. Attempts made while waiting are refused
   * and not counted, so a slow stream of guesses is held back without locking the key out.
   */
  delayAfter?: number;
  maxDelaySeconds?: number;
}

interface Row extends Record<string, unknown> {
  key: string;
  count: number;
  window_start: Date;
  blocked_until: Date | null;
  now: Date;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts one attempt against every limit, in the database so that every server process shares
 * the counters. When any limit refuses, nothing is counted and a 429 carries `Retry-After`: the
 * seconds until the latest of the refusing limits lets an attempt through again.
 */
export async function throttle(db: Db, limits: readonly Limit[]): Promise<void> {
  if (!limits.length) return;
  const sorted = [...limits].sort((a, b) => (a.key < b.key ? -1 : 1));
  const keys = JSON.stringify(sorted.map((l) => l.key));
  const wait = await db.transaction(async (tx) => {
    // Rows are created or locked in key order, so concurrent attempts queue instead of deadlocking,
    // and a row forgotten meanwhile by a success elsewhere is made again.
    await tx.execute(sql`insert into rate_limits (key, window_start, count)
      select k, now(), 0 from jsonb_array_elements_text(${keys}::jsonb) with ordinality as a(k, n) order by n
      on conflict (key) do update set count = rate_limits.count`);
    const res = await tx.execute<Row>(sql`
      select key, count, window_start, blocked_until, now() as now from rate_limits
       where key in (select jsonb_array_elements_text(${keys}::jsonb)) order by key collate "C" for update`);
    const rows = new Map(res.rows.map((r) => [r.key, r]));
    let retryAfterMs = 0;
    const next: { key: string; count: number; windowStart: Date; blockedUntil: Date | null }[] = [];
    for (const limit of sorted) {
      const row = rows.get(limit.key)!;
      const now = new Date(row.now).getTime();
      const windowMs = limit.windowSeconds * 1000;
      const fresh = new Date(row.window_start).getTime() + windowMs <= now;
      const windowStart = fresh ? now : new Date(row.window_start).getTime();
      const count = fresh ? 0 : Number(row.count);
      const blockedUntil = fresh || !row.blocked_until ? 0 : new Date(row.blocked_until).getTime();
      if (blockedUntil > now) retryAfterMs = Math.max(retryAfterMs, blockedUntil - now);
      else if (count >= limit.limit) retryAfterMs = Math.max(retryAfterMs, windowStart + windowMs - now);
      const counted = count + 1;
      const over = limit.delayAfter === undefined ? 0 : counted - limit.delayAfter;
      const delayMs = over > 0 ? Math.min(2 ** (over - 1), limit.maxDelaySeconds ?? limit.windowSeconds) * 1000 : 0;
      next.push({
        key: limit.key,
        count: counted,
        windowStart: new Date(windowStart),
        blockedUntil: delayMs ? new Date(now + delayMs) : null,
      });
    }
    if (retryAfterMs > 0) return retryAfterMs;
    for (const n of next) {
      await tx.execute(sql`update rate_limits set count = ${n.count}, window_start = ${n.windowStart.toISOString()},
        blocked_until = ${n.blockedUntil?.toISOString() ?? null} where key = ${n.key}`);
    }
    return 0;
  });
  if (wait > 0) throw new HttpError(429, MSG.tooManyAttempts, undefined, { "retry-after": String(seconds(wait)) });
}

/** Forgets a key's attempts (a successful sign-in on its own account and address). */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Gives back one attempt: a successful sign-in must not use up an allowance others share. */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/**
 * Remembers that `key` succeeded now (a sign-in from an address), in the same table: its
 * `window_start` is the time of the latest success and nothing counts against it.
 */
export async function rememberSuccess(db: Db, key: string): Promise<void> {
  await db.execute(sql`insert into rate_limits (key, window_start, count) values (${key}, now(), 0)
    on conflict (key) do update set window_start = now()`);
}

/** Whether `key` succeeded within the last `days` days. */
export async function succeededWithin(db: Db, key: string, days: number): Promise<boolean> {
  const res = await db.execute(
    sql`select 1 from rate_limits where key = ${key} and window_start > now() - make_interval(days => ${days}::int)`,
  );
  return res.rows.length > 0;
}
