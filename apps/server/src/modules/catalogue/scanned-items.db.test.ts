// The answers to scanned codes are kept per process until the catalogue changes: a change made
// through this process, or by another process on the same database, is seen at once.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { withDatabase } from "../../../test/db-url.js";
import { createTestApp, type TestApp } from "../../../test/harness.js";

let t: TestApp;
/** Another process's connection to the same database. */
let other: pg.Client;

beforeAll(async () => {
  t = await createTestApp();
  const name = (await t.database.db.execute<{ name: string }>(sql`select current_database() as name`)).rows[0]!.name;
  other = new pg.Client({ connectionString: withDatabase(inject("serverUrl"), name) });
  await other.connect();
});
afterAll(async () => {
  await other.end();
  await t.close();
});

const BARCODE = "6260009876543";
const price = async () => {
  const res = await t.api("GET", `/api/items/list?search=${BARCODE}`);
  expect(res.status).toBe(200);
  return (res.body.message as { item_units: { price: string }[] }[]).map((r) => r.item_units[0]!.price);
};
/** Asks until the answer is `want` or a second has passed; answers the last one. */
async function eventually(want: string[]) {
  let got = await price();
  for (let i = 0; i < 50 && JSON.stringify(got) !== JSON.stringify(want); i++) {
    await new Promise((r) => setTimeout(r, 20));
    got = await price();
  }
  return got;
}

describe("item look-up by a scanned code", () => {
  it("is answered from memory until a change to the catalogue is announced, from any process", async () => {
    const units = (await t.api("GET", "/api/units/list")).body.message as { unit_id: number; unit_name: string }[];
    const piece = units.find((u) => u.unit_name === "Piece")!.unit_id;
    const made = await t.api("POST", "/api/items", {
      body: { item_name: "Scanned soap", item_units: [{ unit_fk: piece, quantity: "1", price: "1000", barcode: BARCODE }] },
    });
    expect(made.status).toBe(201);
    const unitId = made.body.data.item_units[0].item_unit_id as number;
    expect(await eventually(["1000.00"])).toEqual(["1000.00"]);
    // The creation's own notice may still be on its way on a busy machine: let it arrive, then
    // ask once more so the answer kept is one no notice will empty.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await price()).toEqual(["1000.00"]);

    // A change no trigger announces is not seen: the answer comes from memory.
    await other.query("alter table item_units disable trigger item_units_changed");
    await other.query("update item_units set price = 1100 where item_unit_id = $1", [unitId]);
    await other.query("alter table item_units enable trigger item_units_changed");
    await new Promise((r) => setTimeout(r, 200));
    expect(await price()).toEqual(["1000.00"]);

    // Another process changes the price: the trigger's notice empties this process's answers.
    await other.query("update item_units set price = 1200 where item_unit_id = $1", [unitId]);
    expect(await eventually(["1200.00"])).toEqual(["1200.00"]);

    // A change through this process is seen by the very next request, notice or not.
    const changed = await t.api("PATCH", `/api/items/${made.body.data.item_id}`, {
      body: {
        item_name: "Scanned soap",
        item_units: [{ item_unit_id: unitId, unit_fk: piece, quantity: "1", price: "1300", barcode: BARCODE }],
      },
    });
    expect(changed.status).toBe(200);
    expect(await price()).toEqual(["1300.00"]);

    // Another unit's name is part of the answer too.
    await other.query("update units set unit_name = 'Bar' where unit_id = $1", [piece]);
    const named = async () => (await t.api("GET", `/api/items/list?search=${BARCODE}`)).body.message[0].item_units[0].unit_name;
    for (let i = 0; i < 50 && (await named()) !== "Bar"; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await named()).toBe("Bar");
  });
});
