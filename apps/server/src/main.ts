import path from "node:path";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { MIGRATIONS_DIR, migrate } from "./db/migrate.js";
import { seed } from "./db/seed.js";
import { setBusinessTimeZone } from "./platform/business-time.js";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
// Before the seed: the first financial year starts at the business's local midnight.
setBusinessTimeZone(config.timeZone);
// The web app's build beside the server package (whose folder holds the migrations), from source or compiled.
config.webDist ??= path.resolve(MIGRATIONS_DIR, "../../web/dist");

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
const seeded = await seed(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
if (seeded.generatedPassword) {
  // Printed once, on the first start only, straight to the console (never to the log stream).
  console.log(`\nSuper user created: ${config.adminEmail ?? "admin@example.com"} / ${seeded.generatedPassword}\n`);
}
const { app } = await buildApp({ database, config });
const close = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on("SIGINT", close);
process.on("SIGTERM", close);
await app.listen({ port: config.port, host: config.host });
console.log(`Listening on http://localhost:${config.port} (${database.kind === "pglite" ? `PGlite in ${config.dataDir}` : "PostgreSQL"})`);
