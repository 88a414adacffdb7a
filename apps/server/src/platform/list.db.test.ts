import { MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../test/harness.js";

let t: TestApp;
const names = ["lina", "omar", "zaid", "huda", "sara"];
beforeAll(async () => {
  t = await createTestApp();
  for (const [i, n] of names.entries()) {
    const res = await t.api("POST", "/api/users", {
      body: {
        user_name: `list-${n}`,
        user_code: `L${i}`,
        email: `${n}@list.example.com`,
        new_password: TEST_PASSWORD,
        new_password_confirmation: TEST_PASSWORD,
        base_salary: String((i + 1) * 100),
        status: i === 4 ? "blocked" : "active",
        is_cashier: i % 2 === 0,
      },
    });
    expect(res.status).toBe(201);
  }
  // Spread the creation dates so that date filters have something to tell apart.
  await t.database.db.execute(sql`update users set created_at = '2020-03-15T10:00:00Z' where user_name = 'list-lina'`);
  await t.database.db.execute(sql`update users set created_at = '2021-07-01T10:00:00Z' where user_name = 'list-omar'`);
});
afterAll(() => t.close());

const list = (q: string) => t.api("GET", `/api/users?${q}`);
const userNames = (body: { data: { data: { user_name: string }[] } }) => body.data.data.map((r) => r.user_name);

describe("the list protocol", () => {
  it("answers the whole envelope", async () => {
    const res = await list("search=list-&per_page=2&page=2&sortColumn=user_name&sortDir=asc");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(
      [
        "current_page",
        "data",
        "footer",
        "hidden_columns",
        "last_page",
        "model",
        "params",
        "per_page",
        "sortable",
        "total",
        "total_estimated",
      ].sort(),
    );
    expect(res.body.data).toMatchObject({ total: 5, per_page: 2, current_page: 2, last_page: 3, model: "users", hidden_columns: "" });
    expect(userNames(res.body)).toEqual(["list-omar", "list-sara"]);
    expect(res.body.data.params).toEqual({ search: "list-", page: 2, per_page: 2, sortColumn: "user_name", sortDir: "asc", filter: {} });
    expect(res.body.data.footer).toEqual({ base_salary: "1500.000" });
  });

  it("sorts both ways and descends by default", async () => {
    const asc = await list("search=list-&sortColumn=user_name&sortDir=asc");
    expect(userNames(asc.body)).toEqual(names.map((n) => `list-${n}`).sort());
    const desc = await list("search=list-&sortColumn=user_name&sortDir=desc");
    expect(userNames(desc.body)).toEqual(
      names
        .map((n) => `list-${n}`)
        .sort()
        .reverse(),
    );
    const dflt = await list("search=list-");
    expect(userNames(dflt.body)).toEqual(names.map((n) => `list-${n}`).reverse());
  });

  it("searches case-insensitively and literally", async () => {
    expect(userNames((await list("search=ZAID")).body)).toEqual(["list-zaid"]);
    expect((await list("search=%25")).body.data.total).toBe(0);
    expect((await list("search=_")).body.data.total).toBe(0);
  });

  it("filters by field: exact, contains, boolean, amount range", async () => {
    expect(userNames((await list("filter[status]=blocked")).body)).toEqual(["list-sara"]);
    expect(userNames((await list("filter[user_code]=L2")).body)).toEqual(["list-zaid"]);
    expect(userNames((await list("filter[email]=huda@")).body)).toEqual(["list-huda"]);
    expect(userNames((await list("search=list-&filter[is_cashier]=1&sortColumn=user_name&sortDir=asc")).body)).toEqual([
      "list-lina",
      "list-sara",
      "list-zaid",
    ]);
    const range = await list("filter[amount_between]=200,300&sortColumn=base_salary&sortDir=asc");
    expect(userNames(range.body)).toEqual(["list-omar", "list-zaid"]);
    expect(range.body.data.footer.base_salary).toBe("500.000");
    expect((await list("filter[amount_between]=400,")).body.data.total).toBe(2);
    expect(range.body.data.params.filter).toEqual({ amount_between: "200,300" });
  });

  it("filters by date range with the defaults of SPEC §5", async () => {
    const both = await list("filter[date_between]=2020-01-01,2020-12-31");
    expect(userNames(both.body)).toEqual(["list-lina"]);
    const noStart = await list("filter[date_between]=,2021-12-31&sortColumn=user_name&sortDir=asc");
    expect(userNames(noStart.body)).toEqual(["list-lina", "list-omar"]);
    const noEnd = await list("search=list-&filter[date_between]=2021-01-01,");
    expect(noEnd.body.data.total).toBe(4);
    const wrong = await list("filter[date_between]=2021-01-01,2020-01-01");
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe(MSG.endDateAfterStart);
    expect(wrong.body.errors["filter.date_between"]).toEqual([MSG.endDateAfterStart]);
    expect((await list("filter[date_between]=2021-01-01,2021-01-01")).status).toBe(200);
  });

  it("filters by the named periods", async () => {
    const today = await list("search=list-&filter[date_filter]=TODAY");
    expect(today.body.data.total).toBe(3);
    const year = await list("search=list-&filter[date_filter]=THIS_YEAR");
    expect(year.body.data.total).toBe(3);
    const lastYear = await list("search=list-&filter[date_filter]=LAST_YEAR");
    expect(lastYear.body.data.total).toBe(0);
    const period = await list("search=list-&filter[date_filter]=DATE_PERIOD&filter[date_between]=2021-01-01,2021-12-31");
    expect(userNames(period.body)).toEqual(["list-omar"]);
    expect((await list("filter[date_filter]=SOMEDAY")).status).toBe(422);
  });

  it("answers every row with is_paginated=0", async () => {
    const res = await list("search=list-&is_paginated=0&per_page=2");
    expect(res.body.data.data).toHaveLength(5);
    expect(res.body.data).toMatchObject({ total: 5, current_page: 1, last_page: 1 });
  });

  it("answers 422 for filter and per_page outside the allow-list", async () => {
    for (const q of [
      "filter[password_hash]=x",
      "filter[created_at]=x",
      "per_page=0",
      "per_page=1001",
      "per_page=ten",
      "filter[is_cashier]=maybe",
    ]) {
      const res = await list(q);
      expect(res.status, q).toBe(422);
      expect(Object.keys(res.body.errors).length, q).toBe(1);
    }
    expect((await list("per_page=1000")).status).toBe(200);
    expect((await list("per_page=1")).body.data.data).toHaveLength(1);
  });

  it("answers a sort outside the allow-list in the default order, and says so in params", async () => {
    const byDefault = await list("search=list-");
    for (const q of ["sortColumn=password_hash", "sortColumn=user_joining_date", "sortColumn=nope&sortDir=up", "sortDir=up"]) {
      const res = await list(`search=list-&${q}`);
      expect(res.status, q).toBe(200);
      expect(res.body.data.params, q).toMatchObject({ sortColumn: byDefault.body.data.params.sortColumn, sortDir: "desc" });
      expect(userNames(res.body), q).toEqual(userNames(byDefault.body));
    }
    expect(byDefault.body.data.sortable).toContain("user_name");
    expect(byDefault.body.data.sortable).not.toContain("user_joining_date");
  });
});

describe("export", () => {
  it("streams a real xlsx of the filtered, sorted list with the chosen headers", async () => {
    const res = await t.api("GET", "/api/users/export?search=list-&sortColumn=user_name&sortDir=asc&headers=user_name,email,base_salary");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(String(res.headers["content-disposition"])).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows = ws.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual(["User Name", "Email", "Base Salary"]);
    expect(rows.slice(1).map((r) => r.slice(1))).toEqual(
      [...names].sort().map((n) => [`list-${n}`, `${n}@list.example.com`, (names.indexOf(n) + 1) * 100]),
    );
  });

  it("takes labelled headers as JSON, exports users_index, and refuses columns outside the model", async () => {
    const headers = encodeURIComponent(JSON.stringify([{ key: "user_code", label: "Code" }]));
    const res = await t.api("GET", `/api/users_index/export?filter[status]=blocked&headers=${headers}`);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    expect((wb.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1))).toEqual([["Code"], ["L4"]]);
    const bad = await t.api("GET", "/api/users/export?headers=user_name,password_hash");
    expect(bad.status).toBe(422);
    expect(bad.body.errors.headers).toEqual(["The column password_hash is not allowed."]);
    // A sort outside the model exports in the default order, like the list.
    const badSort = await t.api("GET", "/api/users/export?sortColumn=nope");
    expect(badSort.status).toBe(200);
  });
});

describe("hidden columns", () => {
  it("are kept per user and model", async () => {
    const other = await t.userWith(["users/index"]);
    const set = await t.api("POST", "/api/model_hidden_columns", { body: { model: "users", columns: "email,user_code" } });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(MSG.updated);
    const mine = await t.api("GET", "/api/model_hidden_columns?model=users");
    expect(mine.body.data).toEqual({ model: "users", columns: "email,user_code" });
    expect((await list("per_page=1")).body.data.hidden_columns).toBe("email,user_code");
    expect((await t.api("GET", "/api/model_hidden_columns?model=roles")).body.data.columns).toBe("");
    const theirs = await t.api("GET", "/api/model_hidden_columns?model=users", { token: other.token });
    expect(theirs.body.data.columns).toBe("");
    expect((await t.api("GET", "/api/users?per_page=1", { token: other.token })).body.data.hidden_columns).toBe("");
    const again = await t.api("POST", "/api/model_hidden_columns", { body: { model: "users", columns: ["role_name"] } });
    expect(again.body.data.columns).toBe("role_name");
    expect((await t.api("GET", "/api/model_hidden_columns?model=users")).body.data.columns).toBe("role_name");
  });

  it("accept only real models and their columns", async () => {
    const model = await t.api("POST", "/api/model_hidden_columns", { body: { model: "nope", columns: "a" } });
    expect(model.status).toBe(422);
    expect(model.body.errors.model).toEqual(["The selected model is invalid."]);
    const col = await t.api("POST", "/api/model_hidden_columns", { body: { model: "users", columns: "password_hash" } });
    expect(col.status).toBe(422);
    expect(col.body.errors.columns).toEqual(["The column password_hash is not allowed."]);
  });
});
