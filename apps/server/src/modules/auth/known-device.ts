import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loadSigningKey } from "../../platform/tokens.js";

/**
 * The device cookie (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that signed in to an account is given a signed cookie naming the accounts it signed in to. Its
 * later attempts at those accounts are counted against the device alone, so guesses from
 * elsewhere, however many addresses they come from, never lock the owner's own browser out.
 * The cookie holds no secret and no e-mail: a random device id and, per account, a hash of the
 * account and the time the entry lapses; an HMAC (keyed from the signing key) makes it unforgeable.
 */
export const DEVICE_COOKIE = "souq_device";
/** An account's entry lapses this long after its last sign-in on the device. */
export const DEVICE_KEEP_DAYS = 90;
/** A POS terminal is shared by the cashiers of a shift: room for that many accounts, newest kept. */
const MAX_ACCOUNTS = 20;
/** Sent with the API's calls: the sign-in routes and the till's cashier switch (`/api/pos/switch_cashier`) read it. */
const COOKIE_PATH = "/api";

export interface KnownDevice {
  /** Random, stable for the browser: the key its own attempts are counted under. */
  id: string;
  /** Account hash -> when the entry lapses (seconds since the epoch). */
  accounts: Map<string, number>;
  /** Whether the cookie came signed and intact (false: a new device). */
  valid: boolean;
  changed: boolean;
}

const keys = new WeakMap<FastifyInstance, Promise<Buffer>>();
function keyOf(app: FastifyInstance): Promise<Buffer> {
  let key = keys.get(app);
  if (!key) {
    // A key of its own, derived from the signing key: a device cookie is never a token.
    key = loadSigningKey(app.db, app.config.jwtSecret).then((k) => createHmac("sha256", k).update("known-device").digest());
    keys.set(app, key);
  }
  return key;
}

const accountHash = (scope: string, account: string) =>
  createHash("sha256").update(`${scope}\u0000${account.toLowerCase()}`).digest("base64url").slice(0, 22);
const sign = (key: Buffer, body: string) => createHmac("sha256", key).update(body).digest("base64url");

function cookieValue(header: string | undefined): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === DEVICE_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The caller's device cookie, checked; a missing, altered or foreign one is a new device. */
export async function readDevice(app: FastifyInstance, req: FastifyRequest): Promise<KnownDevice> {
  const fresh = (): KnownDevice => ({ id: randomBytes(16).toString("base64url"), accounts: new Map(), valid: false, changed: false });
  const value = cookieValue(req.headers.cookie);
  if (!value || value.length > 2048) return fresh();
  const dot = value.lastIndexOf(".");
  const body = value.slice(0, dot);
  const mac = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(sign(await keyOf(app), body));
  if (dot < 0 || mac.length !== expected.length || !timingSafeEqual(mac, expected)) return fresh();
  try {
    const parsed = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { d?: unknown; a?: unknown };
    if (typeof parsed.d !== "string" || !Array.isArray(parsed.a)) return fresh();
    const now = Date.now() / 1000;
    const accounts = new Map<string, number>();
    for (const entry of parsed.a as unknown[]) {
      if (!Array.isArray(entry) || typeof entry[0] !== "string" || typeof entry[1] !== "number") continue;
      if (entry[1] > now) accounts.set(entry[0], entry[1]);
    }
    return { id: parsed.d, accounts, valid: true, changed: false };
  } catch {
    return fresh();
  }
}

/** Whether this device signed in to the account (of this kind of secret) within DEVICE_KEEP_DAYS. */
export function deviceKnows(device: KnownDevice | undefined, scope: string, account: string): boolean {
  return Boolean(device?.valid && device.accounts.has(accountHash(scope, account)));
}

/** A completed sign-in: the device knows the account for another DEVICE_KEEP_DAYS. */
export function rememberOnDevice(device: KnownDevice | undefined, scope: string, account: string): void {
  if (!device) return;
  const hash = accountHash(scope, account);
  device.accounts.delete(hash);
  device.accounts.set(hash, Math.floor(Date.now() / 1000) + DEVICE_KEEP_DAYS * 86_400);
  while (device.accounts.size > MAX_ACCOUNTS) device.accounts.delete(device.accounts.keys().next().value!);
  device.changed = true;
}

/** Sends the device's cookie when a sign-in changed it: HttpOnly, this site only, the API's routes only. */
export async function sendDevice(app: FastifyInstance, reply: FastifyReply, device: KnownDevice): Promise<void> {
  if (!device.changed) return;
  const body = Buffer.from(JSON.stringify({ d: device.id, a: [...device.accounts] })).toString("base64url");
  const value = `${body}.${sign(await keyOf(app), body)}`;
  const attrs = [`Path=${COOKIE_PATH}`, `Max-Age=${DEVICE_KEEP_DAYS * 86_400}`, "HttpOnly", "SameSite=Strict"];
  if (app.config.tls) attrs.push("Secure");
  reply.header("set-cookie", `${DEVICE_COOKIE}=${value}; ${attrs.join("; ")}`);
}
