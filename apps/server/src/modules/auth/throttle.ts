import type { FastifyInstance } from "fastify";
import { writeAudit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { clearAttempts, type Limit, refundAttempt, rememberSuccess, succeededWithin, throttle } from "../../platform/rate-limit.js";
import { DEVICE_KEEP_DAYS, deviceKnows, type KnownDevice, rememberOnDevice } from "./known-device.js";

/**
 * How a client stands with the account it tries: a device that signed in to it (its device
 * cookie), an address it was signed in from, or neither. Only the last shares the account-wide
 * limit, so guesses from elsewhere slow down strangers and never the owner (OWASP: lock out
 * untrusted clients, not the account).
 */
export type Standing = "device" | "address" | "unknown";

/**
 * Guessing a secret (password, PIN, a second factor) is limited per kind of secret (`scope`) and
 * account, each in the same window (`LOGIN_WINDOW_SECONDS`):
 * - a known device: `LOGIN_ATTEMPTS` for that device on that account, and nothing else counts
 *   against it: not the account, not the address it shares with others;
 * - any other client, per account and address: `LOGIN_ATTEMPTS`, so one address guessing one
 *   account stops there while the owner elsewhere, and other people behind that address, sign in;
 * - any other client, per address over every account: `LOGIN_ACCOUNT_ATTEMPTS`, against one
 *   address trying one password on many accounts;
 * - an unknown client (neither a known device nor an address the account signed in from within
 *   DEVICE_KEEP_DAYS), per account from anywhere: `LOGIN_ACCOUNT_ATTEMPTS`, and from
 *   `LOGIN_ATTEMPTS` on each further attempt waits twice as long as the one before (up to a
 *   minute), which holds back guessing spread over many addresses.
 */
export function secretLimits(app: FastifyInstance, scope: string, account: string, address: string, standing: Standing): Limit[] {
  const { loginAttempts, loginAccountAttempts, loginWindowSeconds: windowSeconds } = app.config;
  const who = account.toLowerCase();
  if (standing === "device") return [];
  const limits: Limit[] = [
    { key: `${scope}:pair:${who}:${address}`, limit: loginAttempts, windowSeconds },
    { key: `${scope}:ip:${address}`, limit: loginAccountAttempts, windowSeconds },
  ];
  if (standing === "unknown")
    limits.push({
      key: `${scope}:account:${who}`,
      limit: loginAccountAttempts,
      windowSeconds,
      delayAfter: loginAttempts,
      maxDelaySeconds: 60,
    });
  return limits;
}

const deviceKey = (scope: string, account: string, device: KnownDevice) => `${scope}:device:${account.toLowerCase()}:${device.id}`;
const knownAddressKey = (scope: string, account: string, address: string) => `${scope}:known:${account.toLowerCase()}:${address}`;

export interface SecretGuard {
  standing: Standing;
  /** The right secret: the client starts afresh on the account and gives back what others share. */
  accepted(): Promise<void>;
  /** A completed sign-in: this address, and the device when there is one, are known to the account from now on. */
  signedIn(): Promise<void>;
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
  device?: KnownDevice,
): Promise<SecretGuard> {
  const address = ctx.ip ?? "unknown";
  const standing: Standing = deviceKnows(device, scope, account)
    ? "device"
    : (await succeededWithin(app.db, knownAddressKey(scope, account, address), DEVICE_KEEP_DAYS))
      ? "address"
      : "unknown";
  const limits =
    standing === "device"
      ? [{ key: deviceKey(scope, account, device!), limit: app.config.loginAttempts, windowSeconds: app.config.loginWindowSeconds }]
      : secretLimits(app, scope, account, address, standing);
  try {
    await throttle(app.db, limits);
  } catch (err) {
    await writeAudit(app.db, {
      module: "auth",
      action: audit.action,
      record_id: null,
      after: standing === "unknown" ? audit.detail : { ...audit.detail, standing },
      user_id: null,
      ip: ctx.ip,
    });
    throw err;
  }
  return {
    standing,
    async accepted() {
      const [own, ...shared] = limits.map((l) => l.key);
      await clearAttempts(app.db, own!);
      for (const key of shared) await refundAttempt(app.db, key);
    },
    async signedIn() {
      await rememberSuccess(app.db, knownAddressKey(scope, account, address));
      rememberOnDevice(device, scope, account);
    },
  };
}
