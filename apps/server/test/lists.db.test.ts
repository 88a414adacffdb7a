import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_URLS } from "../src/platform/crud.js";
import { createTestApp, type TestApp } from "./harness.js";

let t: TestApp;
/** What a list needs besides sorting: a statement is of one customer or supplier. */
const NEEDS: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const kind of ["customer", "supplier"]) {
    const add = await t.api("POST", `/api/${kind}s`, { body: { consumer_name: `Sorted ${kind}`, mobile: "07501112233" } });
    NEEDS[`/api/${kind}_transactions/statement`] = `filter[consumer_id]=${add.body.data.consumer_id}`;
  }
  // The general ledger is of one account, here with the opening row of a period.
  const cash = (await t.api("GET", "/api/cashes/list")).body.message[0].account_id;
  const unit = (await t.api("GET", "/api/units/list")).body.message[0].unit_id;
  const made = await t.api("POST", "/api/items", {
    body: { item_name: "Sorted item", item_units: [{ unit_fk: unit, quantity: "1", price: "1", is_base: true }] },
  });
  const item = made.body.data.item_id;
  NEEDS["/api/reports/item_transactions"] = `item_id=${item}`;
  NEEDS["/api/financial_reports/general_ledger"] = `account_id=${cash}&filter[date_filter]=THIS_YEAR`;
});
afterAll(() => t.close());

describe("sorting every list", () => {
  it("every list sorts by every column its model declares, and a bad sort gives the default order", async () => {
    const failures: string[] = [];
    let sorted = 0;
    expect(LIST_URLS.size).toBeGreaterThan(15);
    for (const url of [...LIST_URLS].sort()) {
      const base = `${url}?${NEEDS[url] ?? ""}`;
      const first = await t.api("GET", base);
      if (first.status !== 200) {
        failures.push(`${url}: ${first.status} ${JSON.stringify(first.body).slice(0, 200)}`);
        continue;
      }
      const env = first.body.data;
      expect(Array.isArray(env.sortable), url).toBe(true);
      for (const [i, column] of (env.sortable as string[]).entries()) {
        // Both directions are the same SQL but for one word: alternate them.
        const dir = i % 2 ? "desc" : "asc";
        const res = await t.api("GET", `${base}&sortColumn=${column}&sortDir=${dir}`);
        sorted++;
        if (res.status !== 200 || res.body.data.params.sortColumn !== column) failures.push(`${url} by ${column} ${dir}: ${res.status}`);
      }
      const stale = await t.api("GET", `${base}&sortColumn=no_such_column&sortDir=sideways`);
      if (stale.status !== 200 || stale.body.data.params.sortColumn === "no_such_column" || stale.body.data.total !== env.total)
        failures.push(`${url} with a stale sort: ${stale.status}`);
    }
    expect(failures).toEqual([]);
    expect(sorted).toBeGreaterThan(100);
    // Some two hundred requests: a slow shared machine needs more than the usual minute.
  }, 600_000);
});
