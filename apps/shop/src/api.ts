/**
 * The customer API (`/api/shop/v1`), the only server this app speaks to. The token of the
 * sign-in is kept in local storage; a refusal becomes an ApiError carrying the API's own words
 * (its message and field messages), which the screens show translated (`serverText`).
 */
export const API = "/api/shop/v1";
const TOKEN_KEY = "shop.token";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);
export function setToken(token: string | null) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
  for (const f of tokenListeners) f();
}
const tokenListeners = new Set<() => void>();
export const onToken = (f: () => void) => {
  tokenListeners.add(f);
  return () => void tokenListeners.delete(f);
};

export interface CallOptions {
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  body?: unknown;
  headers?: Record<string, string>;
}

/** A call of the customer API; the network failing is an ApiError of status 0. */
export async function api<T>(path: string, opts: CallOptions = {}): Promise<T> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`${API}${path}`, {
      method: opts.method ?? "GET",
      headers: {
        Accept: "application/json",
        ...(opts.body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...opts.headers,
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      cache: "no-store",
    });
  } catch {
    throw new ApiError(0, "network");
  }
  const text = await res.text();
  let body: { message?: string; errors?: Record<string, string[]> } | undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    // A token the server no longer knows is forgotten: the customer signs in again.
    if (res.status === 401 && token) setToken(null);
    throw new ApiError(res.status, body?.message ?? `HTTP ${res.status}`, body?.errors ?? {});
  }
  return body as T;
}
