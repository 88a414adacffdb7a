import { normalizeDigits, normalizeSearch, type PosCatalogue, type PosItem, type PosUnit } from "@app/contracts";
import { api } from "../../shared/api/client";
import { type CatalogueMeta, posDb } from "./posDb";

/** The catalogue in memory: items by id, every barcode to its item and unit, for a scan in microseconds. */
export interface CatalogueIndex {
  items: Map<number, PosItem>;
  barcodes: Map<string, { item: PosItem; unit: PosUnit }>;
  /** Items in name order, for the search. */
  list: PosItem[];
  meta: CatalogueMeta;
}

const EMPTY_META: CatalogueMeta = { at: null, promotions: [], profiles: [], customers: [] };

const defaultUnit = (item: PosItem): PosUnit | undefined =>
  item.units.find((u) => u.is_default) ?? item.units.find((u) => u.is_base) ?? item.units[0];

export function buildIndex(items: Iterable<PosItem>, meta: CatalogueMeta = EMPTY_META): CatalogueIndex {
  const byId = new Map<number, PosItem>();
  const barcodes = new Map<string, { item: PosItem; unit: PosUnit }>();
  for (const item of items) {
    byId.set(item.item_id, item);
    const unit = defaultUnit(item);
    if (unit) for (const b of item.barcodes) barcodes.set(b, { item, unit });
    for (const u of item.units) for (const b of u.barcodes) barcodes.set(b, { item, unit: u });
  }
  const list = [...byId.values()].sort((a, b) => a.search_name.localeCompare(b.search_name));
  return { items: byId, barcodes, list, meta };
}

/** A scanned or typed code: its item and the unit the code names (the default unit for an item's own code). */
export function findBarcode(index: CatalogueIndex, code: string) {
  return index.barcodes.get(normalizeDigits(code.trim())) ?? null;
}

/**
 * Items whose folded name holds every typed word (letters folded as every search folds them, so
 * ه/ە, ي/ی, ك/ک and Arabic-Indic digits find each other), or whose code starts with the term.
 */
export function searchItems(index: CatalogueIndex, term: string, limit = 30): PosItem[] {
  const words = normalizeSearch(term.trim()).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const code = normalizeDigits(term.trim()).toLowerCase();
  const out: PosItem[] = [];
  for (const item of index.list) {
    if (words.every((w) => item.search_name.includes(w)) || item.item_code?.toLowerCase().startsWith(code)) {
      out.push(item);
      if (out.length >= limit) break;
    }
  }
  return out;
}

export async function loadIndex(): Promise<CatalogueIndex> {
  const db = await posDb();
  const [items, meta] = await Promise.all([db.getAll("items"), db.get("meta", "catalogue")]);
  return buildIndex(items, meta ?? EMPTY_META);
}

/**
 * Brings the stored catalogue up to date: everything the first time, then what changed since the
 * last sync point. Pages are written as they arrive; the sync point is saved only once every page
 * is in, so an interrupted sync starts again from the previous point. Answers whether anything changed.
 */
export async function syncCatalogue(fetchPage: (q: Record<string, string>) => Promise<PosCatalogue> = defaultFetch): Promise<boolean> {
  const db = await posDb();
  const meta = (await db.get("meta", "catalogue")) ?? EMPTY_META;
  const since = meta.at ?? undefined;
  let after: number | null = null;
  let first: PosCatalogue | null = null;
  let changed = false;
  do {
    const q: Record<string, string> = {};
    if (since) q.since = since;
    if (after !== null) q.after = String(after);
    const page = await fetchPage(q);
    const tx = db.transaction("items", "readwrite");
    if (!first) {
      first = page;
      if (page.full) await tx.store.clear();
      for (const id of page.removed_item_ids) await tx.store.delete(id);
    }
    for (const item of page.items) await tx.store.put(item);
    await tx.done;
    changed ||= page.full || page.items.length > 0 || page.removed_item_ids.length > 0;
    after = page.next;
  } while (after !== null);
  const f = first as PosCatalogue;
  const gone = new Set(f.removed_customer_ids);
  const customers = f.full
    ? (f.customers ?? [])
    : [...new Map([...meta.customers, ...(f.customers ?? [])].map((c) => [c.consumer_id, c])).values()].filter(
        (c) => !gone.has(c.consumer_id),
      );
  changed ||= (f.customers?.length ?? 0) > 0 || gone.size > 0 || JSON.stringify(f.promotions) !== JSON.stringify(meta.promotions);
  await db.put("meta", { at: f.at, promotions: f.promotions ?? [], profiles: f.profiles ?? [], customers }, "catalogue");
  return changed;
}

const defaultFetch = (q: Record<string, string>) => api<PosCatalogue>("pos/catalogue", { query: q });
