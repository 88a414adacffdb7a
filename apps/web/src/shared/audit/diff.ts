/**
 * What changed between a record's two snapshots in the audit log: its own fields, and the rows of
 * its child lists (a document's lines) matched by their id, so that a line edited reads as one
 * change, not as one line removed and another added.
 */

export type Snapshot = Record<string, unknown>;

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface RowChange {
  id: string;
  kind: "added" | "removed" | "changed";
  before: Snapshot | null;
  after: Snapshot | null;
  /** The fields that differ (every field of a row added or removed). */
  fields: FieldChange[];
}

export interface ChildChanges {
  /** The list's field, e.g. `lines`. */
  key: string;
  rows: RowChange[];
}

export interface RecordDiff {
  fields: FieldChange[];
  children: ChildChanges[];
}

/** Fields every save moves, which say nothing of what the user changed. */
const IGNORED = new Set(["updated_at"]);

const isObject = (v: unknown): v is Snapshot => typeof v === "object" && v !== null && !Array.isArray(v);

export const asSnapshot = (v: unknown): Snapshot | null => (isObject(v) ? v : null);

/** The same value, whatever the order of an object's keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue(a[k], b[k]));
  }
  return false;
}

/** The key that names each row of a list of records: `line_id`, `id`, or an `*_id` unique in both. */
export function rowIdKey(...lists: unknown[][]): string | undefined {
  const rows = lists.flat();
  if (!rows.length || !rows.every(isObject)) return undefined;
  const keys = new Set(rows.flatMap((r) => Object.keys(r as Snapshot)));
  const candidates = [...["line_id", "id"].filter((k) => keys.has(k)), ...[...keys].filter((k) => k.endsWith("_id") && k !== "line_id")];
  return candidates.find((k) =>
    lists.every((list) => {
      const ids = list.map((r) => (r as Snapshot)[k]);
      return ids.every((v) => typeof v === "string" || typeof v === "number") && new Set(ids.map(String)).size === ids.length;
    }),
  );
}

function fieldChanges(before: Snapshot | null, after: Snapshot | null, skip: Set<string> = new Set()): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((k) => !IGNORED.has(k) && !skip.has(k) && !sameValue(before?.[k], after?.[k]))
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }));
}

function rowChanges(before: unknown[], after: unknown[], idKey: string): RowChange[] {
  const byId = (list: unknown[]) => new Map(list.map((r) => [String((r as Snapshot)[idKey]), r as Snapshot]));
  const old = byId(before);
  const now = byId(after);
  const out: RowChange[] = [];
  for (const [id, row] of old) {
    const next = now.get(id);
    if (!next) out.push({ id, kind: "removed", before: row, after: null, fields: fieldChanges(row, null) });
    else {
      const fields = fieldChanges(row, next);
      if (fields.length) out.push({ id, kind: "changed", before: row, after: next, fields });
    }
  }
  for (const [id, row] of now) if (!old.has(id)) out.push({ id, kind: "added", before: null, after: row, fields: fieldChanges(null, row) });
  return out;
}

/** The changes from `before` to `after` (either may be null: a record created, or deleted). */
export function diffRecords(beforeValue: unknown, afterValue: unknown): RecordDiff {
  const before = asSnapshot(beforeValue);
  const after = asSnapshot(afterValue);
  const children: ChildChanges[] = [];
  const childKeys = new Set<string>();
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const a = before?.[key] ?? [];
    const b = after?.[key] ?? [];
    if (!Array.isArray(a) || !Array.isArray(b) || (!a.length && !b.length)) continue;
    const idKey = rowIdKey(a, b);
    if (!idKey) continue;
    childKeys.add(key);
    const rows = rowChanges(a, b, idKey);
    if (rows.length) children.push({ key, rows });
  }
  return { fields: fieldChanges(before, after, childKeys), children };
}

/** The record's own fields in the order they are shown side by side (child lists apart). */
export function shownFields(beforeValue: unknown, afterValue: unknown): string[] {
  const before = asSnapshot(beforeValue);
  const after = asSnapshot(afterValue);
  return [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((k) => {
    const a = before?.[k];
    const b = after?.[k];
    return !(Array.isArray(a) && rowIdKey(a, Array.isArray(b) ? b : [])) && !(Array.isArray(b) && rowIdKey(Array.isArray(a) ? a : [], b));
  });
}

/** A value as one line of text: empty for none, JSON for what is no scalar. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "string") return v;
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v);
}
