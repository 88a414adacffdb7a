import { MSG } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { dbHelpers, type SalesFixture, salesFixture } from "../sales/sales.fixture.js";
import { AUDIT_MSG } from "./audit-log.list.js";

let t: TestApp;
let saleBody: SalesFixture["saleBody"];
let amox = 0;
let box = 0;
let supplier = 0;
let saleId = 0;
const { created, ok } = dbHelpers(() => t);

interface Entry {
  id: number;
  action: string;
  user_name: string | null;
  created_at: string;
  before: { lines?: { line_id: number; quantity: string }[]; note?: string | null; status?: string } | null;
  after: { lines?: { line_id: number; quantity: string }[]; note?: string | null; status?: string } | null;
}

beforeAll(async () => {
  ({ t, saleBody, amox, box, supplier } = await salesFixture());
  saleId = (await created("/api/sales", saleBody({ note: "first" }))).id;
  const edit = await t.api("PATCH", `/api/sales/${saleId}`, {
    body: saleBody({ note: "second", lines: [{ item_fk: amox, unit_fk: box, quantity: "3" }] }),
  });
  expect(edit.status).toBe(200);
  await ok(`/api/sales/${saleId}/complete`);
  await ok(`/api/sales/${saleId}/return_to_draft`);
});
afterAll(() => t.close());

describe("a record's timeline", () => {
  it("lists a sale created, edited, completed and returned to draft, with who, when and before/after", async () => {
    const res = await t.api("GET", `/api/model_loges/timeline?module=sales&record_id=${saleId}`);
    expect(res.status).toBe(200);
    const entries = res.body.data as Entry[];
    expect(entries.map((e) => e.action)).toEqual(["create", "update", "complete", "return_to_draft"]);
    for (const e of entries) {
      expect(e.user_name).toBe("admin");
      expect(Number.isNaN(Date.parse(e.created_at))).toBe(false);
    }
    const [create, update, complete, back] = entries as [Entry, Entry, Entry, Entry];
    expect(create.before).toBeNull();
    expect(create.after).toMatchObject({ note: "first", status: "draft" });
    expect(update.before?.note).toBe("first");
    expect(update.after?.note).toBe("second");
    expect(update.before?.lines).toHaveLength(2);
    expect(update.after?.lines).toHaveLength(1);
    expect(update.after?.lines?.[0]?.quantity).toMatch(/^3(\.0+)?$/);
    expect(complete.before?.status).toBe("draft");
    expect(complete.after?.status).toBe("complete");
    expect(back.before?.status).toBe("complete");
    expect(back.after?.status).toBe("draft");
  });

  it("records a print under the document's module, for one who may read the document", async () => {
    const printed = await t.api("POST", "/api/model_loges/print", { body: { module: "sales", record_id: saleId } });
    expect(printed.status).toBe(200);
    const res = await t.api("GET", `/api/model_loges/timeline?module=sales&record_id=${saleId}`);
    expect((res.body.data as Entry[]).at(-1)).toMatchObject({ action: "print", user_name: "admin", before: null, after: null });

    const other = await t.userWith(["sales/index", "sales/show"], { inventory_ids: [1] });
    // Without sales/view_all another's invoice sale is not theirs to read: neither its timeline nor its print.
    const refused = await t.api("POST", "/api/model_loges/print", { token: other.token, body: { module: "sales", record_id: saleId } });
    expect(refused.status).toBe(403);
    const hidden = await t.api("GET", `/api/model_loges/timeline?module=sales&record_id=${saleId}`, { token: other.token });
    expect(hidden.status).toBe(403);
    const reader = await t.userWith(["sales/index", "sales/show", "sales/view_all"], { inventory_ids: [1] });
    expect((await t.api("GET", `/api/sales/${saleId}`, { token: reader.token })).status).toBe(200);
    const shown = await t.api("GET", `/api/model_loges/timeline?module=sales&record_id=${saleId}`, { token: reader.token });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toHaveLength(5);
    const logReader = await t.userWith(["model_loges/sales_log"]);
    const logged = await t.api("GET", `/api/model_loges/timeline?module=sales&record_id=${saleId}`, { token: logReader.token });
    expect(logged.body.data).toHaveLength(5);
    const nobody = await t.userWith(["units/index"]);
    expect((await t.api("GET", `/api/model_loges/timeline?module=sales&record_id=${saleId}`, { token: nobody.token })).status).toBe(403);
  });

  it("reads a purchase order's timeline under the purchases' keys (its module is no section of its own)", async () => {
    const body = (quantity: string) => ({
      consumer_id: supplier,
      date: "2026-11-20 10:00",
      inventory_id: 1,
      currency_id: 1,
      lines: [{ item_id: amox, unit_id: box, quantity, unit_price: "18000" }],
    });
    const order = await created("/api/purchase_orders", body("10"));
    expect((await t.api("PATCH", `/api/purchase_orders/${order.id}`, { body: body("12") })).status).toBe(200);
    const url = `/api/model_loges/timeline?module=purchase_orders&record_id=${order.id}`;
    const buyer = await t.userWith(["purchases/order"], { inventory_ids: [1] });
    const seen = await t.api("GET", url, { token: buyer.token });
    expect(seen.status).toBe(200);
    expect((seen.body.data as Entry[]).map((e) => e.action)).toEqual(["create", "update"]);
    const logReader = await t.userWith(["model_loges/purchases_log"]);
    expect((await t.api("GET", url, { token: logReader.token })).body.data).toHaveLength(2);
    const listed = await t.api("GET", `/api/model_loges?filter[module]=purchase_orders&filter[record_id]=${order.id}`, {
      token: logReader.token,
    });
    expect(listed.body.data.total).toBe(2);
    const other = await t.userWith(["model_loges/sales_log"]);
    expect((await t.api("GET", url, { token: other.token })).status).toBe(403);
  });

  it("refuses a module outside the catalogue and a record id that is no number", async () => {
    const res = await t.api("GET", "/api/model_loges/timeline?module=nothing&record_id=x");
    expect(res.status).toBe(422);
    expect(res.body.errors.module).toEqual([AUDIT_MSG.module]);
    expect(res.body.errors.record_id).toBeDefined();
    const print = await t.api("POST", "/api/model_loges/print", { body: { module: "sales" } });
    expect(print.status).toBe(422);
  });
});

describe("the audit log list and one entry", () => {
  it("filters by module, action, user, record id, address and the business day", async () => {
    const q = (query: string) => t.api("GET", `/api/model_loges?is_paginated=0&${query}`);
    const sales = await q(`filter[module]=sales&filter[record_id]=${saleId}`);
    expect(sales.status).toBe(200);
    expect(sales.body.data.data.map((r: { action: string }) => r.action).sort()).toEqual(
      ["complete", "create", "print", "return_to_draft", "update"].sort(),
    );
    const completes = await q(`filter[module]=sales&filter[action]=complete&filter[record_id]=${saleId}`);
    expect(completes.body.data.data).toHaveLength(1);
    const byAdmin = await q(`filter[module]=sales&filter[user_id]=1&filter[record_id]=${saleId}`);
    expect(byAdmin.body.data.data).toHaveLength(5);
    expect((await q(`filter[module]=sales&filter[user_name]=ADM&filter[record_id]=${saleId}`)).body.data.data).toHaveLength(5);
    expect((await q(`filter[module]=sales&filter[user_id]=2&filter[record_id]=${saleId}`)).body.data.data).toHaveLength(0);
    expect((await q(`filter[module]=sales&filter[ip]=127.0&filter[record_id]=${saleId}`)).body.data.data).toHaveLength(5);
    expect((await q(`filter[module]=sales&filter[ip]=10.&filter[record_id]=${saleId}`)).body.data.data).toHaveLength(0);
    expect((await q(`filter[module]=sales&filter[date_filter]=TODAY&filter[record_id]=${saleId}`)).body.data.data).toHaveLength(5);
    expect(
      (await q(`filter[module]=sales&filter[date_between]=2020-01-01,2020-01-02&filter[record_id]=${saleId}`)).body.data.data,
    ).toHaveLength(0);
  });

  it("answers 422 for a filter it cannot read", async () => {
    const bad = await t.api("GET", "/api/model_loges?filter[user_id]=abc");
    expect(bad.status).toBe(422);
    expect(bad.body.errors["filter.user_id"]).toEqual([AUDIT_MSG.userId]);
    const badModule = await t.api("GET", "/api/model_loges?filter[module]=Sales%3B");
    expect(badModule.status).toBe(422);
    expect(badModule.body.errors["filter.module"]).toEqual([AUDIT_MSG.module]);
    const badIp = await t.api("GET", "/api/model_loges?filter[ip]=x'--");
    expect(badIp.status).toBe(422);
    const unknown = await t.api("GET", "/api/model_loges?filter[before]=1");
    expect(unknown.status).toBe(422);
  });

  it("shows a reader only the modules whose log key they hold, in the list, its export and one entry", async () => {
    const reader = await t.userWith(["model_loges/customers_log"]);
    const list = await t.api("GET", "/api/model_loges?is_paginated=0", { token: reader.token });
    expect(list.status).toBe(200);
    const modules = new Set(list.body.data.data.map((r: { module: string }) => r.module));
    expect([...modules]).toEqual(["customers"]);
    const salesRows = await t.api("GET", `/api/model_loges?filter[module]=sales`, { token: reader.token });
    expect(salesRows.body.data.total).toBe(0);
    const exported = await t.api("GET", "/api/model_loges/export?filter[module]=sales", { token: reader.token });
    expect(exported.status).toBe(200);

    const admin = await t.api("GET", `/api/model_loges?filter[module]=sales&filter[action]=update&filter[record_id]=${saleId}`);
    const entryId = Number(admin.body.data.data[0].id);
    const one = await t.api("GET", `/api/model_loges/${entryId}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: entryId, module: "sales", action: "update", record_id: String(saleId), user_name: "admin" });
    expect(one.body.data.before.note).toBe("first");
    expect(one.body.data.after.note).toBe("second");
    const denied = await t.api("GET", `/api/model_loges/${entryId}`, { token: reader.token });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe(MSG.forbidden);
    const salesReader = await t.userWith(["model_loges/sales_log"]);
    expect((await t.api("GET", `/api/model_loges/${entryId}`, { token: salesReader.token })).status).toBe(200);
    expect((await t.api("GET", "/api/model_loges/999999999")).status).toBe(404);
  });
});
