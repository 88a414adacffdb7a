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
  (await t.database.db.execute<{ print_receipt: string }>(sql`select print_receipt from pos_settings where id = 1`)).rows[0]?.print_receipt;
const session = async () => (await t.api("GET", "/api/pos/session", { token: cashier.token })).body.data;
const base = { fib_account_fk: null, smallest_iqd_amount: "250", smallest_usd_amount: "1" };

describe("POS settings: the receipt after payment", () => {
  it("is never printed by itself until the settings say otherwise", async () => {
    expect((await t.api("GET", "/api/pos/settings")).body.data.print_receipt).toBe("never");
    expect((await session()).print_receipt).toBe("never");
  });

  it("saves always, ask and never, shows each in the settings and gives it to the till", async () => {
    for (const choice of ["always", "ask", "never", "ask"] as const) {
      const saved = await t.api("POST", "/api/pos/settings", { body: { ...base, print_receipt: choice } });
      expect(saved.status).toBe(200);
      expect(saved.body.data.print_receipt).toBe(choice);
      expect(await stored()).toBe(choice);
      expect((await t.api("GET", "/api/pos/settings")).body.data.print_receipt).toBe(choice);
      expect((await session()).print_receipt).toBe(choice);
    }
    const audited = await t.database.db.execute<{ before: { print_receipt: string }; after: { print_receipt: string } }>(
      sql`select before, after from audit_logs where module = 'pos_settings' order by id desc limit 1`,
    );
    expect(audited.rows[0]).toMatchObject({ before: { print_receipt: "never" }, after: { print_receipt: "ask" } });
  });

  it("refuses a choice it does not know with the field's message, and keeps the saved one", async () => {
    for (const bad of ["sometimes", "", 1, null]) {
      const res = await t.api("POST", "/api/pos/settings", { body: { ...base, smallest_iqd_amount: "500", print_receipt: bad } });
      expect(res.status).toBe(422);
      expect(res.body.errors.print_receipt).toEqual(["The selected print receipt is invalid."]);
    }
    expect(await stored()).toBe("ask");
    expect((await session()).smallest_iqd_amount).toBe("250");
  });

  it("keeps the saved choice when a save leaves it out", async () => {
    const res = await t.api("POST", "/api/pos/settings", { body: { ...base, smallest_iqd_amount: "500" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ smallest_iqd_amount: "500", print_receipt: "ask" });
    expect((await session()).print_receipt).toBe("ask");
  });
});
