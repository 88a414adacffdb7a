import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../../../test/harness.js";

/** A salesman's commission type is required (no commission is a choice): none given would silently earn nothing. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REQUIRED = "The commission type field is required.";
const user = (extra: Record<string, unknown>) => ({
  user_name: "nadia",
  email: "nadia@example.com",
  new_password: TEST_PASSWORD,
  new_password_confirmation: TEST_PASSWORD,
  ...extra,
});
const users = async () => Number((await t.database.db.execute<{ n: string }>(sql`select count(*)::text n from users`)).rows[0]!.n);

describe("a salesman's commission type", () => {
  it("is required when he is made, and when a user is made a salesman; the user is saved as he was", async () => {
    const before = await users();
    const none = await t.api("POST", "/api/users", { body: user({ is_salesman: true, sale_man_name: "Nadia S" }) });
    expect(none.status).toBe(422);
    expect(none.body.errors.commission_type).toEqual([REQUIRED]);
    expect(await users()).toBe(before);

    const plain = await t.api("POST", "/api/users", { body: user({}) });
    expect(plain.status).toBe(201);
    const id = plain.body.data.user_id;
    const made = await t.api("PATCH", `/api/users/${id}`, { body: { user_name: "nadia", email: "nadia@example.com", is_salesman: true } });
    expect(made.status).toBe(422);
    expect(made.body.errors.commission_type).toEqual([REQUIRED]);
    expect((await t.api("GET", `/api/users/${id}`)).body.data).toMatchObject({ is_salesman: false, commission_type: null });

    const chosen = await t.api("PATCH", `/api/users/${id}`, {
      body: { user_name: "nadia", email: "nadia@example.com", is_salesman: true, commission_type: "no_commission" },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({ is_salesman: true, commission_type: "no_commission" });
  });
});
