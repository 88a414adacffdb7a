import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { EXACT_COUNT_LIMIT } from "./list.js";

// More items than are counted exactly: "Bulk 1" .. "Bulk 1500", each with a barcode and a code (BULK-00001 ..).
const ITEMS = 1500;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into items (item_name, item_code) select 'Bulk ' || g, 'BULK-' || lpad(g::text, 5, '0') from generate_series(1, ${ITEMS}) g`,
    );
    await tx.execute(sql`insert into item_units (item_fk, unit_fk, quantity, price, is_base, is_default)
      select item_id, (select unit_id from units where unit_name = 'Piece'), 1, 100, true, true from items where item_code like 'BULK-%'`);
    await tx.execute(sql`insert into item_barcodes (barcode, item_fk, item_unit_fk)
      select '77' || lpad(u.item_fk::text, 11, '0'), u.item_fk, u.item_unit_id
        from item_units u join items i on i.item_id = u.item_fk where i.item_code like 'BULK-%'`);
  });
  await t.database.db.execute(sql`analyze items`);
});
afterAll(() => t.close());

type Env = { data: { item_id: number; item_name: string }[]; total: number; total_estimated: boolean; last_page: number };
const list = async (q: string): Promise<Env> => {
  const res = await t.api("GET", `/api/items?${q}`);
  expect(res.status, q).toBe(200);
  return res.body.data;
};

describe("list totals", () => {
  it(`count exactly up to ${EXACT_COUNT_LIMIT} rows, and past it show an estimate flagged as one`, async () => {
    expect(ITEMS).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const all = await list("per_page=10");
    expect(all.total_estimated).toBe(true);
    expect(all.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // The planner's estimate after analyze is close to the real number.
    expect(Math.abs(all.total - ITEMS)).toBeLessThan(ITEMS / 10);
    expect(all.last_page).toBe(Math.ceil(all.total / 10));

    const few = await list("per_page=10&search=Bulk%2014");
    expect(few.total_estimated).toBe(false);
    expect(few.total).toBe(Array.from({ length: ITEMS }, (_, i) => String(i + 1)).filter((n) => n.includes("14")).length);
  });

  it("give the exact total on the last, short page, whatever the estimate said", async () => {
    const last = await list("per_page=100&page=15&sortColumn=item_id&sortDir=asc&filter[item_code]=BULK-01499");
    expect(last.data).toHaveLength(0);
    expect(last.total).toBe(1);
    const bulk = (await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from items`)).rows[0]!.n;
    expect(bulk % 7).not.toBe(0);
    const tail = await list(`per_page=7&page=${Math.ceil(bulk / 7)}&sortColumn=item_id&sortDir=asc`);
    expect(tail.total_estimated).toBe(false);
    expect(tail.total).toBe(bulk);
  });

  it("turn the pages of a large list with the page's query alone, the estimate kept from the first page", async () => {
    const execute = vi.spyOn(t.database.db, "execute");
    try {
      const first = await list("per_page=10&search=Bulk");
      // The page, the count up to the limit, and the planner's estimate; the hidden columns come with the user.
      expect(execute).toHaveBeenCalledTimes(3);
      expect(first.total_estimated).toBe(true);
      execute.mockClear();
      const second = await list("per_page=10&page=2&search=Bulk");
      expect(execute).toHaveBeenCalledTimes(1);
      expect(second).toMatchObject({ total: first.total, total_estimated: true });
      expect(second.data).toHaveLength(10);
      expect(second.data.filter((r) => first.data.some((f) => f.item_id === r.item_id))).toEqual([]);
      // A list counted exactly is counted every time.
      execute.mockClear();
      await list("per_page=10&search=Bulk%2014");
      await list("per_page=10&page=2&search=Bulk%2014");
      expect(execute).toHaveBeenCalledTimes(6);
    } finally {
      execute.mockRestore();
    }
  });

  it("forget a kept estimate when this process answers a write", async () => {
    await list("per_page=10&search=Bulk");
    const execute = vi.spyOn(t.database.db, "execute");
    try {
      await list("per_page=10&page=2&search=Bulk");
      expect(execute).toHaveBeenCalledTimes(1);
      const role = await t.api("POST", "/api/roles", { body: { role_name: "Estimate reader", permissions: ["items/index"] } });
      expect(role.status).toBe(201);
      execute.mockClear();
      // The page, the count and the planner's estimate again, as on a first page.
      await list("per_page=10&page=2&search=Bulk");
      expect(execute).toHaveBeenCalledTimes(3);
    } finally {
      execute.mockRestore();
    }
  });

  it("never fall below the rows already seen when the estimate is low", async () => {
    const deep = await list("per_page=100&page=14&sortColumn=item_id&sortDir=asc");
    expect(deep.data).toHaveLength(100);
    expect(deep.total).toBeGreaterThan(14 * 100);
  });
});

describe("list order", () => {
  it("sorts by name without a nulls clause, case-insensitively, both ways", async () => {
    const asc = await list("per_page=3&search=Bulk%20100&sortColumn=item_name&sortDir=asc");
    expect(asc.data.map((r) => r.item_name)).toEqual(["Bulk 100", "Bulk 1000", "Bulk 1001"]);
    const desc = await list("per_page=3&search=Bulk%20100&sortColumn=item_name&sortDir=desc");
    expect(desc.data.map((r) => r.item_name)).toEqual(["Bulk 1100", "Bulk 1009", "Bulk 1008"]);
  });

  it("walks the primary key backwards for the newest-first default page", async () => {
    const plan = await t.database.db.execute<{ "QUERY PLAN": string }>(
      sql`explain select i.item_id from items i order by i.item_id desc limit 20`,
    );
    expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/Index (Only )?Scan Backward/);
    const first = await list("per_page=5");
    const ids = first.data.map((r) => r.item_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const max = (await t.database.db.execute<{ n: number }>(sql`select max(item_id)::int n from items`)).rows[0]!.n;
    expect(ids[0]).toBe(max);
  });
});

describe("exact search", () => {
  it("answers a barcode or a code with that item alone, on both item lists", async () => {
    const byBarcode = await list(`search=77${"123".padStart(11, "0")}`);
    expect(byBarcode.data.map((r) => r.item_name)).toEqual(["Bulk 123"]);
    expect(byBarcode).toMatchObject({ total: 1, total_estimated: false });
    // Other codes start with this one, and names hold its digits.
    const byCode = await list("search=BULK-00012");
    expect(byCode.data.map((r) => r.item_name)).toEqual(["Bulk 12"]);
    const picker = await t.api("GET", `/api/items/list?search=77${"1234".padStart(11, "0")}`);
    expect(picker.body.message.map((r: { item_name: string }) => r.item_name)).toEqual(["Bulk 1234"]);
    expect(picker.body.has_more).toBe(false);
  });

  it("falls back to the name search when the term names no item exactly", async () => {
    const words = await list("search=Bulk%201499&sortColumn=item_name&sortDir=asc");
    expect(words.data.map((r) => r.item_name)).toEqual(["Bulk 1499"]);
    const part = await t.api("GET", "/api/items/list?search=ulk%20149&per_page=20");
    const expected = Array.from({ length: ITEMS }, (_, i) => `Bulk ${i + 1}`)
      .filter((n) => n.includes("149"))
      .sort();
    expect(part.body.message.map((r: { item_name: string }) => r.item_name)).toEqual(expected);
  });

  it("give the true total on a page past the last of a large list, not the rows before the page", async () => {
    const bulk = (await t.database.db.execute<{ n: number }>(sql`select count(*)::int n from items`)).rows[0]!.n;
    expect(bulk).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // Page 5,000 of 20: 99,980 rows would come before it.
    const past = await list("per_page=20&page=5000");
    expect(past.data).toEqual([]);
    expect(past).toMatchObject({ total: bulk, total_estimated: false, last_page: Math.ceil(bulk / 20) });
    // Searched too, after the first page kept an estimate.
    await list("per_page=10&search=Bulk");
    const searched = await list("per_page=10&page=900&search=Bulk");
    expect(searched).toMatchObject({ data: [], total: ITEMS, total_estimated: false });
  });
});
