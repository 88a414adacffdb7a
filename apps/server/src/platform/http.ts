import { can, MSG, type PermissionRequirement, SUPER_USER_ID } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../config.js";
import { type Db, executePrepared, type Tx } from "../db/client.js";
import type { Notices } from "../db/notices.js";
import type { AuthUser, Ctx } from "./context.js";
import { HttpError, sqlState } from "./errors.js";
import { operationsOf } from "./operations.js";
import type { TokenService } from "./tokens.js";

/** What a route demands: a permission (SPEC §6 form), any signed-in user, or nobody. */
export type Access = PermissionRequirement | "public" | "authenticated";

declare module "fastify" {
  interface FastifyContextConfig {
    permission?: Access;
    /**
     * Keys the handler itself checks for part of its work (a field it refuses, the rows or columns
     * it shows) beyond `permission`, declared here so that the catalogue test sees what they guard.
     */
    checks?: readonly string[];
    /** The route also admits the token of a user who must set up two-factor sign-in. */
    twoFactorSetup?: boolean;
    /** A write that changes no user, role or token (a POS sale): the signed-in users stay remembered. */
    keepsUsers?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    db: Db;
    /** Where the reports read: the replica DATABASE_READ_URL names, else the primary (`db`). */
    reportDb: Db;
    /** What this process hears on a PostgreSQL notification channel (see db/notices.ts). */
    notices(channel: string): Notices;
    config: AppConfig;
    tokens: TokenService;
  }
}

/** Routes outside /api and the API documentation need no declaration. */
const exempt = (url: string) => !url.startsWith("/api") || url.startsWith("/api/docs");

export interface RouteInfo {
  method: string;
  url: string;
  permission: Access;
  /** `config.checks`, when the route declares any. */
  checks?: readonly string[];
}

/**
 * Every /api route must declare `config.permission`; the server refuses to start otherwise.
 * The declared routes are collected so that tests can walk all of them.
 */
export function installAccessControl(app: FastifyInstance, registry: RouteInfo[]) {
  app.decorateRequest("user", null);
  authCacheOf(app);
  app.addHook("onRoute", (route) => {
    if (exempt(route.url)) return;
    const permission = route.config?.permission;
    if (permission === undefined) throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
    for (const method of [route.method].flat()) {
      if (method === "HEAD") continue;
      const checks = route.config?.checks;
      registry.push({ method: String(method), url: route.url, permission, ...(checks?.length ? { checks } : {}) });
    }
  });

  app.addHook("onRequest", async (req: FastifyRequest) => {
    const permission = req.routeOptions.config?.permission;
    if (permission === undefined || permission === "public") {
      // Public routes still learn who calls, when a valid token comes along (logout, me).
      return;
    }
    const user = await authenticate(app, req);
    req.user = user;
    if (permission !== "authenticated" && !can({ user_id: user.user_id, permissions: user.permissions }, permission)) {
      throw new HttpError(403, MSG.forbidden);
    }
  });
}

export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

interface UserRow extends Record<string, unknown> {
  user_id: number;
  user_name: string;
  email: string;
  outlet_fk: number | null;
  is_cashier: boolean;
  status: string;
  token_version: number;
  own: string[];
  role_perms: string[] | null;
  inventory_ids: number[] | null;
  consignment_ids: number[] | null;
  hidden_columns: Record<string, string> | null;
  revoked: boolean;
}

/**
 * Users as last loaded, by token id, for a moment: a burst of reads (a page, its look-ups, a
 * scanner, a till's sales) costs one user query instead of one each. Every write this server answers (but a POS sale) empties it,
 * so a logout, a blocked user or a changed role counts from the next request; another server on
 * the same database sees such a change within AUTH_CACHE_MS.
 */
const AUTH_CACHE_MS = 1000;
const AUTH_CACHE_MAX = 10_000;
interface AuthCache {
  users: Map<string, { user: AuthUser; at: number }>;
  /** Bumped by every write, so that a load that began before it is not kept. */
  generation: number;
}
const authCaches = new WeakMap<FastifyInstance, AuthCache>();
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

function authCacheOf(app: FastifyInstance): AuthCache {
  let cache = authCaches.get(app);
  if (!cache) {
    const fresh: AuthCache = { users: new Map(), generation: 0 };
    app.addHook("onResponse", async (req) => {
      if (READS.has(req.method) || req.routeOptions.config?.keepsUsers) return;
      fresh.generation++;
      fresh.users.clear();
    });
    authCaches.set(app, fresh);
    cache = fresh;
  }
  return cache;
}

/** Verifies the bearer token and loads the user in one query; an inactive user's token stops working. */
export async function authenticate(app: FastifyInstance, req: FastifyRequest): Promise<AuthUser> {
  const token = bearer(req);
  if (!token) throw new HttpError(401, MSG.unauthorized);
  const claims = app.tokens.verify(token, req.routeOptions.config?.twoFactorSetup ? "two_factor_setup" : undefined);
  const cache = authCaches.get(app);
  const hit = cache?.users.get(claims.jti);
  if (hit && Date.now() - hit.at < AUTH_CACHE_MS) return hit.user;
  const generation = cache?.generation;
  const user = await loadUser(app, claims);
  if (cache && cache.generation === generation) {
    if (cache.users.size >= AUTH_CACHE_MAX) cache.users.clear();
    cache.users.set(claims.jti, { user, at: Date.now() });
  }
  return user;
}

/**
 * One prepared statement (planned once per connection): the user, their role's permissions, their
 * inventories, the columns they hide in each list, and whether the token was revoked.
 */
async function loadUser(app: FastifyInstance, claims: ReturnType<FastifyInstance["tokens"]["verify"]>): Promise<AuthUser> {
  const res = await executePrepared<UserRow>(
    app.db,
    sql`
    select u.user_id, u.user_name, u.email, u.outlet_fk, u.is_cashier, u.status, u.token_version,
           u.permissions as own, r.permissions as role_perms,
           case when u.user_id = ${SUPER_USER_ID}
                then (select coalesce(array_agg(inventory_id order by inventory_id), '{}') from inventories)
                else (select coalesce(array_agg(inventory_id order by inventory_id), '{}') from user_inventories ui where ui.user_id = u.user_id)
           end as inventory_ids,
           -- A customer's consignment location is assigned to nobody: whoever holds a sale_transfers
           -- permission reaches them all (a sale invoiced from one can be opened, edited and
           -- returned); for anyone else they are not read.
           case when exists (select 1 from jsonb_array_elements_text(u.permissions || coalesce(r.permissions, '[]'::jsonb)) p
                              where starts_with(p, 'sale_transfers'))
                then (select coalesce(array_agg(inventory_id order by inventory_id), '{}') from inventories where consignment_consumer_fk is not null)
                else '{}'
           end as consignment_ids,
           (select json_object_agg(h.model, h.columns) from model_hidden_columns h where h.user_id = u.user_id) as hidden_columns,
           exists(select 1 from revoked_tokens t where t.jti = ${claims.jti}) as revoked
      from users u left join roles r on r.role_id = u.role_id
     where u.user_id = ${claims.sub}`,
  );
  const row = res.rows[0];
  if (!row || row.revoked || row.status !== "active" || row.token_version !== claims.ver) {
    throw new HttpError(400, MSG.tokenInvalid);
  }
  const permissions = new Set([...(row.own ?? []), ...(row.role_perms ?? [])]);
  return {
    user_id: row.user_id,
    user_name: row.user_name,
    email: row.email,
    outlet_fk: row.outlet_fk,
    is_cashier: row.is_cashier,
    permissions,
    inventory_ids: [...(row.inventory_ids ?? []), ...(row.consignment_ids ?? [])].map(Number),
    hidden_columns: row.hidden_columns ?? {},
    jti: claims.jti,
    token_exp: claims.exp,
    ...(claims.scope ? { token_scope: claims.scope } : {}),
  };
}

export function clientIp(req: FastifyRequest): string | null {
  return req.ip ?? null;
}

/** A context on the database itself (reads). */
export function ctxOf(app: FastifyInstance, req: FastifyRequest): Ctx {
  return { tx: app.db, user: req.user, now: new Date(), ip: clientIp(req) };
}

/** How many times a transaction runs before a deadlock or serialization failure reaches the caller. */
export const TX_ATTEMPTS = 8;
const RETRYABLE = new Set(["40P01", "40001"]);

/**
 * Runs a use case in one transaction: the document, its stock moves, its journal entry and its
 * audit row commit together. A deadlock (40P01) or serialization failure (40001) rolls the whole
 * attempt back and runs it again after a short random pause, so a user never sees a conflict
 * between other people's saves; `fn` must therefore do nothing outside the transaction that
 * cannot be repeated.
 */
export async function inTx<T>(app: FastifyInstance, req: FastifyRequest, fn: (ctx: Ctx & { tx: Tx }) => Promise<T>): Promise<T> {
  return retryTx(app, (tx) => fn({ tx, user: req.user, now: new Date(), ip: clientIp(req) }));
}

/** `inTx` without a request: one transaction, run again on a deadlock or serialization failure. */
export async function retryTx<T>(
  app: FastifyInstance,
  fn: (tx: Tx) => Promise<T>,
  /** How the transaction is opened and closed (`inOneGo` saves two round trips). */
  transaction: (fn: (tx: Tx) => Promise<T>) => Promise<T> = (f) => app.db.transaction(async (tx) => f(tx)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction(fn);
    } catch (err) {
      const code = sqlState(err) ?? "";
      if (!RETRYABLE.has(code)) throw err;
      if (attempt >= TX_ATTEMPTS) {
        operationsOf(app)?.gaveUp();
        throw err;
      }
      operationsOf(app)?.retried(code);
      // Growing, jittered pauses so that the transactions that collided do not meet again.
      await new Promise((r) => setTimeout(r, Math.random() * 5 * 2 ** attempt));
    }
  }
}

export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new HttpError(401, MSG.unauthorized);
  return req.user;
}

export type Reply = FastifyReply;
