import { randomBytes, randomUUID } from "node:crypto";
import { MSG } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import { createSigner, createVerifier, TokenError } from "fast-jwt";
import type { Db } from "../db/client.js";
import { appSecrets } from "../modules/platform-tables/platform.tables.js";
import { HttpError } from "./errors.js";

export interface TokenClaims {
  sub: number;
  jti: string;
  ver: number;
  exp: number;
  iat: number;
  /** Set on a token that may reach only the routes that accept its scope. */
  scope?: TokenScope;
}

/** The one limited token: a user a system setting obliges to use two-factor sign-in enrols with it. */
export type TokenScope = "two_factor_setup";
export const SETUP_TOKEN_SECONDS = 600;

export interface TokenService {
  sign(userId: number, tokenVersion: number, scope?: TokenScope): { token: string; jti: string; exp: number };
  /**
   * Verifies signature, algorithm and expiry; throws 400 "Token is Expired." / "Token is Invalid.".
   * A scoped token passes only where the caller names its scope.
   */
  verify(token: string, allowedScope?: TokenScope): TokenClaims;
  ttlSeconds: number;
}

/** The signing key: JWT_SECRET when given, else one made once and kept in the database. */
export async function loadSigningKey(db: Db, configured: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: "jwt", value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, "jwt"));
  if (!row) throw new Error("signing key missing");
  return row.value;
}

export function createTokenService(key: string, ttlSeconds: number): TokenService {
  const signer = createSigner({ key, algorithm: "HS256", expiresIn: ttlSeconds * 1000 });
  const setupSigner = createSigner({ key, algorithm: "HS256", expiresIn: SETUP_TOKEN_SECONDS * 1000 });
  // Verified tokens are kept (until their expiry at the latest), so a signed-in request costs no
  // HMAC after the first; revocation and the user's state are checked apart (platform/http.ts).
  const verifier = createVerifier({ key, algorithms: ["HS256"], cache: 10_000 });
  return {
    ttlSeconds,
    sign(userId, tokenVersion, scope) {
      const jti = randomUUID();
      if (scope) {
        const token = setupSigner({ sub: userId, jti, ver: tokenVersion, scope });
        return { token, jti, exp: Math.floor(Date.now() / 1000) + SETUP_TOKEN_SECONDS };
      }
      const token = signer({ sub: userId, jti, ver: tokenVersion });
      return { token, jti, exp: Math.floor(Date.now() / 1000) + ttlSeconds };
    },
    verify(token, allowedScope) {
      try {
        const claims = verifier(token) as Partial<TokenClaims>;
        if (typeof claims.sub !== "number" || typeof claims.jti !== "string" || typeof claims.ver !== "number") {
          throw new HttpError(400, MSG.tokenInvalid);
        }
        if (claims.scope !== undefined && claims.scope !== allowedScope) throw new HttpError(403, MSG.twoFactorSetupOnly);
        return claims as TokenClaims;
      } catch (err) {
        if (err instanceof HttpError) throw err;
        if (err instanceof TokenError && err.code === TokenError.codes.expired) throw new HttpError(400, MSG.tokenExpired);
        throw new HttpError(400, MSG.tokenInvalid);
      }
    },
  };
}

/** Revokes a token; answers whether this call did it (false: it was revoked already). */
export async function revokeToken(db: Db, jti: string, exp: number): Promise<boolean> {
  const res = await db.execute(
    sql`insert into revoked_tokens (jti, expires_at) values (${jti}, to_timestamp(${exp})) on conflict (jti) do nothing returning jti`,
  );
  // Expired revocations are useless; drop a few while we are here.
  await db.execute(sql`delete from revoked_tokens where expires_at < now() - interval '1 minute'`);
  return res.rows.length === 1;
}
