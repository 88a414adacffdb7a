import { createHash, randomBytes } from "node:crypto";
import { MSG, PRODUCT_NAME, SUPER_USER_ID } from "@app/contracts";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import { writeAudit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { fieldError, HttpError } from "../../platform/errors.js";
import { verifySecret } from "../../platform/passwords.js";
import { revokeToken } from "../../platform/tokens.js";
import { systemConfig } from "../settings/settings.tables.js";
import { twoFactorRecoveryCodes, users, userTwoFactor } from "../staff/staff.tables.js";
import { guardSecret } from "./throttle.js";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const RECOVERY_CODES = 10;

const totp = (secret: string, label = "") =>
  new TOTP({ issuer: PRODUCT_NAME, label, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) });

const stepAt = (ms: number) => Math.floor(ms / 1000 / PERIOD);

/**
 * The time step of a valid code (one step of drift either way), or undefined. The caller refuses
 * a step at or before the last one accepted, so a code is good once.
 */
function codeStep(secret: string, code: string): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const now = Date.now();
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : stepAt(now) + delta;
}

// Recovery codes carry 80 random bits, so a fast hash is enough; the hyphen and case do not count.
const normaliseRecovery = (code: string) => code.replace(/[^0-9a-z]/gi, "").toLowerCase();
const hashRecovery = (code: string) => createHash("sha256").update(normaliseRecovery(code)).digest("hex");
const newRecoveryCode = () => {
  const hex = randomBytes(10).toString("hex");
  return `${hex.slice(0, 5)}-${hex.slice(5, 10)}-${hex.slice(10, 15)}-${hex.slice(15)}`;
};

async function audit(app: FastifyInstance, ctx: Ctx, action: string, userId: number, detail: Record<string, unknown> = {}) {
  await writeAudit(app.db, { module: "auth", action, record_id: userId, after: detail, user_id: userId, ip: ctx.ip });
}

async function stateOf(app: FastifyInstance, userId: number) {
  const [row] = await app.db.select().from(userTwoFactor).where(eq(userTwoFactor.user_id, userId));
  return row;
}

export async function twoFactorEnabled(app: FastifyInstance, userId: number): Promise<boolean> {
  return Boolean((await stateOf(app, userId))?.enabled_at);
}

async function checkPassword(app: FastifyInstance, ctx: Ctx, userId: number, password: string) {
  const [u] = await app.db.select({ email: users.email, hash: users.password_hash }).from(users).where(eq(users.user_id, userId));
  const guard = await guardSecret(app, ctx, "login", u!.email, { action: "two_factor_throttled", detail: { user_id: userId } });
  if (!(await verifySecret(u!.hash, password))) throw fieldError("password", MSG.passwordMismatch);
  await guard.accepted();
  return u!.email;
}

/** Starts enrolment: a new secret and its otpauth:// URI (shown as a QR code), kept until confirmed. */
export async function enableTwoFactor(app: FastifyInstance, ctx: Ctx, input: { password: string }) {
  const userId = ctx.user!.user_id;
  if (await twoFactorEnabled(app, userId)) throw new HttpError(422, MSG.twoFactorAlreadyOn);
  const email = await checkPassword(app, ctx, userId, input.password);
  const secret = new Secret({ size: 20 }).base32;
  await app.db
    .insert(userTwoFactor)
    .values({ user_id: userId, pending_secret: secret })
    .onConflictDoUpdate({ target: userTwoFactor.user_id, set: { pending_secret: secret } });
  return { secret, otpauth_uri: totp(secret, email).toString() };
}

/** The first code proves the app holds the secret: two-factor sign-in is on, with ten recovery codes. */
export async function confirmTwoFactor(app: FastifyInstance, ctx: Ctx, input: { code: string }) {
  const userId = ctx.user!.user_id;
  const state = await stateOf(app, userId);
  if (state?.enabled_at) throw new HttpError(422, MSG.twoFactorAlreadyOn);
  if (!state?.pending_secret) throw new HttpError(422, MSG.twoFactorNotStarted);
  const guard = await guardSecret(app, ctx, "totp", String(userId), { action: "two_factor_throttled", detail: { user_id: userId } });
  const step = codeStep(state.pending_secret, input.code);
  if (step === undefined) throw fieldError("code", MSG.twoFactorCodeInvalid);
  await guard.accepted();
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await app.db.transaction(async (tx) => {
    await tx
      .update(userTwoFactor)
      .set({ secret: state.pending_secret, pending_secret: null, enabled_at: new Date(), last_step: step })
      .where(eq(userTwoFactor.user_id, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, userId));
    await tx.insert(twoFactorRecoveryCodes).values(codes.map((c) => ({ user_id: userId, code_hash: hashRecovery(c) })));
  });
  const user = ctx.user!;
  if (user.token_scope === "two_factor_setup") {
    // The enrolment token has done its one job; signing in with a code comes next.
    await revokeToken(app.db, user.jti, user.token_exp);
    await audit(app, ctx, "two_factor_enabled", userId, { required_by_settings: true });
  } else await audit(app, ctx, "two_factor_enabled", userId);
  return { recovery_codes: codes };
}

/**
 * Checks the second factor of a user who has it on: a code of the app, used once (the step is
 * advanced only if it is still behind, so two requests cannot both spend it), or an unused
 * recovery code, which is spent. Attempts are limited like passwords, per account and address.
 */
export async function verifySecondFactor(app: FastifyInstance, ctx: Ctx, userId: number, code: string): Promise<boolean> {
  const guard = await guardSecret(app, ctx, "totp", String(userId), { action: "two_factor_throttled", detail: { user_id: userId } });
  const state = await stateOf(app, userId);
  if (!state?.secret) return false;
  const step = codeStep(state.secret, code.trim());
  let ok = false;
  if (step !== undefined) {
    const res = await app.db
      .update(userTwoFactor)
      .set({ last_step: step })
      .where(and(eq(userTwoFactor.user_id, userId), lt(userTwoFactor.last_step, step)))
      .returning({ user_id: userTwoFactor.user_id });
    ok = res.length === 1;
  } else if (normaliseRecovery(code).length === 20) {
    const res = await app.db
      .update(twoFactorRecoveryCodes)
      .set({ used_at: new Date() })
      .where(
        and(
          eq(twoFactorRecoveryCodes.user_id, userId),
          eq(twoFactorRecoveryCodes.code_hash, hashRecovery(code)),
          isNull(twoFactorRecoveryCodes.used_at),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    ok = res.length === 1;
    if (ok) {
      const [left] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(twoFactorRecoveryCodes)
        .where(and(eq(twoFactorRecoveryCodes.user_id, userId), isNull(twoFactorRecoveryCodes.used_at)));
      await audit(app, ctx, "two_factor_recovery_used", userId, { recovery_codes_left: left?.n ?? 0 });
    }
  }
  if (ok) await guard.accepted();
  else await audit(app, ctx, "two_factor_failed", userId);
  return ok;
}

/** Whether the system settings oblige this user to sign in with a second factor. */
export async function twoFactorRequiredFor(app: FastifyInstance, user: { user_id: number; role_id: number | null }): Promise<boolean> {
  const [cfg] = await app.db
    .select({ superUser: systemConfig.two_factor_super_user, roleIds: systemConfig.two_factor_role_ids })
    .from(systemConfig)
    .where(eq(systemConfig.id, 1));
  if (!cfg) return false;
  if (user.user_id === SUPER_USER_ID && cfg.superUser) return true;
  return user.role_id !== null && cfg.roleIds.includes(user.role_id);
}

/** Turns two-factor sign-in off: the password and a current code (or a recovery code) are both needed. */
export async function disableTwoFactor(app: FastifyInstance, ctx: Ctx, input: { password: string; code: string }) {
  const userId = ctx.user!.user_id;
  if (!(await twoFactorEnabled(app, userId))) throw new HttpError(422, MSG.twoFactorOff);
  const [u] = await app.db.select({ role_id: users.role_id }).from(users).where(eq(users.user_id, userId));
  if (await twoFactorRequiredFor(app, { user_id: userId, role_id: u?.role_id ?? null })) throw new HttpError(422, MSG.twoFactorRequired);
  await checkPassword(app, ctx, userId, input.password);
  if (!(await verifySecondFactor(app, ctx, userId, input.code))) throw fieldError("code", MSG.twoFactorCodeInvalid);
  await app.db.transaction(async (tx) => {
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.user_id, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.user_id, userId));
  });
  await audit(app, ctx, "two_factor_disabled", userId);
}

export async function twoFactorStatus(app: FastifyInstance, userId: number) {
  const state = await stateOf(app, userId);
  const [left] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.user_id, userId), isNull(twoFactorRecoveryCodes.used_at)));
  return { enabled: Boolean(state?.enabled_at), enabled_at: state?.enabled_at ?? null, recovery_codes_left: left?.n ?? 0 };
}
