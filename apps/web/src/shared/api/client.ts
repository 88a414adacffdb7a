import { TOKEN_EXPIRED, TOKEN_INVALID, type TokenResponse } from "@app/contracts";
import { config } from "../../app/config";
import { answerTextsReady } from "../../app/i18n";
import { session } from "./session";

export const API_BASE = "/api";

export interface ErrorBody {
  message?: unknown;
  errors?: Record<string, string[] | string>;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(typeof body.message === "string" ? body.message : `HTTP ${status}`);
  }
}

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue>;

export function toQueryString(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.append(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : "";
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let refreshing: Promise<void> | null = null;

const isTokenFailure = (status: number, body: ErrorBody) =>
  status === 400 && (body.message === TOKEN_EXPIRED || body.message === TOKEN_INVALID);

interface RequestOptions {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** The refresh call itself must not wait for the refresh. */
  noWait?: boolean;
  /** A token other than the session's (the enrolment one a sign-in hands out); its failure ends no session. */
  token?: string;
  /** More headers (the POS sale's Idempotency-Key). */
  headers?: Record<string, string>;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  // SPEC §4: a request made while the token is being refreshed waits before going out.
  if (refreshing && !opts.noWait) await sleep(config.refreshConflictWaitMs);
  // The user's language (kept on <html lang>), so that what the server writes (exports) follows it.
  const headers: Record<string, string> = {
    Accept: "application/json",
    "Accept-Language": document.documentElement.lang || "en",
    ...opts.headers,
  };
  const token = opts.token ?? session.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body instanceof Blob) {
    // A file sent as it is (a backup to restore): the server reads the raw body.
    headers["Content-Type"] = "application/octet-stream";
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${API_BASE}/${path.replace(/^\//, "")}${toQueryString(opts.query)}`, {
    method: opts.method ?? "GET",
    headers,
    body,
    signal: opts.signal,
  });
  if (!res.ok) {
    let parsed: ErrorBody = {};
    try {
      parsed = (await res.json()) as ErrorBody;
    } catch {
      parsed = { message: res.statusText };
    }
    if (isTokenFailure(res.status, parsed) && !opts.token) session.end("expired");
    // Its message is shown in the user's language: the POS screen loads those texts only now.
    else if (parsed.message !== undefined || parsed.errors !== undefined) await answerTextsReady();
    throw new ApiError(res.status, parsed);
  }
  return res;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(path, opts);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** The answer with its status (a POS sale tells 201 booked from 202 kept for review). */
export async function apiWithStatus<T>(path: string, opts: RequestOptions = {}): Promise<{ status: number; body: T }> {
  const res = await send(path, opts);
  return { status: res.status, body: (await res.json()) as T };
}

/** Downloads a file answer (xlsx export) with the bearer token and returns it with its name. */
export async function apiBlob(path: string, query: Query): Promise<{ blob: Blob; filename: string | null }> {
  const res = await send(path, { query });
  const disposition = res.headers.get("Content-Disposition") ?? "";
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return { blob: await res.blob(), filename: match?.[1] ? decodeURIComponent(match[1]) : null };
}

/** Hands a downloaded file to the browser under its name (xlsx exports, import templates). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser needs the address until the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** POST auth/refresh; other requests wait while it is pending. */
export async function refreshToken(): Promise<void> {
  if (refreshing || !session.getToken()) return;
  refreshing = (async () => {
    const res = await send("auth/refresh", { method: "POST", noWait: true });
    const body = (await res.json()) as TokenResponse;
    session.setToken(body.access_token);
  })();
  try {
    await refreshing;
  } finally {
    refreshing = null;
  }
}
