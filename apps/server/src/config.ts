import path from "node:path";
import { DEFAULT_TIME_ZONE, isTimeZone } from "./platform/business-time.js";

export interface AppConfig {
  /** PostgreSQL URL; when absent the embedded PostgreSQL under dataDir/pg is used. */
  databaseUrl: string | undefined;
  /** A read replica of that database for the reports (trial balance, statements, stock reports); unset, the reports read the primary. */
  databaseReadUrl: string | undefined;
  dataDir: string;
  port: number;
  host: string;
  jwtSecret: string;
  tokenTtlSeconds: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Folder of uploaded images, served at /images/{file}. */
  uploadDir: string;
  /** Built web app to serve at /, when it exists. */
  webDist: string | undefined;
  /** Built web shop (apps/shop) to serve at /shop/, when it exists. */
  shopDist: string | undefined;
  /** Attempts at a secret allowed per account and address in one window; from there on, growing delays per account. */
  loginAttempts: number;
  /** Attempts allowed per account from anywhere, and per address over every account, in one window. */
  loginAccountAttempts: number;
  loginWindowSeconds: number;
  logLevel: string;
  /** A log line for every request and answer: on by default, off by default in production. */
  logRequests: boolean;
  /** Served over TLS (directly or behind a proxy): browsers are told to use HTTPS only (HSTS). */
  tls: boolean;
  /** Behind a reverse proxy: the client's address and protocol come from X-Forwarded-* headers. */
  trustProxy: boolean;
  /** The business's IANA time zone: documents' wall-clock dates, accounting days and months, date filters. */
  timeZone: string;
  /** Bearer token that opens /metrics to other machines (this machine needs none); empty: this machine only. */
  metricsToken: string;
  /** How long a stop (SIGTERM) waits for the requests in flight before closing the database anyway. */
  shutdownSeconds: number;
  /**
   * The most database connections this process holds (`DB_POOL_SIZE`); unset: 20 on the embedded
   * server, which serves this process alone, and 10 on a server DATABASE_URL names, which several
   * processes may share within its max_connections.
   */
  dbPoolSize: number | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  const timeZone = env.TIME_ZONE || DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone)) throw new Error(`TIME_ZONE must be an IANA time zone such as Asia/Baghdad or UTC; "${timeZone}" is not one.`);
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    dataDir,
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? "0.0.0.0",
    jwtSecret: env.JWT_SECRET ?? "",
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 3600),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, "images")),
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : undefined,
    shopDist: env.SHOP_DIST ? path.resolve(env.SHOP_DIST) : undefined,
    loginAttempts: Number(env.LOGIN_ATTEMPTS ?? 10),
    loginAccountAttempts: Number(env.LOGIN_ACCOUNT_ATTEMPTS ?? 5 * Number(env.LOGIN_ATTEMPTS ?? 10)),
    loginWindowSeconds: Number(env.LOGIN_WINDOW_SECONDS ?? 300),
    logLevel: env.LOG_LEVEL || "info",
    logRequests: env.LOG_REQUESTS ? env.LOG_REQUESTS === "1" : env.NODE_ENV !== "production",
    timeZone,
    tls: env.TLS === "1",
    trustProxy: env.TRUST_PROXY === "1",
    metricsToken: env.METRICS_TOKEN ?? "",
    shutdownSeconds: Number(env.SHUTDOWN_SECONDS ?? 20),
    dbPoolSize: poolSize(env.DB_POOL_SIZE),
  };
}

function poolSize(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 2 || n > 500)
    throw new Error(`DB_POOL_SIZE must be a whole number from 2 to 500; "${value}" is not one.`);
  return n;
}
