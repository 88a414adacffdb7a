import { randomUUID } from "node:crypto";
import { MSG, type TokenResponse, type TwoFactorChallenge, type TwoFactorSetupRequired } from "@app/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { writeAudit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import { hashSecret, verifySecret } from "../../platform/passwords.js";
import { throttle } from "../../platform/rate-limit.js";
import { revokeToken, SETUP_TOKEN_SECONDS } from "../../platform/tokens.js";
import { outlets } from "../outlets/outlets.tables.js";
import { systemConfig } from "../settings/settings.tables.js";
import { userPins, users } from "../staff/staff.tables.js";
import type { KnownDevice } from "./known-device.js";
import { guardSecret } from "./throttle.js";
import { twoFactorEnabled, twoFactorRequiredFor, verifySecondFactor } from "./two-factor.js";

// A real hash to compare against when the e-mail is unknown, so both paths take the same time.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashSecret(randomUUID()));

/** A signed access token for the user at their current token version. */
export function issue(app: FastifyInstance, userId: number, tokenVersion: number): TokenResponse {
  const { token } = app.tokens.sign(userId, tokenVersion);
  return { access_token: token, token_type: "bearer", expires_in: app.tokens.ttlSeconds };
}

async function auditAuth(db: Db, ctx: Ctx, action: string, userId: number | null, detail: Record<string, unknown>) {
  await writeAudit(db, { module: "auth", action, record_id: userId, after: detail, user_id: userId, ip: ctx.ip });
}

/** A user who proved who they are but may not work now is told why, plainly. */
async function refuseUnlessActive(app: FastifyInstance, ctx: Ctx, action: string, user: { user_id: number; status: string }) {
  if (user.status === "active") return;
  await auditAuth(app.db, ctx, action, user.user_id, { reason: user.status });
  throw new HttpError(403, user.status === "blocked" ? MSG.accountBlocked : MSG.accountInactive);
}

/**
 * Email and password; for an account with two-factor sign-in, a first call without `code`
 * answers that one is needed (no token) and the call with the code completes it. A user the
 * system settings oblige to use it who has not set it up gets no working token: only a
 * short-lived one that the enable and confirm routes alone accept.
 */
export async function passwordLogin(
  app: FastifyInstance,
  ctx: Ctx,
  input: { email: string; password: string; code?: string | undefined },
  device?: KnownDevice,
): Promise<TokenResponse | TwoFactorChallenge | TwoFactorSetupRequired> {
  const guard = await guardSecret(app, ctx, "login", input.email, { action: "login_throttled", detail: { email: input.email } }, device);
  const [user] = await app.db.select().from(users).where(sql`lower(${users.email}) = lower(${input.email})`);
  const ok = await verifySecret(user?.password_hash ?? (await dummy()), input.password);
  if (!user || !ok) {
    await auditAuth(app.db, ctx, "login_failed", user?.user_id ?? null, { email: input.email, reason: "credentials" });
    throw new HttpError(401, MSG.wrongCredentials, { email: [MSG.wrongCredentials] });
  }
  await guard.accepted();
  // Only someone who knows the password learns that the account is blocked or inactive.
  await refuseUnlessActive(app, ctx, "login_failed", user);
  if (await twoFactorEnabled(app, user.user_id)) {
    if (!input.code) {
      await auditAuth(app.db, ctx, "login_code_required", user.user_id, { email: user.email });
      return { two_factor_required: true, message: MSG.twoFactorCodeNeeded };
    }
    if (!(await verifySecondFactor(app, ctx, user.user_id, input.code)))
      throw new HttpError(401, MSG.twoFactorCodeInvalid, { code: [MSG.twoFactorCodeInvalid] });
  } else if (await twoFactorRequiredFor(app, user)) {
    await auditAuth(app.db, ctx, "two_factor_setup_required", user.user_id, { email: user.email });
    const { token } = app.tokens.sign(user.user_id, user.token_version, "two_factor_setup");
    return {
      two_factor_setup_required: true,
      message: MSG.twoFactorSetupRequired,
      setup_token: token,
      expires_in: SETUP_TOKEN_SECONDS,
    };
  }
  await app.db.update(users).set({ last_login_at: new Date() }).where(eq(users.user_id, user.user_id));
  await guard.signedIn();
  await auditAuth(app.db, ctx, "login", user.user_id, { email: user.email });
  return issue(app, user.user_id, user.token_version);
}

export async function loginOptions(db: Db) {
  const rows = await db
    .select({ outlet_id: outlets.outlet_id, outlet_name: outlets.outlet_name })
    .from(outlets)
    .orderBy(asc(outlets.outlet_name));
  const [cfg] = await db.select().from(systemConfig).where(eq(systemConfig.id, 1));
  return { outlets: rows, cashier_login_option: cfg?.cashier_login_option ?? "Name", shop_name: cfg?.shop_name ?? "" };
}

/** Active cashiers (main-cashier assignment) of an outlet, named the way the system setting says. */
export async function listCashiers(db: Db, outletId: number, option: string | undefined, email: string | undefined) {
  const [cfg] = await db.select().from(systemConfig).where(eq(systemConfig.id, 1));
  const by = option ?? cfg?.cashier_login_option ?? "Name";
  const rows = await db
    .select({ user_id: users.user_id, user_name: users.user_name, user_code: users.user_code })
    .from(users)
    .where(
      and(
        eq(users.outlet_fk, outletId),
        eq(users.is_cashier, true),
        eq(users.status, "active"),
        email ? sql`lower(${users.email}) = lower(${email})` : undefined,
      ),
    )
    .orderBy(by === "Code" ? asc(users.user_code) : asc(users.user_name));
  if (!rows.length) throw new HttpError(404, MSG.noCashiers);
  return rows.map((r) => ({ ...r, label: by === "Code" ? (r.user_code ?? r.user_name) : r.user_name }));
}

export async function cashierLogin(
  app: FastifyInstance,
  ctx: Ctx,
  input: { outlet_id: number; user_id: number; pin: string },
  device?: KnownDevice,
): Promise<TokenResponse> {
  const guard = await guardSecret(
    app,
    ctx,
    "cashier",
    String(input.user_id),
    { action: "cashier_login_throttled", detail: { outlet_id: input.outlet_id, user_id: input.user_id } },
    device,
  );
  const [user] = await app.db.select().from(users).where(eq(users.user_id, input.user_id));
  if (!user || user.outlet_fk !== input.outlet_id) {
    await auditAuth(app.db, ctx, "cashier_login_failed", user?.user_id ?? null, { outlet_id: input.outlet_id });
    throw new HttpError(401, MSG.unauthorizedCredentials, { pin: [MSG.passwordInvalid] });
  }
  if (!user.is_cashier) {
    await auditAuth(app.db, ctx, "cashier_login_failed", user.user_id, { reason: "not a cashier" });
    throw new HttpError(403, MSG.mustHaveCashier);
  }
  const pins = await app.db.select({ pin_hash: userPins.pin_hash }).from(userPins).where(eq(userPins.user_id, user.user_id));
  let ok = false;
  for (const p of pins) if (await verifySecret(p.pin_hash, input.pin)) ok = true;
  if (!ok) {
    await auditAuth(app.db, ctx, "cashier_login_failed", user.user_id, { reason: "pin" });
    throw new HttpError(422, MSG.pinWrong, { pin: [MSG.pinWrong] });
  }
  await guard.accepted();
  await refuseUnlessActive(app, ctx, "cashier_login_failed", user);
  await guard.signedIn();
  await auditAuth(app.db, ctx, "cashier_login", user.user_id, { outlet_id: input.outlet_id });
  return issue(app, user.user_id, user.token_version);
}

/**
 * A new token for the caller. The old one is consumed first: of two refreshes of one token, on
 * any processes, only the one whose revocation is written gets a new token.
 */
export async function refreshToken(app: FastifyInstance, ctx: Ctx): Promise<TokenResponse> {
  const user = ctx.user!;
  await throttle(app.db, [{ key: `refresh:${user.user_id}`, limit: 60, windowSeconds: 60 }]);
  if (!(await revokeToken(app.db, user.jti, user.token_exp))) throw new HttpError(400, MSG.tokenInvalid);
  const [row] = await app.db.select({ v: users.token_version }).from(users).where(eq(users.user_id, user.user_id));
  await auditAuth(app.db, ctx, "refresh", user.user_id, {});
  return issue(app, user.user_id, row?.v ?? 0);
}

export async function logout(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const user = ctx.user!;
  await revokeToken(app.db, user.jti, user.token_exp);
  await auditAuth(app.db, ctx, "logout", user.user_id, {});
}
