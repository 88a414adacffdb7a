import { normalizeSearch, SEARCH_DROP, SEARCH_FOLD_FROM } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { fold } from "../db/fold.js";
import { consumersList } from "../modules/parties/consumers.js";
import { parseListQuery } from "./list.js";
import { foldedSearch, gramTextSearch } from "./search.js";

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

  it("the customers' search is answered from the grams index over the stored search text", async () => {
    const model = consumersList("customer");
    const plan = async (term: string) =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        // What the list adds to its scope and filters for a model with stored search grams.
        const res = await tx.execute<{ "QUERY PLAN": string }>(
          sql`explain select c.consumer_id ${model.from} where ${gramTextSearch(model.searchText!, model.searchGrams!, term)}`,
        );
        return res.rows.map((r) => r["QUERY PLAN"]).join("\n");
      });
    for (const term of ["احمد", "سي", "س", "شيره كوكه", "C", "0780111", "+9647801112233", "٠٧٨٠ ١١١ ٢٢٣٣"]) {
      const p = await plan(term);
      expect(p, term).toContain("Bitmap Index Scan on consumers_search_grams_idx");
      // The stored text is read, not each column folded again, and a row found is checked by
      // its likes, never by making its grams again.
      expect(p, term).not.toContain("translate(");
      for (const line of p.split("\n").filter((l) => /Filter:/.test(l))) expect(line, term).not.toContain("search_grams_of");
    }
  });

  it("the grams are the search text's substrings that the search looks up, in any letters", async () => {
    const grams = async (text: string) =>
      (await t.database.db.execute<{ g: string[] }>(sql`select search_grams_of(${text}) as g`)).rows[0]!.g;
    const g = await grams("\u200cاحمد 42\u200cK-4\u200c+96475");
    // Three letters in a row, Arabic too, also across a space.
    expect(g).toEqual(expect.arrayContaining(["احم", "حمد", "مد ", "د 4", " 42"]));
    // A column's and a word's first letter and two.
    expect(g).toEqual(expect.arrayContaining(["\u200cا", "\u200cاح", " 4", "\u200cK", "\u200cK-"]));
    // A '+' column's starts, from four characters on, up to its end.
    expect(g).toEqual(expect.arrayContaining(["\u200c+96", "\u200c+964", "\u200c+9647", "\u200c+96475"]));
    expect(g).not.toContain("\u200c+96475\u200c");
    // '+' alone only for a '+' that starts no column.
    expect(g).not.toContain("+");
    expect(await grams("\u200ca+b")).toContain("+");
  });

  it("a mobile is found by every way it is written, and only its own", async () => {
    const add = (name: string, mobile: string) => t.api("POST", "/api/customers", { body: { consumer_name: name, mobile } });
    expect((await add("Mobile Shwan", "07501234567")).status).toBe(201);
    expect((await add("Mobile Dara", "07501234568")).status).toBe(201);
    for (const term of [
      "07501234567",
      "+9647501234567",
      "9647501234567",
      "009647501234567",
      "7501234567",
      "750 123 4567",
      "0750-123-4567",
      "(0750) 123 4567",
      "٠٧٥٠١٢٣٤٥٦٧",
      "۰۷۵۰۱۲۳۴۵۶۷",
      "+٩٦٤٧٥٠١٢٣٤٥٦٧",
    ])
      expect(await search("customers", term), term).toEqual(["Mobile Shwan"]);
    // The start of the number finds both, in every form.
    for (const term of ["0750123456", "+964750123456", "964750123456"])
      expect(await search("customers", term), term).toEqual(["Mobile Dara", "Mobile Shwan"]);
  });

  it("the start of a number finds every column holding it, at a column's start or inside", async () => {
    const add = (body: Record<string, string>) => t.api("POST", "/api/suppliers", { body });
    expect((await add({ consumer_name: "Plus Mobile", mobile: "07731234567" })).status).toBe(201);
    expect((await add({ consumer_name: "Plus Code", code: "+964773123X" })).status).toBe(201);
    expect((await add({ consumer_name: "Plus inside x+9647731234" })).status).toBe(201);
    expect((await add({ consumer_name: "Plus Other", mobile: "07741234567" })).status).toBe(201);
    for (const term of ["0773123", "+96477312", "96477312"])
      expect(await search("suppliers", term), term).toEqual(["Plus Code", "Plus Mobile", "Plus inside x+9647731234"]);
    expect(await search("suppliers", "+9647741234567")).toEqual(["Plus Other"]);
  });

  it("a short term finds a column or a word starting with it, never text across two columns", async () => {
    const add = (body: Record<string, string>) => t.api("POST", "/api/customers", { body });
    expect((await add({ consumer_name: "Zhilwan Ra", code: "QB-9" })).status).toBe(201);
    expect((await add({ consumer_name: "Rebin", code: "XQ", office_phone: "0662223344" })).status).toBe(201);
    // A code, a phone and a mobile are columns of their own: their start counts.
    expect(await search("customers", "qb")).toEqual(["Zhilwan Ra"]);
    expect(await search("customers", "q")).toEqual(["Zhilwan Ra"]);
    expect(await search("customers", "xq")).toEqual(["Rebin"]);
    expect(await search("customers", "06")).toEqual(["Rebin"]);
    // The name's end and the code's start are not one text ("raqb", "ra q").
    expect(await search("customers", "aq")).toEqual([]);
    expect(await search("customers", "raqb")).toEqual([]);
    expect(await search("customers", "rebinxq")).toEqual([]);
    // Words of a term may each be in another column.
    expect(await search("customers", "zhilwan qb-9")).toEqual(["Zhilwan Ra"]);
    // LIKE's own characters are plain letters in a term.
    expect(await search("customers", "q%")).toEqual([]);
    expect(await search("customers", "_b")).toEqual([]);
  });

  it("the stored search text finds exactly the rows the per-column folding finds", async () => {
    const pool = [..."أاإآبتثيىیكکةهەڵلڕرۆوێ abcCÉé0123٤٥-+_%"];
    const word = fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 7 }).map((a) => a.join(""));
    const names = fc.sample(word, 40);
    for (const [i, n] of names.entries()) {
      const res = await t.api("POST", "/api/suppliers", {
        body: { consumer_name: `${n} ${i}`, code: i % 3 ? `${names[(i + 1) % names.length]}${i}` : undefined },
      });
      expect(res.status).toBe(201);
    }
    const model = consumersList("supplier");
    const columns = ["consumer_name", "code", "mobile", "office_phone"].map((c) => sql`c.${sql.identifier(c)}`);
    const ctx = { tx: t.database.db, user: null, now: new Date(), ip: null };
    const ids = async (where: SQL) =>
      (
        await t.database.db.execute<{ id: number }>(
          sql`select c.consumer_id as id ${model.from} where c.kind = 'supplier' and ${where} order by 1`,
        )
      ).rows.map((r) => r.id);
    const terms = [
      ...fc.sample(word, 80),
      ...fc.sample(
        fc.tuple(word, word).map(([a, b]) => `${a} ${b}`),
        20,
      ),
      ...names.slice(0, 10),
      // Pieces of the stored names, which find at least the row they came from, so the sample
      // always holds hits as well as misses whatever the random draw.
      ...names.slice(10, 30).map((n, i) => n.slice(i % n.length, (i % n.length) + 3)),
    ];
    let found = 0;
    let lookups = 0;
    for (const term of terms) {
      const want = await ids(foldedSearch(columns, term));
      const q = parseListQuery(model, { search: term }, ctx);
      expect(await ids(q.where), JSON.stringify(term)).toEqual(want);
      // A short term's grams alone (what the footer reads by) find the same rows.
      if (q.lookup) expect(await ids(q.lookup), `${JSON.stringify(term)} by its grams`).toEqual(want);
      if ([...normalizeSearch(term.trim())].length <= 2 && normalizeSearch(term.trim())) lookups++;
      if (want.length) found++;
    }
    // The sample is not all misses, and holds short terms.
    expect(found).toBeGreaterThan(20);
    expect(lookups).toBeGreaterThan(5);
  });
});
