import { tmpdir } from "node:os";
import path from "node:path";

/** Settings shared by the global setup and the tests (through the environment). */
export const ADMIN_EMAIL = "admin@e2e.test";
export const ADMIN_PASSWORD = "admin-e2e-pass";
/** Known to the tests so that they can make an expired token. */
export const JWT_SECRET = "e2e-signing-key-that-is-long-enough-0123456789";
/** What the global setup started, for the teardown of the same run. */
export const stateFile = () => path.join(tmpdir(), `souq-e2e-${process.env.E2E_RUN_ID ?? process.pid}.json`);
/**
 * A file of this run, beside its state: named by the product's port too, so that what a killed run
 * left behind is never taken for this run's. The teardown removes them all.
 */
export const runFilePrefix = () =>
  `souq-e2e-${process.env.E2E_RUN_ID ?? process.pid}-${new URL(process.env.E2E_BASE_URL ?? "http://x").port}-`;
export const runFile = (name: string) => path.join(tmpdir(), `${runFilePrefix()}${name}`);
/** The rows `seededOnce` made for this run (and, beside it, the lock of the worker making them). */
export const seededFile = () => runFile("seeded.json");
