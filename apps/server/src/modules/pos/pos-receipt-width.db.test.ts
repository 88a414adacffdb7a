import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

let t: TestApp;
let cashier: { token: string; user_id: number };
beforeAll(async () => {
  t = await createTestApp();
  cashier = await t.userWith(["pos_sales/store"], { is_cashier: true, outlet_fk: 1, inventory_ids: [1] });
});
afterAll(() => t.close());

const stored = async () =>
  (await t.database.db.execute<{ receipt_width: number }>(sql`select receipt_width from pos_settings where id = 1`)).rows[0]?.receipt_width;
const session = async () => (await t.api("GET", "/api/pos/session", { token: cashier.token })).body.data;
const base = { fib_account_fk: null, smallest_iqd_amount: "250", smallest_usd_amount: "1" };

describe("POS settings: the receipt roll's width", () => {
  it("is 80 mm until the settings say otherwise", async () => {
    expect((await t.api("GET", "/api/pos/settings")).body.data.receipt_width).toBe(80);
    expect((await session()).receipt_width).toBe(80);
  });

  it("saves 58 and 80, shows each in the settings, gives it to the till and audits the change", async () => {
    for (const width of [58, 80, "58"] as const) {
      const saved = await t.api("POST", "/api/pos/settings", { body: { ...base, receipt_width: width } });
      expect(saved.status).toBe(200);
      expect(saved.body.data.receipt_width).toBe(Number(width));
      expect(await stored()).toBe(Number(width));
      expect((await t.api("GET", "/api/pos/settings")).body.data.receipt_width).toBe(Number(width));
      expect((await session()).receipt_width).toBe(Number(width));
    }
    const audited = await t.database.db.execute<{ before: { receipt_width: number }; after: { receipt_width: number } }>(
      sql`select before, after from audit_logs where module = 'pos_settings' order by id desc limit 1`,
    );
    expect(audited.rows[0]).toMatchObject({ before: { receipt_width: 80 }, after: { receipt_width: 58 } });
  });

  it("refuses a width it does not print with the field's message, and keeps the saved one", async () => {
    for (const bad of [76, "", "wide", null, 0]) {
      const res = await t.api("POST", "/api/pos/settings", { body: { ...base, smallest_iqd_amount: "500", receipt_width: bad } });
      expect(res.status).toBe(422);
      expect(res.body.errors.receipt_width).toEqual(["The selected receipt width is invalid."]);
    }
    expect(await stored()).toBe(58);
    expect((await session()).smallest_iqd_amount).toBe("250");
  });

  it("keeps the saved width when a save leaves it out, and the print choice when a save gives only the width", async () => {
    await t.api("POST", "/api/pos/settings", { body: { ...base, print_receipt: "ask" } });
    expect((await t.api("GET", "/api/pos/settings")).body.data).toMatchObject({ receipt_width: 58, print_receipt: "ask" });
    const res = await t.api("POST", "/api/pos/settings", { body: { ...base, receipt_width: 80 } });
    expect(res.body.data).toMatchObject({ receipt_width: 80, print_receipt: "ask" });
  });

  it("the database refuses a width the settings do not offer", async () => {
    await expect(t.database.db.execute(sql`update pos_settings set receipt_width = 76 where id = 1`)).rejects.toThrow();
  });
});
