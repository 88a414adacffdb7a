import { normalizeSearch, SEARCH_DROP, SEARCH_FOLD_FROM } from "@app/contracts";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { fold } from "../db/fold.js";
import { consumersList } from "../modules/parties/consumers.js";
import { foldedSearch } from "./search.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const names = (res: { body: { data: { data: { consumer_name: string }[] } } }) => res.body.data.data.map((r) => r.consumer_name).sort();
const search = async (kind: "customers" | "suppliers", term: string) => {
  const res = await t.api("GET", `/api/${kind}?per_page=100&search=${encodeURIComponent(term)}`);
  expect(res.status).toBe(200);
  return names(res);
};

describe("search folding on the database", () => {
  it("the SQL folding is normalizeSearch, character for character", async () => {
    const letters = [...`${SEARCH_FOLD_FROM}${SEARCH_DROP}abc xyz-ابت٩`];
    const samples = fc.sample(fc.array(fc.constantFrom(...letters), { maxLength: 24 }), 200).map((a) => a.join(""));
    for (const s of samples) {
      const res = await t.database.db.execute<{ f: string }>(sql`select ${fold(sql`${s}::text`)} as f`);
      expect(res.rows[0]!.f).toBe(normalizeSearch(s));
    }
  });

  // Stored one way, typed the other, and the reverse: each pair in both directions.
  const PAIRS: [string, string][] = [
    ["أحمد كريم", "احمد"],
    ["إبراهيم خليل", "ابراهيم"],
    ["فاطمة حسن", "فاطمه"],
    ["منداڵان", "مندالان"],
    ["شیرەی کۆکە", "شيره كوكه"],
  ];

  it.each(PAIRS)("a customer named %s is found by %s", async (stored, typed) => {
    await t.api("POST", "/api/customers", { body: { consumer_name: stored } });
    expect(await search("customers", typed)).toContain(stored);
  });

  const REVERSED: [string, string][] = [
    ["احمد كريم", "أحمد"],
    ["ابراهيم خليل", "إبراهيم"],
    ["فاطمه حسن", "فاطمة"],
    ["مندالان", "منداڵان"],
    ["شيره كوكه", "شیرە کۆکە"],
  ];

  it.each(REVERSED)("a supplier named %s is found by %s (the other way)", async (stored, typed) => {
    await t.api("POST", "/api/suppliers", { body: { consumer_name: stored } });
    expect(await search("suppliers", typed)).toContain(stored);
  });

  it("one- and two-letter terms match the start of a word", async () => {
    for (const n of ["سيروان", "Cedric Haddad", "Ali Mac", "كاوە سيد"])
      await t.api("POST", "/api/customers", { body: { consumer_name: n } });
    expect(await search("customers", "سي")).toEqual(["سيروان", "كاوە سيد"].sort());
    expect(await search("customers", "سی")).toEqual(["سيروان", "كاوە سيد"].sort());
    // The seeded walk-in customer has a word starting with C too; "Ali Mac" has none.
    expect(await search("customers", "C")).toEqual(["Cedric Haddad", "Walk-in Customer"]);
    expect(await search("customers", "c")).toEqual(["Cedric Haddad", "Walk-in Customer"]);
    expect(await search("customers", "ma")).toEqual(["Ali Mac"]);
  });

  it("a mobile typed in any digits and form is stored once and found by every form", async () => {
    const add = await t.api("POST", "/api/customers", { body: { consumer_name: "Hawre", mobile: "٠٧٨٠ ١١١ ٢٢٣٣" } });
    expect(add.status).toBe(201);
    const show = await t.api("GET", `/api/customers/${add.body.data.consumer_id ?? add.body.data.id}`);
    expect(show.body.data.mobile).toBe("+9647801112233");
    for (const term of ["0780111", "٠٧٨٠١١١", "+964780111", "009647801112233", "7801112233", "2233"]) {
      expect(await search("customers", term)).toContain("Hawre");
    }
    const bad = await t.api("POST", "/api/customers", { body: { consumer_name: "Bad mobile", mobile: "abc123" } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.mobile[0]).toMatch(/^The mobile must be a valid mobile number/);
  });

  it("an item is found by its scientific name, folded too", async () => {
    const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
    const piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
    const add = await t.api("POST", "/api/items", {
      body: {
        item_name: "Panadol Extra",
        scientific_name: "Acetaminophen",
        item_units: [{ unit_fk: piece, quantity: "1", price: "250", is_base: true }],
      },
    });
    expect(add.status).toBe(201);
    for (const term of ["acetamin", "ACETAMINOPHEN", "ac"]) {
      const list = await t.api("GET", `/api/items?search=${term}`);
      expect(list.body.data.data.map((r: { item_name: string }) => r.item_name)).toContain("Panadol Extra");
      const dropdown = await t.api("GET", `/api/items/list?search=${term}`);
      expect(dropdown.body.message.map((r: { item_name: string }) => r.item_name)).toContain("Panadol Extra");
    }
  });

  it("the customers' search is answered from the trigram index over the folded columns", async () => {
    const model = consumersList("customer");
    const cols = Object.values(model.columns)
      .filter((c) => c.search)
      .map((c) => sql`(${c.expr})::text`);
    const plan = async (term: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const res = await tx.execute<{ "QUERY PLAN": string }>(
          sql`explain select c.consumer_id ${model.from} where ${foldedSearch(cols, term)}`,
        );
        return res.rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
    expect(await plan("احمد")).toContain("Bitmap Index Scan on consumers_search_trgm_idx");
    expect(await plan("سي")).toContain("Bitmap Index Scan on consumers_search_trgm_idx");
    expect(await plan("0780111")).toContain("Bitmap Index Scan on consumers_search_trgm_idx");
  });
});
