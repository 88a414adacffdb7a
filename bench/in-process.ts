// The server built inside the benchmark's own process on the benchmark's database (buildApp, as
// the server's tests build it) and signed in as the seeded admin: requests go through the whole
// HTTP layer (token check, routing, validation, JSON) by app.inject, with no socket between.
import { buildApp } from "@app/server/src/app.js";
import { loadConfig } from "@app/server/src/config.js";
import type { Database } from "@app/server/src/db/client.js";

/** The app on `database` (files under `dataDir`) and the admin's authorization header. */
export async function signedInApp(database: Database, dataDir: string) {
  const config = loadConfig({ LOG_LEVEL: "silent", JWT_SECRET: "bench-secret-bench-secret-bench-secret", DATA_DIR: dataDir });
  const { app } = await buildApp({ database, config });
  const login = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: "admin@example.com", password: "bench-password" },
  });
  const headers = { authorization: `Bearer ${login.json().access_token}` };
  /** POSTs as the admin and answers the answer's `data`; any other status than `expected` fails the bench. */
  const send = async (route: string, payload: Record<string, unknown> = {}, expected = 201) => {
    const res = await app.inject({ method: "POST", url: route, headers, payload });
    if (res.statusCode !== expected) throw new Error(`${route}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  return { app, headers, send };
}
