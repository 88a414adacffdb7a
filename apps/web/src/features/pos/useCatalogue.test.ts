import type { PosItem } from "@app/contracts";
import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildIndex, type CatalogueIndex } from "./catalogue";

/** The stored catalogue and the server's sync, in the test's hands. */
const store = vi.hoisted(() => ({
  stored: [] as PosItem[],
  server: [] as PosItem[],
  gate: null as Promise<void> | null,
  syncs: 0,
  /** Loads that fail before one succeeds (the browser's storage refusing). */
  failedLoads: 0,
}));

vi.mock("./catalogue", async (original) => {
  const real = await original<typeof import("./catalogue")>();
  return {
    ...real,
    loadIndex: async (): Promise<CatalogueIndex> => {
      if (store.failedLoads > 0) {
        store.failedLoads--;
        throw new Error("storage refused");
      }
      return real.buildIndex(store.stored);
    },
    syncCatalogue: async () => {
      store.syncs++;
      if (store.gate) await store.gate;
      const changed = store.server.length !== store.stored.length;
      store.stored = [...store.server];
      return changed;
    },
  };
});

const { useCatalogue } = await import("./useCatalogue");

const item = (id: number, barcode: string): PosItem => ({
  item_id: id,
  item_name: `Item ${id}`,
  item_code: null,
  search_name: `item ${id}`,
  category_ids: [],
  brand_id: null,
  tax_percent: null,
  sale_price_editable: false,
  barcodes: [],
  units: [
    {
      item_unit_id: id,
      unit_id: 1,
      unit_name: "Piece",
      quantity: "1",
      price: "1000",
      is_base: true,
      is_default: true,
      barcodes: [barcode],
    },
  ],
});

let online = true;
beforeEach(() => {
  store.stored = [];
  store.server = [];
  store.gate = null;
  store.syncs = 0;
  store.failedLoads = 0;
  online = true;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
});
afterEach(() => vi.restoreAllMocks());

describe("the till's catalogue", () => {
  it("on a till's first visit, scans made before the first sync wait for it and are answered in order", async () => {
    store.server = [item(1, "111"), item(2, "222")];
    let open = () => {};
    store.gate = new Promise<void>((r) => {
      open = r;
    });
    const { result } = renderHook(() => useCatalogue(60_000));
    const first = result.current.lookup("222");
    const second = result.current.lookup("111");
    const order: number[] = [];
    void first.then((h) => order.push(h?.item.item_id ?? 0));
    void second.then((h) => order.push(h?.item.item_id ?? 0));
    await act(async () => {
      await Promise.resolve();
    });
    expect(order).toEqual([]);
    await act(async () => {
      open();
      await Promise.all([first, second]);
    });
    expect(order).toEqual([2, 1]);
    expect(buildIndex(store.stored).items.size).toBe(2);
  });

  it("a code the stored catalogue does not know is looked for again after a sync, online only", async () => {
    store.stored = [item(1, "111")];
    store.server = [item(1, "111")];
    const { result } = renderHook(() => useCatalogue(60_000));
    await act(async () => {
      expect((await result.current.lookup("111"))?.item.item_id).toBe(1);
    });
    // An item added on the server since: found after the sync the miss starts.
    store.server = [item(1, "111"), item(3, "333")];
    await act(async () => {
      expect((await result.current.lookup("333"))?.item.item_id).toBe(3);
    });
    expect(result.current.index?.items.size).toBe(2);
    // Offline, a miss answers at once, without a sync.
    online = false;
    const before = store.syncs;
    await act(async () => {
      expect(await result.current.lookup("999")).toBeNull();
    });
    expect(store.syncs).toBe(before);
  });

  it("a stored catalogue that cannot be read does not hold the scans: they are answered after the first sync", async () => {
    store.server = [item(1, "111")];
    store.failedLoads = 1;
    const { result } = renderHook(() => useCatalogue(60_000));
    await act(async () => {
      expect((await result.current.lookup("111"))?.item.item_id).toBe(1);
    });
  });
});
