// The product as `npm start` runs it, in processes of its own on a test database: for the tests of
// stopping, killing and running several processes on one PostgreSQL.
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./db-url.js";
import { keepOutput, productEnv, waitForAnswer } from "./product-start.js";

const main = path.resolve(import.meta.dirname, "../src/main.ts");

export interface ProductProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

/** Starts the product on `databaseUrl` and waits until /ready answers 200. */
export async function startProduct(databaseUrl: string, port: number, env: Record<string, string> = {}): Promise<ProductProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", main], {
    env: productEnv(port, {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      JWT_SECRET: "process-test-secret-process-test-secret",
      LOGIN_ATTEMPTS: "1000",
      ...env,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = keepOutput(child);
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  // The limit only ends a hang: three processes compile the server with tsx at once, which on a
  // loaded two-core machine has taken more than a minute.
  await waitForAnswer(child, {
    answers: async () => (await request(port, null, "GET", "/ready").catch(() => null))?.status === 200,
    every: 100,
    within: 150_000,
    name: "the server",
    output,
    giveUp: () => child.kill("SIGKILL"),
  });
  return { child, port, output, exited };
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted field by field
  body: any;
}

/**
 * One request on a connection of its own (no keep-alive), so that a request is either taken by
 * the server or refused (ECONNREFUSED), never written onto a connection the server is closing.
 */
export function request(port: number, token: string | null, method: string, url: string, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path: url,
        agent: false,
        headers: {
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => {
          text += d;
        });
        res.on("end", () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

export async function signIn(port: number): Promise<string> {
  const res = await request(port, null, "POST", "/api/auth/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}
