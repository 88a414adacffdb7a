import type { PosCustomer, PosItem, PosProfile, PosPromotion } from "@app/contracts";
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { QueuedSale } from "./queue";

/** A bill put aside with a note, kept in the browser until resumed (survives a reload). */
export interface HeldBill {
  id: string;
  note: string;
  held_at: string;
  customer_id: number | null;
  lines: BillLineState[];
}

/** One line of the bill as the cashier built it; prices are computed, never stored here. */
export interface BillLineState {
  /** Stable while the bill is edited (two lines may hold the same item and unit). */
  id: string;
  item_id: number;
  item_unit_id: number;
  quantity: string;
  discount: { type: "amount" | "percent"; value: string } | null;
  /** Only for items whose sale price may be edited. */
  unit_price?: string | null;
}

export interface CatalogueMeta {
  at: string | null;
  promotions: PosPromotion[];
  profiles: PosProfile[];
  customers: PosCustomer[];
}

interface PosSchema extends DBSchema {
  items: { key: number; value: PosItem };
  meta: { key: string; value: CatalogueMeta };
  holds: { key: string; value: HeldBill };
  queue: { key: string; value: QueuedSale; indexes: { by_seq: number } };
}

/** Where the till keeps what must outlive a reload or a browser restart (IndexedDB, through `idb`). */
export const POS_DB_NAME = "souq-pos";
let dbPromise: Promise<IDBPDatabase<PosSchema>> | null = null;

export function posDb(): Promise<IDBPDatabase<PosSchema>> {
  dbPromise ??= openDB<PosSchema>(POS_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore("items", { keyPath: "item_id" });
      db.createObjectStore("meta");
      db.createObjectStore("holds", { keyPath: "id" });
      db.createObjectStore("queue", { keyPath: "key" }).createIndex("by_seq", "seq");
    },
  });
  return dbPromise;
}

export const holdsStore = {
  async all(): Promise<HeldBill[]> {
    return (await (await posDb()).getAll("holds")).sort((a, b) => a.held_at.localeCompare(b.held_at));
  },
  async put(h: HeldBill) {
    await (await posDb()).put("holds", h);
  },
  async remove(id: string) {
    await (await posDb()).delete("holds", id);
  },
};

/** The offline queue's storage, in the order the sales were made. */
export const queueStore = {
  async all(): Promise<QueuedSale[]> {
    return (await posDb()).getAllFromIndex("queue", "by_seq");
  },
  async put(s: QueuedSale) {
    await (await posDb()).put("queue", s);
  },
  async remove(key: string) {
    await (await posDb()).delete("queue", key);
  },
};
