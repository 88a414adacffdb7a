import type { FastifyInstance } from "fastify";
import { writeAudit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { clearAttempts, type Limit, refundAttempt, throttle } from "../../platform/rate-limit.js";

/**
 * Guessing a secret (password, PIN, a second factor) is limited three ways, each in the same
 * window (`LOGIN_WINDOW_SECONDS`):
 * - per account and address: `LOGIN_ATTEMPTS`, so one address guessing one account stops there
 *   while the owner elsewhere, and other people behind the same address, sign in as usual;
 * - per account from anywhere: `LOGIN_ACCOUNT_ATTEMPTS`, and from `LOGIN_ATTEMPTS` on each
 *   further attempt waits twice as long as the one before (up to a minute), which holds back
 *   guessing spread over many addresses without locking the owner out;
 * - per address over every account: `LOGIN_ACCOUNT_ATTEMPTS`, against one address trying one
 *   password on many accounts.
 * `scope` keeps kinds of secret apart ("login", "cashier", ...); `account` names who is guessed.
 */
export function secretLimits(app: FastifyInstance, scope: string, account: string, address: string): Limit[] {
  const { loginAttempts, loginAccountAttempts, loginWindowSeconds: windowSeconds } = app.config;
  const who = account.toLowerCase();
  return [
    { key: `${scope}:pair:${who}:${address}`, limit: loginAttempts, windowSeconds },
    { key: `${scope}:account:${who}`, limit: loginAccountAttempts, windowSeconds, delayAfter: loginAttempts, maxDelaySeconds: 60 },
    { key: `${scope}:ip:${address}`, limit: loginAccountAttempts, windowSeconds },
  ];
}

/**
 * Counts an attempt at a secret before it is checked (so parallel guesses cannot slip past the
 * limits); a refused attempt is audited as `action` and answers 429 with `Retry-After`.
 */
export async function guardSecret(
  app: FastifyInstance,
  ctx: Ctx,
  scope: string,
  account: string,
  audit: { action: string; detail: Record<string, unknown> },
): Promise<void> {
  try {
    await throttle(app.db, secretLimits(app, scope, account, ctx.ip ?? "unknown"));
  } catch (err) {
    await writeAudit(app.db, { module: "auth", action: audit.action, record_id: null, after: audit.detail, user_id: null, ip: ctx.ip });
    throw err;
  }
}

/** The right secret: this address starts afresh on the account and gives back what others share. */
export async function secretAccepted(app: FastifyInstance, ctx: Ctx, scope: string, account: string): Promise<void> {
  const [pair, accountKey, addressKey] = secretLimits(app, scope, account, ctx.ip ?? "unknown").map((l) => l.key);
  await clearAttempts(app.db, pair!);
  await refundAttempt(app.db, accountKey!);
  await refundAttempt(app.db, addressKey!);
}
