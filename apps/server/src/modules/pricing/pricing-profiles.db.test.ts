import { MSG } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const IN_USE = "This record is in use by other records and cannot be changed or deleted.";

describe("pricing profiles", () => {
  it("create, list, show, update and delete with SPEC's texts", async () => {
    const add = await t.api("POST", "/api/pricing_profiles", {
      body: { profile_name: " Wholesale ", discount_percentage: "7.5", apply_on: "sale_price" },
    });
    expect(add.status).toBe(201);
    expect(add.body.message).toBe(MSG.added);
    expect(add.body.data).toMatchObject({
      profile_name: "Wholesale",
      discount_percentage: "7.50",
      apply_on: "sale_price",
      is_active: true,
      created_by: 1,
    });
    const id = add.body.data.profile_id;

    await t.api("POST", "/api/pricing_profiles", { body: { profile_name: "Cost plus", discount_percentage: 12, apply_on: "cost" } });

    const list = await t.api("GET", "/api/pricing_profiles?search=whole");
    expect(list.status).toBe(200);
    expect(list.body.data.model).toBe("pricing_profiles");
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.data[0]).toMatchObject({
      profile_id: id,
      profile_name: "Wholesale",
      discount_percentage: "7.50",
      apply_on: "sale_price",
      is_active: true,
      customers_count: 0,
    });
    const sorted = await t.api("GET", "/api/pricing_profiles?sortColumn=discount_percentage&sortDir=desc");
    expect(sorted.body.data.data.map((r: { profile_name: string }) => r.profile_name)).toEqual(["Cost plus", "Wholesale"]);
    const byApply = await t.api("GET", "/api/pricing_profiles?filter[apply_on]=cost");
    expect(byApply.body.data.data.map((r: { profile_name: string }) => r.profile_name)).toEqual(["Cost plus"]);
    const badSort = await t.api("GET", "/api/pricing_profiles?sortColumn=nope");
    expect(badSort.status).toBe(200);
    expect(badSort.body.data.params.sortColumn).not.toBe("nope");
    expect(badSort.body.data.total).toBe(2);
    const xlsx = await t.api("GET", "/api/pricing_profiles/export?headers=profile_name,discount_percentage,apply_on");
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers["content-type"])).toContain("spreadsheetml");
    expect(xlsx.raw.subarray(0, 2).toString()).toBe("PK");

    const show = await t.api("GET", `/api/pricing_profiles/${id}`);
    expect(show.body.data).toMatchObject({ profile_id: id, profile_name: "Wholesale", discount_percentage: "7.50" });

    const upd = await t.api("POST", `/api/pricing_profiles/${id}`, {
      body: { _method: "PATCH", profile_name: "Wholesale A", discount_percentage: "10.25", apply_on: "cost", is_active: false },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      message: MSG.updated,
      data: { profile_name: "Wholesale A", discount_percentage: "10.25", apply_on: "cost", is_active: false, updated_by: 1 },
    });
    const patch = await t.api("PATCH", `/api/pricing_profiles/${id}`, {
      body: { profile_name: "Wholesale B", discount_percentage: "0", apply_on: "sale_price", is_active: true },
    });
    expect(patch.body.data).toMatchObject({ profile_name: "Wholesale B", discount_percentage: "0.00", is_active: true });
    const noMethod = await t.api("POST", `/api/pricing_profiles/${id}`, { body: { profile_name: "X" } });
    expect(noMethod.status).toBe(405);

    const logs = await t.api("GET", `/api/model_loges?filter[module]=item_pricings&filter[record_id]=${id}&sortColumn=id&sortDir=asc`);
    expect(logs.body.data.data.map((r: { action: string }) => r.action)).toEqual(["create", "update", "update"]);

    const del = await t.api("DELETE", `/api/pricing_profiles/${id}`);
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(MSG.deleted);
    expect((await t.api("GET", `/api/pricing_profiles/${id}`)).status).toBe(404);
    expect((await t.api("DELETE", `/api/pricing_profiles/${id}`)).status).toBe(404);
    expect((await t.api("GET", "/api/pricing_profiles/0")).body.message).toBe(MSG.idInvalid);
  });

  it("answers 422 with the field's message for missing and bad values", async () => {
    const empty = await t.api("POST", "/api/pricing_profiles", { body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      profile_name: ["The profile name field is required."],
      discount_percentage: ["The discount percentage field is required."],
      apply_on: ["The apply on field is required."],
    });
    const blank = await t.api("POST", "/api/pricing_profiles", { body: { profile_name: "  ", discount_percentage: "", apply_on: "" } });
    expect(blank.body.errors.profile_name).toEqual(["The profile name field is required."]);
    expect(blank.body.errors.discount_percentage).toEqual(["The discount percentage field is required."]);

    const long = await t.api("POST", "/api/pricing_profiles", {
      body: { profile_name: "x".repeat(101), discount_percentage: "1", apply_on: "cost" },
    });
    expect(long.body.errors.profile_name).toEqual(["may not be greater than 100 characters"]);
    const hundredChars = await t.api("POST", "/api/pricing_profiles", {
      body: { profile_name: "y".repeat(100), discount_percentage: "100", apply_on: "cost" },
    });
    expect(hundredChars.status).toBe(201);
    expect(hundredChars.body.data.discount_percentage).toBe("100.00");

    const pct = async (discount_percentage: unknown) =>
      t.api("POST", "/api/pricing_profiles", {
        body: { profile_name: `P ${String(discount_percentage)}`, discount_percentage, apply_on: "cost" },
      });
    for (const v of ["-1", -1, "100.01", 100.01]) {
      const r = await pct(v);
      expect(r.status).toBe(422);
      expect(r.body.errors.discount_percentage).toEqual(["must be between 0 and 100"]);
    }
    for (const v of ["1.234", "abc", "1e2"]) {
      const r = await pct(v);
      expect(r.status).toBe(422);
      expect(r.body.errors.discount_percentage).toEqual(["must be a number with at most 2 decimals"]);
    }
    const zero = await pct("0");
    expect(zero.status).toBe(201);
    expect(zero.body.data.discount_percentage).toBe("0.00");

    const apply = await t.api("POST", "/api/pricing_profiles", {
      body: { profile_name: "Z", discount_percentage: "1", apply_on: "list_price" },
    });
    expect(apply.status).toBe(422);
    expect(apply.body.errors.apply_on).toEqual(["The selected apply on is invalid."]);

    const names = (await t.api("GET", "/api/pricing_profiles?per_page=100")).body.data.data.map(
      (r: { profile_name: string }) => r.profile_name,
    );
    expect(names).toContain("P 0");
    expect(names.filter((n: string) => n.startsWith("P ") || n === "Z" || n.startsWith("x"))).toEqual(["P 0"]);
  });

  it("keeps names unique, case-insensitively, on create and update", async () => {
    const a = await t.api("POST", "/api/pricing_profiles", {
      body: { profile_name: "Retail", discount_percentage: "1", apply_on: "sale_price" },
    });
    const b = await t.api("POST", "/api/pricing_profiles", {
      body: { profile_name: "Special", discount_percentage: "2", apply_on: "cost" },
    });
    const dup = await t.api("POST", "/api/pricing_profiles", {
      body: { profile_name: "retail", discount_percentage: "3", apply_on: "cost" },
    });
    expect(dup.status).toBe(422);
    expect(dup.body).toEqual({
      message: "The profile name has already been taken.",
      errors: { profile_name: ["The profile name has already been taken."] },
    });
    const ren = await t.api("PATCH", `/api/pricing_profiles/${b.body.data.profile_id}`, {
      body: { profile_name: "RETAIL", discount_percentage: "2", apply_on: "cost" },
    });
    expect(ren.status).toBe(422);
    expect(ren.body.errors.profile_name).toEqual(["The profile name has already been taken."]);
    expect((await t.api("GET", `/api/pricing_profiles/${b.body.data.profile_id}`)).body.data.profile_name).toBe("Special");
    expect((await t.api("GET", `/api/pricing_profiles/${a.body.data.profile_id}`)).body.data.profile_name).toBe("Retail");
  });

  it("lists only active profiles in the dropdown, by name", async () => {
    const mk = async (profile_name: string, is_active: boolean) =>
      (await t.api("POST", "/api/pricing_profiles", { body: { profile_name, discount_percentage: "5.5", apply_on: "cost", is_active } }))
        .body.data.profile_id as number;
    const on = await mk("Dropdown active", true);
    const off = await mk("Dropdown inactive", false);
    const dd = await t.api("GET", "/api/pricing_profiles/list");
    expect(dd.status).toBe(200);
    const ids = dd.body.message.map((p: { profile_id: number }) => p.profile_id);
    expect(ids).toContain(on);
    expect(ids).not.toContain(off);
    expect(dd.body.message.find((p: { profile_id: number }) => p.profile_id === on)).toEqual({
      profile_id: on,
      profile_name: "Dropdown active",
      discount_percentage: "5.50",
      apply_on: "cost",
    });
    const names = dd.body.message.map((p: { profile_name: string }) => p.profile_name);
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y)));
    const inactive = await t.api("GET", "/api/pricing_profiles?filter[is_active]=0&per_page=100");
    expect(inactive.body.data.data.map((r: { profile_id: number }) => r.profile_id)).toContain(off);
  });

  it("a customer keeps its pricing list, and a profile in use cannot be deleted", async () => {
    const p = await t.api("POST", "/api/pricing_profiles", {
      body: { profile_name: "Pharmacies", discount_percentage: "7.5", apply_on: "sale_price" },
    });
    const pid = p.body.data.profile_id;
    const c = await t.api("POST", "/api/customers", { body: { consumer_name: "Al-Shifa Pharmacy", pricing_profile_fk: pid } });
    expect(c.status).toBe(201);
    expect(c.body.data).toMatchObject({ pricing_profile_fk: pid, pricing_profile_name: "Pharmacies" });
    const cid = c.body.data.consumer_id;
    const shown = await t.api("GET", `/api/customers/${cid}`);
    expect(shown.body.data).toMatchObject({ pricing_profile_fk: pid, pricing_profile_name: "Pharmacies" });
    const byProfile = await t.api("GET", `/api/customers?filter[pricing_profile_fk]=${pid}`);
    expect(byProfile.body.data.data.map((r: { consumer_id: number }) => r.consumer_id)).toEqual([cid]);
    const count = await t.api("GET", `/api/pricing_profiles?filter[profile_id]=${pid}`);
    expect(count.body.data.data[0].customers_count).toBe(1);

    const del = await t.api("DELETE", `/api/pricing_profiles/${pid}`);
    expect(del.status).toBe(422);
    expect(del.body).toEqual({ message: IN_USE, errors: { id: ["is in use by other records"] } });
    expect((await t.api("GET", `/api/pricing_profiles/${pid}`)).status).toBe(200);

    // An inactive profile stays on the customer that has it.
    await t.api("PATCH", `/api/pricing_profiles/${pid}`, {
      body: { profile_name: "Pharmacies", discount_percentage: "7.5", apply_on: "sale_price", is_active: false },
    });
    const keep = await t.api("PATCH", `/api/customers/${cid}`, { body: { consumer_name: "Al-Shifa Pharmacy", pricing_profile_fk: pid } });
    expect(keep.status).toBe(200);
    expect(keep.body.data.pricing_profile_fk).toBe(pid);

    const unknown = await t.api("PATCH", `/api/customers/${cid}`, {
      body: { consumer_name: "Al-Shifa Pharmacy", pricing_profile_fk: 999999 },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.pricing_profile_fk).toEqual(["The selected pricing list is invalid."]);
    expect((await t.api("GET", `/api/customers/${cid}`)).body.data.pricing_profile_fk).toBe(pid);

    const cleared = await t.api("PATCH", `/api/customers/${cid}`, {
      body: { consumer_name: "Al-Shifa Pharmacy", pricing_profile_fk: null },
    });
    expect(cleared.body.data).toMatchObject({ pricing_profile_fk: null, pricing_profile_name: null });
    expect((await t.api("DELETE", `/api/pricing_profiles/${pid}`)).status).toBe(200);
  });

  it("checks the item pricing permissions, and the dropdown serves customer forms too", async () => {
    const none = await t.userWith(["customers/show"]);
    expect((await t.api("GET", "/api/pricing_profiles", { token: none.token })).status).toBe(403);
    expect((await t.api("GET", "/api/pricing_profiles/list", { token: none.token })).status).toBe(403);
    const clerk = await t.userWith(["customers/store"]);
    expect((await t.api("GET", "/api/pricing_profiles/list", { token: clerk.token })).status).toBe(200);
    expect((await t.api("POST", "/api/pricing_profiles", { token: clerk.token, body: {} })).status).toBe(403);
    const pricer = await t.userWith(["item_pricings/index", "item_pricings/store"]);
    expect((await t.api("GET", "/api/pricing_profiles", { token: pricer.token })).status).toBe(200);
    expect((await t.api("GET", "/api/pricing_profiles/list", { token: pricer.token })).status).toBe(200);
    const made = await t.api("POST", "/api/pricing_profiles", {
      token: pricer.token,
      body: { profile_name: "By pricer", discount_percentage: "1", apply_on: "cost" },
    });
    expect(made.status).toBe(201);
    expect((await t.api("DELETE", `/api/pricing_profiles/${made.body.data.profile_id}`, { token: pricer.token })).status).toBe(403);
  });

  it("keeps the line amounts a profile applies between, the end above the start", async () => {
    const made = await t.api("POST", "/api/pricing_profiles", {
      body: {
        profile_name: "Bulk buyers",
        discount_percentage: "4",
        apply_on: "sale_price",
        discount_start_amount: "١٠٠٠٠٠",
        discount_end_amount: "",
      },
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ discount_start_amount: "100000.00", discount_end_amount: null });
    const bad = await t.api("PATCH", `/api/pricing_profiles/${made.body.data.profile_id}`, {
      body: {
        profile_name: "Bulk buyers",
        discount_percentage: "4",
        apply_on: "sale_price",
        discount_start_amount: "100000",
        discount_end_amount: "100000",
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.discount_end_amount).toEqual(["The discount end amount must be greater than the discount start amount."]);
    const neg = await t.api("PATCH", `/api/pricing_profiles/${made.body.data.profile_id}`, {
      body: { profile_name: "Bulk buyers", discount_percentage: "4", apply_on: "sale_price", discount_start_amount: "-5" },
    });
    expect(neg.body.errors.discount_start_amount).toEqual(["must be at least 0"]);
    const ok = await t.api("PATCH", `/api/pricing_profiles/${made.body.data.profile_id}`, {
      body: {
        profile_name: "Bulk buyers",
        discount_percentage: "4",
        apply_on: "sale_price",
        discount_start_amount: "",
        discount_end_amount: "250000.5",
      },
    });
    expect(ok.body.data).toMatchObject({ discount_start_amount: null, discount_end_amount: "250000.50" });
  });
});
