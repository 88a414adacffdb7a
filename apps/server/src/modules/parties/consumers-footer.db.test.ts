import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

// The customers' and suppliers' footers are summed as joins of the matching parties' accounts with
// their daily balances: the same totals as adding up every matching row's balance columns.
let t: TestApp;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  const parties: [string, string, string][] = [
    ["customers", "أحمد علي", "07501110001"],
    ["customers", "احمد كريم", "07501110002"],
    ["customers", "Sirwan", "07501110003"],
    ["suppliers", "أحمد للتجارة", "07501110004"],
    ["suppliers", "Cafe Supplies", "07501110005"],
  ];
  for (const [list, name, mobile] of parties) {
    const res = await t.api("POST", `/api/${list}`, { body: { consumer_name: name, mobile } });
    expect(res.status, name).toBeLessThan(300);
    const found = await t.api("GET", `/api/${list}?search=${encodeURIComponent(mobile)}`);
    ids[name] = found.body.data.data[0].consumer_id;
  }
  // Balances on several days in both currencies; "احمد كريم" has none.
  let k = 0;
  for (const name of ["أحمد علي", "Sirwan", "أحمد للتجارة", "Cafe Supplies"]) {
    k++;
    await t.database.db.execute(sql`insert into account_balances (account_id, day, debit, credit, sys_debit, sys_credit)
      select a.account_id, d.day, ${100 * k}::numeric + d.n, ${7 * k}::numeric, ${150 * k}::numeric + d.n, ${11 * k}::numeric
        from consumers c cross join lateral (values (c.account_fk), (c.account_usd_fk)) a(account_id)
        cross join (values ('2026-01-01'::date, 1), ('2026-02-01'::date, 2), ('2026-03-01'::date, 3)) d(day, n)
       where c.consumer_id = ${ids[name]!}`);
  }
});
afterAll(() => t.close());

type Env = { data: Record<string, string | number>[]; total: number; footer: Record<string, string> };
const list = async (path: string): Promise<Env> => {
  const res = await t.api("GET", path);
  expect(res.status, path).toBe(200);
  return res.body.data;
};
const added = (rows: Record<string, string | number>[], key: string) => rows.reduce((s, r) => s + Number(r[key]), 0);

describe("party list footers", () => {
  for (const kind of ["customers", "suppliers"]) {
    for (const q of [
      "",
      "search=%D8%A7%D8%AD%D9%85%D8%AF",
      "search=0750111",
      "search=s",
      "search=nobody-here",
      "filter[balance_sign]=positive",
    ]) {
      it(`${kind} ${q || "(everything)"}: the footer is the sum of the matching rows' balances and the total their count`, async () => {
        const page = await list(`/api/${kind}?per_page=1&${q}`);
        const all = await list(`/api/${kind}?is_paginated=0&${q}`);
        expect(page.total).toBe(all.data.length);
        for (const key of ["balance_iqd", "balance_usd", "balance"]) {
          expect(Number(page.footer[key]), key).toBe(added(all.data, key));
          expect(page.footer[key], key).toBe(all.footer[key]);
        }
      });
    }
  }

  it("a customer's balances are summed over every day in each currency", async () => {
    const one = await list(`/api/customers?search=07501110001`);
    expect(one.total).toBe(1);
    // k = 1: debit 100 + n, credit 7 on three days (n = 1, 2, 3).
    expect(Number(one.footer.balance_iqd)).toBe(3 * 100 + 6 - 3 * 7);
    expect(Number(one.footer.balance_usd)).toBe(3 * 100 + 6 - 3 * 7);
    expect(Number(one.footer.balance)).toBe(2 * (3 * 150 + 6 - 3 * 11));
    expect(one.footer.balance_iqd).toBe(String(one.data[0]!.balance_iqd));
    const none = await list(`/api/customers?search=07501110002`);
    expect(none.footer).toEqual({ balance_iqd: "0", balance_usd: "0", balance: "0" });
  });
});
