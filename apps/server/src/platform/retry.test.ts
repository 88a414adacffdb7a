import type { FastifyInstance, FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { inTx, TX_ATTEMPTS } from "./http.js";

/** A database whose transactions fail with the given SQLSTATEs, in order, then succeed. */
function flaky(codes: string[]) {
  let runs = 0;
  const app = {
    db: {
      transaction: async (fn: (tx: object) => Promise<unknown>) => {
        runs++;
        const code = codes.shift();
        // The driver wraps the server's error; the code sits on the cause.
        if (code) throw Object.assign(new Error("query failed"), { cause: Object.assign(new Error("server"), { code }) });
        return fn({});
      },
    },
  } as unknown as FastifyInstance;
  return { app, runs: () => runs };
}
const req = { user: null, ip: "127.0.0.1" } as unknown as FastifyRequest;

describe("inTx", () => {
  it("runs the whole transaction again after a deadlock or a serialization failure", async () => {
    const db = flaky(["40P01", "40001", "40P01"]);
    expect(await inTx(db.app, req, async () => "saved")).toBe("saved");
    expect(db.runs()).toBe(4);
  });

  it("gives up after a bounded number of attempts", async () => {
    const db = flaky(Array(TX_ATTEMPTS + 5).fill("40P01"));
    await expect(inTx(db.app, req, async () => "saved")).rejects.toThrow("query failed");
    expect(db.runs()).toBe(TX_ATTEMPTS);
  });

  it("does not repeat a transaction that failed for any other reason", async () => {
    const db = flaky(["23505"]);
    await expect(inTx(db.app, req, async () => "saved")).rejects.toThrow("query failed");
    expect(db.runs()).toBe(1);
  });
});
