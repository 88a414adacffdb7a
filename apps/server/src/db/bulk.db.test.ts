import { sql } from "drizzle-orm";
import fc from "fast-check";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.js";
import { salePayments, sales } from "../modules/sales/sales.tables.js";
import { inOneGo, intArray, queryMany, quoted, readBack, textArray } from "./bulk.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`create table bulk_probe (id serial primary key, note text not null)`);
});
afterAll(() => t.close());

const notes = async () =>
  (await t.database.db.execute<{ note: string }>(sql`select note from bulk_probe order by id`)).rows.map((r) => r.note);

describe("one transaction in few round trips", () => {
  it("opens the transaction with the first statements and commits when done", async () => {
    const [a, b] = await inOneGo(t.database.db, async (tx) => {
      const [first] = await queryMany(tx, [sql`select now()::text as at, txid_current() as id`]);
      await queryMany(tx, [sql`insert into bulk_probe (note) values (${"one go"})`]);
      const [second] = await queryMany(tx, [sql`select now()::text as at, txid_current() as id`]);
      return [first![0]!, second![0]!];
    });
    // One transaction: the same transaction id and the same now() throughout.
    expect(b).toEqual(a);
    expect(await notes()).toContain("one go");
  });

  it("commits with the last statements when asked, and only once", async () => {
    await inOneGo(t.database.db, async (tx) => {
      await queryMany(tx, [sql`insert into bulk_probe (note) values (${"with the commit"})`], { commit: true });
    });
    expect(await notes()).toContain("with the commit");
  });

  it("prepares a statement that keeps coming back, and answers it as before whatever its values", async () => {
    const values = ["plain", "it's", "back\\slash", '{"json": "\\u0627"}', "عربي", ""];
    let prepared = 0;
    for (let round = 0; round < 6; round++)
      for (const v of values) {
        const rows = await inOneGo(t.database.db, async (tx) => {
          const [echo, seen] = await queryMany(tx, [
            sql`select ${v}::text as v, ${round}::int + 1 as n, length(${v}::text) as len`,
            sql`select count(*)::int as n from pg_prepared_statements where name like 'souq_%'`,
          ]);
          return { echo: echo![0]!, seen: Number(seen![0]!.n) };
        });
        expect(rows.echo).toEqual({ v, n: round + 1, len: [...v].length });
        prepared = Math.max(prepared, rows.seen);
      }
    expect(prepared).toBeGreaterThan(0);
  });

  it("rolls back everything on an error and leaves no broken connection behind", async () => {
    const before = await notes();
    await expect(
      inOneGo(t.database.db, async (tx) => {
        await queryMany(tx, [sql`insert into bulk_probe (note) values (${"never"})`]);
        await queryMany(tx, [sql`select 1 / ${0}::int as boom`], { commit: true });
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await notes()).toEqual(before);
    // The next transactions, on whichever connection, prepare again what they need.
    for (let i = 0; i < 12; i++) {
      const rows = await inOneGo(t.database.db, (tx) => queryMany(tx, [sql`select ${i}::int * 2 as twice`]));
      expect(rows[0]).toEqual([{ twice: i * 2 }]);
    }
  });

  it("sends begin first for a statement made otherwise", async () => {
    const ids = await inOneGo(t.database.db, async (tx) => {
      const first = await tx.execute<{ id: string }>(sql`select txid_current()::text as id`);
      const [again] = await queryMany(tx, [sql`select txid_current()::text as id`]);
      return [first.rows[0]!.id, String(again![0]!.id)];
    });
    expect(ids[1]).toBe(ids[0]);
  });
});

describe("a text[] literal", () => {
  it("reaches PostgreSQL as the very texts, quotes, backslashes, commas and braces included, once each", async () => {
    const texts = ['Ali "Abu Karim"', "C:\\till\\1", "a, b", "{x}", "NULL", "", "a, b"];
    const [rows] = await inOneGo(t.database.db, (tx) => queryMany(tx, [sql`select unnest(${textArray(texts)}::text[]) as x`]));
    expect(rows!.map((r) => r.x)).toEqual(['Ali "Abu Karim"', "C:\\till\\1", "a, b", "{x}", "NULL", ""]);
  });
});

describe("a text quoted into a statement", () => {
  it("reads as pg's escapeLiteral writes it, and reaches PostgreSQL as the very text", async () => {
    const texts = fc.sample(fc.string({ unit: fc.constantFrom("a", "'", "\\", '"', "\n", "ب", "$", "E", " ") }), 200);
    for (const x of ["", "'", "\\", "\\'", "O'Neil C:\\till", ...texts]) expect(quoted(x)).toBe(pg.escapeLiteral(x));
    const some = ["O'Neil", "C:\\till\\1'", '{"note":"a \\"b\\""}', "سلام 'x'", ...texts.slice(0, 20)];
    const [rows] = await inOneGo(t.database.db, (tx) =>
      queryMany(
        tx,
        some.map((x) => sql`select ${x}::text as x`),
      ).then((r) => [r.flat()]),
    );
    expect(rows!.map((r) => r.x)).toEqual(some);
  });
});

describe("an int[] parameter", () => {
  it("keeps the order and the repeats, so that two arrays unnest side by side, and refuses what is no whole number", async () => {
    const [rows] = await inOneGo(t.database.db, (tx) =>
      queryMany(tx, [sql`select a, b from unnest(${intArray([3, 1, 3])}, ${intArray(new Set([7, 8, 9]))}) as x(a, b)`]),
    );
    expect(rows!.map((r) => [r.a, r.b])).toEqual([
      [3, 7],
      [1, 8],
      [3, 9],
    ]);
    const [none] = await inOneGo(t.database.db, (tx) => queryMany(tx, [sql`select cardinality(${intArray([])}) as n`]));
    expect(none![0]!.n).toBe(0);
    expect(() => intArray([1, 2.5])).toThrow();
    expect(() => intArray([Number.NaN])).toThrow();
  });
});

describe("a row as read back", () => {
  it("gives every number at its column's scale as PostgreSQL rounds and prints it, plain defaults, and refuses what must be read", async () => {
    const values = ["0", "-0", "1", "1.0005", "-1.0005", "2.0004999", "-2.0004", "0.0005", "-0.0004", "999.9995", "12345678.1234567"];
    const [pgRows] = await inOneGo(t.database.db, (tx) =>
      queryMany(tx, [
        sql`select x::numeric(20,3)::text as amount, x::numeric(20,4)::text as rate from unnest(${`{${values.join(",")}}`}::text[]) as x`,
      ]),
    );
    const made = values.map((v) =>
      readBack(salePayments, { account_fk: 5, currency_id: 1, rate: v, amount: v }, { payment_id: 1, sale_fk: 2 }),
    );
    expect(made.map((r) => ({ amount: r.amount, rate: r.rate }))).toEqual(pgRows!.map((r) => ({ amount: r.amount, rate: r.rate })));
    // A plain default (the method's 'cash'), whole numbers as numbers, what was read as given.
    expect(made[0]).toEqual({ payment_id: 1, sale_fk: 2, account_fk: 5, method: "cash", currency_id: 1, rate: "0.0000", amount: "0.000" });
    expect(() =>
      readBack(salePayments, { rate: "7e0", amount: "1", account_fk: 1, currency_id: 1 }, { payment_id: 1, sale_fk: 1 }),
    ).toThrow();
    // A serial id, a time or an expression's default is never made up.
    expect(() => readBack(salePayments, { rate: "1", amount: "1", account_fk: 1, currency_id: 1 }, { sale_fk: 1 })).toThrow(/payment_id/);
    expect(() => readBack(sales, { number: "1" }, { id: 1 })).toThrow(/must be read/);
  });
});
