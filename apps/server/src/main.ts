import path from "node:path";
import { loadConfig } from "./config.js";
import type { OpenedDatabase } from "./db/open.js";
import { setBusinessTimeZone } from "./platform/business-time.js";
import { startupPhase } from "./platform/startup-timing.js";

startupPhase("main module loaded");

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
// Before the seed: the first financial year starts at the business's local midnight.
setBusinessTimeZone(config.timeZone);

// The server's code (Fastify, its plugins, every module) loads while the database starts: the
// embedded PostgreSQL is a process of its own, so its start-up and this one's overlap.
const code = Promise.all([import("./app.js"), import("./db/migrate.js"), import("./db/seed.js")]);
code.catch(() => {}); // awaited below; a failure is reported there
code.then(
  () => startupPhase("server code loaded"),
  () => {},
);
let opened: OpenedDatabase;
try {
  opened = await (await import("./db/open.js")).openConfiguredDatabase(config);
} catch (e) {
  console.error(`The database could not be started: ${(e as Error).message}`);
  process.exit(1);
}
const { database, embedded } = opened;
startupPhase("database open");
const [{ buildApp, operationsOf }, { MIGRATIONS_DIR, migrate }, { seed }] = await code;
// The web app's build beside the server package (whose folder holds the migrations), from source or compiled.
config.webDist ??= path.resolve(MIGRATIONS_DIR, "../../web/dist");
config.shopDist ??= path.resolve(MIGRATIONS_DIR, "../../shop/dist");
try {
  await migrate(database);
  startupPhase("migrations checked");
  const seeded = await seed(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
  if (seeded.generatedPassword) {
    // Printed once, on the first start only, straight to the console (never to the log stream).
    console.log(`\nSuper user created: ${config.adminEmail ?? "admin@example.com"} / ${seeded.generatedPassword}\n`);
  }
} catch (e) {
  console.error(`The database could not be prepared: ${(e as Error).message}`);
  await database.close().catch(() => {});
  await embedded?.stop().catch(() => {});
  process.exit(1);
}
startupPhase("seed checked");
const { app } = await buildApp({ database, config });
let closing = false;
/** Resolves with `done`'s outcome, or false once `ms` have passed. */
const within = (done: Promise<unknown>, ms: number) =>
  Promise.race([done.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), ms).unref())]);
// A stop: /ready answers 503 and no new connection is taken; the requests in flight (postings
// included) finish, for SHUTDOWN_SECONDS at most; then the pool and the embedded PostgreSQL close.
// Whatever is still running then is cut with its transaction, which PostgreSQL rolls back whole.
const close = async () => {
  if (closing) return;
  closing = true;
  operationsOf(app)!.stopping = true;
  let code = 0;
  try {
    const limit = config.shutdownSeconds * 1000;
    if (!(await within(app.close(), limit))) {
      console.error(`Requests still running after ${config.shutdownSeconds} s were cut; their transactions are rolled back.`);
      code = 1;
    }
    await within(database.close(), 5000);
    await embedded?.stop();
  } catch (e) {
    console.error((e as Error).message);
    code = 1;
  }
  process.exit(code);
};
process.on("SIGINT", close);
process.on("SIGTERM", close);
try {
  await app.listen({ port: config.port, host: config.host });
} catch (e) {
  console.error(`Cannot listen on port ${config.port}: ${(e as Error).message}`);
  await app.close().catch(() => {});
  await database.close().catch(() => {});
  await embedded?.stop().catch(() => {});
  process.exit(1);
}
startupPhase("listening");
console.log(`Listening on http://localhost:${config.port} (${embedded ? `PostgreSQL in ${embedded.dir}` : "PostgreSQL at DATABASE_URL"})`);
