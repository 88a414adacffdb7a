import { DOC_STATE_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../test/harness.js";
import { dbHelpers, salesFixture } from "../sales/sales.fixture.js";

/**
 * The documents' life cycle beyond draft and complete: a closed document is refused to a user
 * without `unclose` and changed by one who holds it; a period's documents close in one action;
 * a write-off Done by someone who may not approve waits, moving and posting nothing, until it is
 * approved.
 */
let t: TestApp;
let box = 0;
let amox = 0;
let supplier = 0;
const { created, ok, q, onHand } = dbHelpers(() => t);

const purchase = (date: string) =>
  created("/api/purchases", {
    consumer_id: supplier,
    date,
    inventory_id: 1,
    currency_id: 1,
    discount_type: "amount",
    payment_type: "On Account",
    lines: [{ item_id: amox, unit_id: box, quantity: "1", unit_price: "15000" }],
  });
const entriesOf = async (type: string, id: number) =>
  Number(
    (await q<{ n: string }>(sql`select count(*)::text n from journal_entries where source_type = ${type} and source_id = ${id}`))[0]!.n,
  );

beforeAll(async () => {
  ({ t, box, amox, supplier } = await salesFixture());
});
afterAll(() => t?.close());

describe("a closed document", () => {
  it("is refused to a user without unclose (422, the document as it was) and changed by one who holds it", async () => {
    const p = await purchase("2026-11-22 09:00");
    await ok(`/api/purchases/${p.id}/complete`);
    expect((await ok(`/api/purchases/${p.id}/close`)).is_closed).toBe(true);
    const keys = ["purchases/show", "purchases/index", "purchases/return_to_draft", "purchases/destroy", "purchases/update"];
    const clerk = await t.userWith(keys, { inventory_ids: [1] });
    const back = await t.api("POST", `/api/purchases/${p.id}/return_to_draft`, { token: clerk.token });
    expect(back.status).toBe(422);
    expect(back.body.message).toBe(DOC_STATE_MSG.closed);
    const del = await t.api("DELETE", `/api/purchases/${p.id}`, { token: clerk.token });
    expect([del.status, del.body.message]).toEqual([422, DOC_STATE_MSG.closed]);
    const [still] = await q<{ status: string; is_closed: boolean }>(sql`select status, is_closed from purchases where id = ${p.id}`);
    expect(still).toEqual({ status: "complete", is_closed: true });
    expect(await entriesOf("purchase", p.id)).toBe(1);

    const manager = await t.userWith([...keys, "purchases/unclose"], { inventory_ids: [1] });
    const allowed = await t.api("POST", `/api/purchases/${p.id}/return_to_draft`, { token: manager.token });
    expect(allowed.status).toBe(200);
    expect([allowed.body.data.status, allowed.body.data.is_closed]).toEqual(["draft", true]);
    // Its entry reversed: one entry and its reversal.
    expect(await entriesOf("purchase", p.id)).toBe(2);
    expect((await t.api("DELETE", `/api/purchases/${p.id}`, { token: manager.token })).status).toBe(200);
  });
});

describe("closing a period", () => {
  it("closes every document up to the date in one action, the sections the caller may close", async () => {
    const inside = await purchase("2026-11-30 23:00");
    const after = await purchase("2026-12-01 08:00");
    const res = await t.api("POST", "/api/documents/close_period", { body: { date: "2026-11-30" } });
    expect(res.status).toBe(200);
    const byKind = Object.fromEntries(res.body.data.closed.map((c: { section: string; count: number }) => [c.section, c.count]));
    // The fixture's purchase of 20 Nov and the one of 30 Nov.
    expect(byKind.purchases).toBe(2);
    const rows = await q<{ id: number; is_closed: boolean }>(
      sql`select id, is_closed from purchases where id in (${inside.id}, ${after.id}) order by id`,
    );
    expect(rows.map((r) => r.is_closed)).toEqual([true, false]);
    // Closing again closes nothing more.
    const again = await t.api("POST", "/api/documents/close_period", { body: { date: "2026-11-30", sections: ["purchases"] } });
    expect(again.body.data.closed).toEqual([{ section: "purchases", count: 0 }]);

    const buyer = await t.userWith(["purchases/close"], { inventory_ids: [1] });
    const mine = await t.api("POST", "/api/documents/close_period", { token: buyer.token, body: { date: "2026-12-01" } });
    expect(mine.body.data.closed).toEqual([{ section: "purchases", count: 1 }]);
    expect(
      (await t.api("POST", "/api/documents/close_period", { token: buyer.token, body: { date: "2026-12-01", sections: ["sales"] } }))
        .status,
    ).toBe(403);
    const nobody = await t.userWith(["sales/index"]);
    expect((await t.api("POST", "/api/documents/close_period", { token: nobody.token, body: { date: "2026-12-01" } })).status).toBe(403);
    const bad = await t.api("POST", "/api/documents/close_period", { body: { sections: ["nothing"] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["date", "sections.0"]);
  });
});

describe("a write-off waiting for approval", () => {
  const body = () => ({
    inventory_id: 1,
    date: "2026-12-02 10:00",
    disposal_type: "destruct",
    lines: [{ item_id: amox, unit_id: box, quantity: "1" }],
  });

  it("posts and moves nothing until approved; approved, it goes out", async () => {
    const clerk = await t.userWith(["asset_disposals/index", "asset_disposals/show", "asset_disposals/store", "asset_disposals/complete"], {
      inventory_ids: [1],
    });
    const stockBefore = await onHand(amox);
    const draft = (await t.api("POST", "/api/asset_disposals", { token: clerk.token, body: body() })).body.data;
    const done = await t.api("POST", `/api/asset_disposals/${draft.id}/complete`, { token: clerk.token });
    expect(done.status).toBe(200);
    expect([done.body.data.status, done.body.data.approval]).toEqual(["draft", "pending"]);
    expect(await entriesOf("asset_disposal", draft.id)).toBe(0);
    expect(await onHand(amox)).toBe(stockBefore);
    const twice = await t.api("POST", `/api/asset_disposals/${draft.id}/complete`, { token: clerk.token });
    expect([twice.status, twice.body.message]).toEqual([422, DOC_STATE_MSG.awaitingApproval]);
    // Approving is its own key.
    expect((await t.api("POST", `/api/asset_disposals/${draft.id}/approve`, { token: clerk.token })).status).toBe(403);

    const approved = await ok(`/api/asset_disposals/${draft.id}/approve`);
    expect([approved.status, approved.approval]).toEqual(["complete", "approved"]);
    expect(await entriesOf("asset_disposal", draft.id)).toBe(1);
    expect(await onHand(amox)).toBe(stockBefore - 10);

    // Returned to draft it is decided again; disapproved, Done is refused until it is changed.
    const back = await ok(`/api/asset_disposals/${draft.id}/return_to_draft`);
    expect([back.status, back.approval]).toEqual(["draft", null]);
    expect(await onHand(amox)).toBe(stockBefore);
    expect((await ok(`/api/asset_disposals/${draft.id}/disapprove`)).approval).toBe("disapproved");
    const refused = await t.api("POST", `/api/asset_disposals/${draft.id}/complete`, { token: clerk.token });
    expect([refused.status, refused.body.message]).toEqual([422, DOC_STATE_MSG.disapproved]);
    expect(await entriesOf("asset_disposal", draft.id)).toBe(2);
    expect(await onHand(amox)).toBe(stockBefore);
  });

  it("closes and opens; closed, it is refused to a user without unclose", async () => {
    const d = await created("/api/asset_disposals", body());
    expect((await ok(`/api/asset_disposals/${d.id}/close`)).is_closed).toBe(true);
    expect((await t.api("POST", `/api/asset_disposals/${d.id}/close`)).body.message).toBe(DOC_STATE_MSG.alreadyClosed);
    const clerk = await t.userWith(["asset_disposals/show", "asset_disposals/destroy", "asset_disposals/complete"], { inventory_ids: [1] });
    expect((await t.api("DELETE", `/api/asset_disposals/${d.id}`, { token: clerk.token })).body.message).toBe(DOC_STATE_MSG.closed);
    expect((await t.api("POST", `/api/asset_disposals/${d.id}/complete`, { token: clerk.token })).body.message).toBe(DOC_STATE_MSG.closed);
    expect((await ok(`/api/asset_disposals/${d.id}/open`)).is_closed).toBe(false);
    expect((await t.api("DELETE", `/api/asset_disposals/${d.id}`, { token: clerk.token })).status).toBe(200);
  });
});
