// `npm run audit:verify`: walks the audit log's hash chain in the configured database (DATABASE_URL
// or the embedded PostgreSQL under DATA_DIR), prints the result as JSON and exits with 1 when a row
// does not match (docs/architecture/audit-chain.md), 2 when the database cannot be read.
import type pg from "pg";
import { loadConfig } from "./config.js";
import { openConfiguredDatabase } from "./db/open.js";
import { verifyChain } from "./modules/audit-chain/audit-chain.js";

const config = loadConfig();
const { database, embedded } = await openConfiguredDatabase(config);
let code = 0;
try {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    const result = await verifyChain(client);
    console.log(JSON.stringify(result, null, 2));
    if (!result.ok)
      console.error(`The audit log's chain does not verify: row ${result.first_mismatch!.id} (${result.first_mismatch!.reason}).`);
    code = result.ok ? 0 : 1;
  } finally {
    client.release();
  }
} catch (e) {
  console.error(`The audit log could not be verified: ${(e as Error).message}`);
  code = 2;
} finally {
  await database.close().catch(() => {});
  // A server taken over from a running product stays up for it.
  if (embedded && !embedded.reused) await embedded.stop().catch(() => {});
}
process.exit(code);
