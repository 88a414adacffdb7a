import { describe, expect, it } from "vitest";
import { attemptFor } from "./placement";

describe("the Idempotency-Key of a placement", () => {
  it("is made once per attempt and sent again on a retry of the same order; a changed order is a new attempt", () => {
    let n = 0;
    const newKey = () => `key-${++n}`;
    const order = { lines: [{ item_id: 1, unit_id: 2, quantity: "3" }], address_id: "7", note: null };
    const first = attemptFor(null, order, newKey);
    expect(first.key).toBe("key-1");
    // A retry (the answer lost, a timeout): the same key, so the server answers the first order.
    const retry = attemptFor(first, { ...order, lines: [{ item_id: 1, unit_id: 2, quantity: "3" }] }, newKey);
    expect(retry).toBe(first);
    expect(attemptFor(retry, order, newKey).key).toBe("key-1");
    // Another quantity or address is another order: a new key.
    const changed = attemptFor(first, { ...order, address_id: "8" }, newKey);
    expect(changed.key).toBe("key-2");
    // After a placed order the attempt ends (null): the next placement gets a new key.
    expect(attemptFor(null, order, newKey).key).toBe("key-3");
  });

  it("makes distinct random keys by default", () => {
    const a = attemptFor(null, { x: 1 });
    const b = attemptFor(null, { x: 1 });
    expect(a.key).not.toBe(b.key);
    expect(a.key).toMatch(/^[0-9a-f-]{36}$/);
  });
});
