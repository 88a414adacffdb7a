import { createHmac, randomUUID } from "node:crypto";
import { ADMIN_EMAIL, ADMIN_PASSWORD, JWT_SECRET } from "./env";

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error("E2E_BASE_URL is not set; the global setup did not start the product");
  return url;
};

export async function call<T>(
  path: string,
  opts: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/${path}`, {
    method: opts.method ?? "GET",
    headers: {
      Accept: "application/json",
      ...(opts.body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${opts.method ?? "GET"} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A sign-in of its own: a token nobody else holds, for a test that signs out or changes its user. */
export async function login(email = ADMIN_EMAIL, password = ADMIN_PASSWORD): Promise<string> {
  const body = await call<{ access_token: string }>("auth/login", { method: "POST", body: { email, password } });
  return body.access_token;
}

let admin: { token: string; exp: number } | undefined;

/**
 * The super user's token, signed in once per worker and shared by its tests (every sign-in costs
 * the server a password hash, and sign-ins are throttled). A test that signs out, or whose page
 * may, takes a `login()` of its own instead. Signed in again five minutes before it expires.
 */
export async function adminToken(): Promise<string> {
  if (!admin || admin.exp - Date.now() / 1000 < 300) {
    const token = await login();
    const { exp } = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { exp: number };
    admin = { token, exp };
  }
  return admin.token;
}

/** A unique suffix so that tests running side by side never clash on unique names. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

export interface SeedUser {
  user_name: string;
  email: string;
  password: string;
  user_id: number;
}

export async function createUser(
  token: string,
  fields: {
    user_name: string;
    email?: string;
    permissions?: string[];
    is_cashier?: boolean;
    outlet_fk?: number;
    inventory_ids?: number[];
    user_full_name?: string;
    user_role?: number;
  },
  password = "amber-falcon-river-72",
): Promise<SeedUser> {
  const email = fields.email ?? `${fields.user_name.toLowerCase().replace(/[^a-z0-9]/g, "")}@e2e.test`;
  const res = await call<{ data: { user_id: number } }>("users", {
    method: "POST",
    token,
    body: { ...fields, email, new_password: password, new_password_confirmation: password, status: "active" },
  });
  return { user_name: fields.user_name, email, password, user_id: res.data.user_id };
}

/** A token whose expiry is in the past, signed with the product's key: the server answers "Token is Expired.". */
export function expiredToken(userId = 1): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: userId, jti: randomUUID(), ver: 0, iat: now - 7200, exp: now - 3600 })}`;
  return `${head}.${createHmac("sha256", JWT_SECRET).update(head).digest("base64url")}`;
}
