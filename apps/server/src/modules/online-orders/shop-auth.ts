import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { SHOP_CODE_ATTEMPTS, SHOP_CODE_DIGITS, SHOP_CODE_TTL_SECONDS, SHOP_MSG, SHOP_TOKEN_TTL_DAYS } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Tx } from "../../db/client.js";
import { HttpError } from "../../platform/errors.js";
import { bearer, clientIp, retryTx } from "../../platform/http.js";
import { type Limit, throttle } from "../../platform/rate-limit.js";
import { createConsumer } from "../parties/consumers.js";

/** The signed-in customer of a shop request. */
export interface ShopCustomer {
  customer_id: number;
  consumer_id: number;
  mobile: string;
  name: string | null;
}

/** Codes asked for per mobile number, and sign-in requests per address, in a window. */
const CODES_PER_MOBILE = 3;
// Generous: a mobile carrier puts many phones behind one address.
const REQUESTS_PER_IP = 200;
const WINDOW_SECONDS = 600;

/** Shop tokens are opaque, never JWTs: the back office's verifier refuses them, and this lookup refuses its tokens. */
const TOKEN_PREFIX = "shp_";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const codeHash = (mobile: string, code: string) => sha256(`${mobile}:${code}`);

/**
 * The default code sender: an outbox row (which an SMS gateway's sender reads and marks sent)
 * and a log line. Replaced by `app.decorate("shopCodeSender", ...)` where a gateway exists.
 */
export type CodeSender = (tx: Tx, mobile: string, message: string) => Promise<void>;
export const outboxSender =
  (log: FastifyInstance["log"]): CodeSender =>
  async (tx, mobile, message) => {
    await tx.execute(sql`insert into online_code_outbox (mobile, message) values (${mobile}, ${message})`);
    log.info({ mobile }, "shop sign-in code queued");
  };

const ipLimit = (req: FastifyRequest): Limit => ({
  key: `shop:ip:${clientIp(req) ?? "unknown"}`,
  limit: REQUESTS_PER_IP,
  windowSeconds: WINDOW_SECONDS,
});

/** Sends a new one-time code to a mobile number; earlier unused codes of that number stop working. */
export async function requestCode(app: FastifyInstance, req: FastifyRequest, mobile: string, send: CodeSender): Promise<void> {
  await throttle(app.db, [{ key: `shop:code:${mobile}`, limit: CODES_PER_MOBILE, windowSeconds: WINDOW_SECONDS }, ipLimit(req)]);
  const code = String(randomInt(0, 10 ** SHOP_CODE_DIGITS)).padStart(SHOP_CODE_DIGITS, "0");
  await retryTx(app, async (tx) => {
    await tx.execute(sql`update online_login_codes set used_at = now() where mobile = ${mobile} and used_at is null`);
    await tx.execute(sql`
      insert into online_login_codes (mobile, code_hash, expires_at)
      values (${mobile}, ${codeHash(mobile, code)}, now() + make_interval(secs => ${SHOP_CODE_TTL_SECONDS}))`);
    await send(tx, mobile, code);
  });
}

/**
 * Checks a code: a wrong one counts against the code (SHOP_CODE_ATTEMPTS tries, then a new code
 * must be asked for), an expired or used one is refused; the right one makes the customer (a
 * customer of the back office too) on their first sign-in and answers a new token.
 */
export async function verifyCode(
  app: FastifyInstance,
  req: FastifyRequest,
  input: { mobile: string; code: string; device?: { push_token: string; platform: string; app_version?: string | null | undefined } },
) {
  await throttle(app.db, [ipLimit(req)]);
  const outcome = await retryTx(app, async (tx) => {
    const found = await tx.execute<{ code_id: number; code_hash: string; attempts: number }>(sql`
      select code_id, code_hash, attempts from online_login_codes
       where mobile = ${input.mobile} and used_at is null and expires_at > now()
       order by code_id desc limit 1 for update`);
    const row = found.rows[0];
    if (!row) return { refused: SHOP_MSG.codeInvalid } as const;
    if (row.attempts >= SHOP_CODE_ATTEMPTS) return { refused: SHOP_MSG.codeAttempts } as const;
    const right = timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(codeHash(input.mobile, input.code)));
    if (!right) {
      // Counted and committed, then refused: the attempt stays counted.
      const left = await tx.execute<{ attempts: number }>(
        sql`update online_login_codes set attempts = attempts + 1 where code_id = ${row.code_id} returning attempts`,
      );
      return { refused: left.rows[0]!.attempts >= SHOP_CODE_ATTEMPTS ? SHOP_MSG.codeAttempts : SHOP_MSG.codeInvalid } as const;
    }
    await tx.execute(sql`update online_login_codes set used_at = now() where code_id = ${row.code_id}`);
    const customer = await customerOf(tx, input.mobile);
    if (customer.status !== "active") return { blocked: true } as const;
    const token = `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
    const saved = await tx.execute<{ expires_at: Date }>(sql`
      insert into online_tokens (token_hash, customer_fk, expires_at)
      values (${sha256(token)}, ${customer.customer_id}, now() + make_interval(days => ${SHOP_TOKEN_TTL_DAYS}))
      returning expires_at`);
    await tx.execute(sql`update online_customers set last_seen = now() where customer_id = ${customer.customer_id}`);
    if (input.device) await registerDevice(tx, customer.customer_id, input.device);
    return {
      session: {
        access_token: token,
        expires_at: new Date(saved.rows[0]!.expires_at).toISOString(),
        customer: { customer_id: customer.customer_id, mobile: customer.mobile, name: customer.name },
      },
    } as const;
  });
  if ("blocked" in outcome) throw new HttpError(403, SHOP_MSG.blocked);
  if (!("session" in outcome) || !outcome.session) {
    const msg: string = ("refused" in outcome && outcome.refused) || SHOP_MSG.codeInvalid;
    throw new HttpError(422, msg, { code: [msg] });
  }
  return outcome.session;
}

/** The customer of a mobile number, made (with their back-office customer record) on the first sign-in. */
async function customerOf(tx: Tx, mobile: string) {
  type Row = { customer_id: number; mobile: string; name: string | null; status: string };
  const get = async () =>
    (await tx.execute<Row>(sql`select customer_id, mobile, name, status from online_customers where mobile = ${mobile} for update`))
      .rows[0];
  const found = await get();
  if (found) return found;
  // One maker per number: a second sign-in of the same number at the same moment waits here.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shop-customer:${mobile}`}))`);
  const again = await get();
  if (again) return again;
  // A customer the shop already keeps under this number (its prices, its balance) is the app's customer.
  const kept = await tx.execute<{ consumer_id: number }>(sql`
    select c.consumer_id from consumers c
     where c.kind = 'customer' and c.mobile = ${mobile} and c.is_active
       and not exists (select 1 from online_customers o where o.consumer_fk = c.consumer_id)
     order by c.consumer_id limit 1`);
  const id = kept.rows[0]
    ? Number(kept.rows[0].consumer_id)
    : (
        await createConsumer({ tx, user: null, now: new Date(), ip: null }, "customer", {
          consumer_name: mobile,
          mobile,
        } as Parameters<typeof createConsumer>[2])
      ).id;
  const made = await tx.execute<Row>(sql`
    insert into online_customers (consumer_fk, mobile) values (${id}, ${mobile})
    returning customer_id, mobile, name, status`);
  return made.rows[0]!;
}

export async function registerDevice(
  tx: Tx,
  customerId: number,
  d: { push_token: string; platform: string; app_version?: string | null | undefined },
) {
  await tx.execute(sql`
    insert into online_customer_devices (customer_fk, push_token, platform, app_version)
    values (${customerId}, ${d.push_token}, ${d.platform}, ${d.app_version ?? null})
    on conflict (customer_fk, push_token) do update set platform = excluded.platform, app_version = excluded.app_version, last_seen = now()`);
}

/** The customer a shop request's token names, or 401: a back-office token never opens the shop API. */
export async function shopCustomer(app: FastifyInstance, req: FastifyRequest): Promise<ShopCustomer> {
  const token = bearer(req);
  if (!token?.startsWith(TOKEN_PREFIX) || token.length > 200) throw new HttpError(401, SHOP_MSG.signInRequired);
  type Row = { customer_id: number; consumer_id: number; mobile: string; name: string | null; status: string };
  const res = await app.db.execute<Row>(sql`
    select c.customer_id, c.consumer_fk as consumer_id, c.mobile, c.name, c.status
      from online_tokens t join online_customers c on c.customer_id = t.customer_fk
     where t.token_hash = ${sha256(token)} and t.revoked_at is null and t.expires_at > now()`);
  const row = res.rows[0];
  if (!row) throw new HttpError(401, SHOP_MSG.signInRequired);
  if (row.status !== "active") throw new HttpError(403, SHOP_MSG.blocked);
  return { customer_id: row.customer_id, consumer_id: Number(row.consumer_id), mobile: row.mobile, name: row.name };
}

/** Signs this token out (the app's other sign-ins stay). */
export async function signOut(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const token = bearer(req)!;
  await app.db.execute(sql`update online_tokens set revoked_at = now() where token_hash = ${sha256(token)} and revoked_at is null`);
}
