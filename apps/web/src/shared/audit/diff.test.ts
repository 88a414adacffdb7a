import { describe, expect, it } from "vitest";
import { diffRecords, rowIdKey, sameValue, shownFields, valueText } from "./diff";

describe("the audit diff", () => {
  const before = {
    id: 7,
    note: "first",
    status: "draft",
    updated_at: "2026-11-21T10:00:00Z",
    customer: { id: 1, name: "A" },
    lines: [
      { line_id: 1, item_fk: 3, quantity: "3" },
      { line_id: 2, item_fk: 4, quantity: "20" },
    ],
  };
  const after = {
    id: 7,
    note: "second",
    status: "draft",
    updated_at: "2026-11-21T11:00:00Z",
    customer: { name: "A", id: 1 },
    lines: [
      { line_id: 1, item_fk: 3, quantity: "2" },
      { line_id: 5, item_fk: 6, quantity: "1" },
    ],
  };

  it("names the fields changed, not those every save moves nor objects whose keys only moved", () => {
    const d = diffRecords(before, after);
    expect(d.fields).toEqual([{ field: "note", before: "first", after: "second" }]);
  });

  it("matches lines by their id: one edited, one removed, one added", () => {
    const [lines] = diffRecords(before, after).children;
    expect(lines?.key).toBe("lines");
    expect(lines?.rows.map((r) => [r.id, r.kind])).toEqual([
      ["1", "changed"],
      ["2", "removed"],
      ["5", "added"],
    ]);
    expect(lines?.rows[0]?.fields).toEqual([{ field: "quantity", before: "3", after: "2" }]);
    expect(lines?.rows[2]?.fields.map((f) => f.field)).toEqual(["line_id", "item_fk", "quantity"]);
  });

  it("reads a record created or deleted as every field added or removed", () => {
    const created = diffRecords(null, { id: 1, note: "x", lines: [{ line_id: 1, quantity: "1" }] });
    expect(created.fields).toEqual([
      { field: "id", before: null, after: 1 },
      { field: "note", before: null, after: "x" },
    ]);
    expect(created.children[0]?.rows[0]?.kind).toBe("added");
    const removed = diffRecords({ id: 1 }, null);
    expect(removed.fields).toEqual([{ field: "id", before: 1, after: null }]);
    expect(diffRecords(null, null)).toEqual({ fields: [], children: [] });
  });

  it("finds a row id, or none when rows have no unique one", () => {
    expect(rowIdKey([{ line_id: 1 }], [{ line_id: 2 }])).toBe("line_id");
    expect(rowIdKey([{ unit_id: 1, x: 1 }, { unit_id: 2 }])).toBe("unit_id");
    expect(rowIdKey([{ unit_id: 1 }, { unit_id: 1 }])).toBeUndefined();
    expect(rowIdKey(["a", "b"])).toBeUndefined();
    // A list of plain values is a field of its own, compared whole.
    expect(diffRecords({ tags: ["a"] }, { tags: ["a", "b"] }).fields).toEqual([{ field: "tags", before: ["a"], after: ["a", "b"] }]);
  });

  it("shows the own fields apart from the child lists, and values as text", () => {
    expect(shownFields(before, after)).toEqual(["id", "note", "status", "updated_at", "customer"]);
    expect(sameValue(null, undefined)).toBe(true);
    expect(valueText(null)).toBe("");
    expect(valueText(2)).toBe("2");
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});
