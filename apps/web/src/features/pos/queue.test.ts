import { describe, expect, it } from "vitest";
import { enqueue, flush, type QueuedSale, type QueueStorage, type SendAnswer } from "./queue";

function memory(): QueueStorage & { rows: Map<string, QueuedSale> } {
  const rows = new Map<string, QueuedSale>();
  return {
    rows,
    all: async () => [...rows.values()].sort((a, b) => a.seq - b.seq),
    put: async (s) => void rows.set(s.key, structuredClone(s)),
    remove: async (k) => void rows.delete(k),
  };
}

describe("offline queue", () => {
  it("sends in the order made, each key with its own body, and empties once booked", async () => {
    const store = memory();
    await enqueue(store, "k1", { n: 1 });
    await enqueue(store, "k2", { n: 2 });
    await enqueue(store, "k3", { n: 3 });
    const sent: [string, unknown][] = [];
    const booked = await flush(store, async (key, body) => {
      sent.push([key, body]);
      return { status: 201, body: {} };
    });
    expect(booked).toBe(3);
    expect(sent).toEqual([
      ["k1", { n: 1 }],
      ["k2", { n: 2 }],
      ["k3", { n: 3 }],
    ]);
    expect(store.rows.size).toBe(0);
  });

  it("stops at the first sale that cannot reach the server and keeps it and the rest, key and body unchanged", async () => {
    const store = memory();
    await enqueue(store, "k1", { n: 1 });
    await enqueue(store, "k2", { n: 2 });
    await enqueue(store, "k3", { n: 3 });
    const calls: string[] = [];
    const booked = await flush(store, async (key) => {
      calls.push(key);
      if (key === "k2") throw new TypeError("Failed to fetch");
      return { status: 201, body: {} };
    });
    expect(booked).toBe(1);
    expect(calls).toEqual(["k1", "k2"]);
    const left = await store.all();
    expect(left.map((s) => [s.key, s.state, s.attempts, s.body])).toEqual([
      ["k2", "pending", 1, { n: 2 }],
      ["k3", "pending", 0, { n: 3 }],
    ]);
    // A 503 from a restarting server stops the run too.
    expect(await flush(store, async () => ({ status: 503, body: {} }))).toBe(0);
    expect((await store.all()).map((s) => s.attempts)).toEqual([2, 0]);
  });

  it("a 202 is kept for review with its reason, a 422 kept as refused: nothing is dropped, the rest goes on", async () => {
    const store = memory();
    await enqueue(store, "k1", { n: 1 });
    await enqueue(store, "k2", { n: 2 });
    await enqueue(store, "k3", { n: 3 });
    const answers: Record<string, SendAnswer> = {
      k1: { status: 202, body: { message: "Sent to a manager for review.", data: { reason: "stock" } } },
      k2: { status: 422, body: { message: "The payments do not cover the total." } },
      k3: { status: 201, body: {} },
    };
    const events: string[] = [];
    await flush(
      store,
      async (key) => answers[key] as SendAnswer,
      (e) => events.push(`${e.kind}:${e.sale.key}`),
    );
    expect(events).toEqual(["review:k1", "refused:k2", "booked:k3"]);
    const left = await store.all();
    expect(left.map((s) => [s.key, s.state, s.message, s.reason])).toEqual([
      ["k1", "review", "Sent to a manager for review.", "stock"],
      ["k2", "refused", "The payments do not cover the total.", undefined],
    ]);
    // Reviewed and refused sales are not sent again.
    let again = 0;
    await flush(store, async () => {
      again++;
      return { status: 201, body: {} };
    });
    expect(again).toBe(0);
  });

  it("numbers sales after the last one kept, so the order survives a reload", async () => {
    const store = memory();
    await enqueue(store, "a", {});
    await enqueue(store, "b", {});
    await store.remove("a");
    const c = await enqueue(store, "c", {});
    expect(c.seq).toBe(3);
  });
});
