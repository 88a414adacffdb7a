import { MSG } from "@app/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness.js";

// Three guesses of a PIN per account and address, as the sign-in counts them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_ATTEMPTS: "3", LOGIN_ACCOUNT_ATTEMPTS: "6", LOGIN_WINDOW_SECONDS: "300" });
});
afterAll(() => t?.close());

/** Every till of the shop reaches the server from the shop's one address. */
const SHOP = "10.0.20.1";

describe("the cashier switch at the till", () => {
  it("lets a cashier take over on the till that knows them while PIN guesses from the shop's address are held back", async () => {
    const cashier = (name: string) =>
      t.userWith(["pos_sales/store"], { is_cashier: true, outlet_fk: 1, user_name: name, inventory_ids: [1] });
    const first = await cashier("morning cashier");
    const second = await cashier("evening cashier");
    for (const [u, pin] of [
      [first, "2468"],
      [second, "1357"],
    ] as const)
      expect((await t.api("POST", "/api/user_pins", { body: { name: `pin ${pin}`, pin, user_id: u.user_id } })).status).toBe(201);
    const signIn = (userId: number, pin: string, cookie?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/auth/cashier_login",
        payload: { outlet_id: 1, user_id: userId, pin },
        remoteAddress: SHOP,
        headers: cookie ? { cookie } : {},
      });
    // The evening cashier signed in on this till before: its browser holds the device cookie,
    // sent with every API call (its path is /api), the switch among them.
    const evening = await signIn(second.user_id, "1357");
    expect(evening.statusCode).toBe(200);
    const setCookie = String(evening.headers["set-cookie"]);
    expect(setCookie).toMatch(/Path=\/api;/);
    const till = setCookie.split(";")[0]!;
    // The morning cashier is at that till now; another till of the shop has a token of its own.
    const morning = await signIn(first.user_id, "2468", till);
    expect(morning.statusCode).toBe(200);
    const token = (morning.json() as { access_token: string }).access_token;
    const switchTo = (pin: string, cookie?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/pos/switch_cashier",
        payload: { user: second.user_id, pin },
        remoteAddress: SHOP,
        headers: { authorization: `Bearer ${token}`, ...(cookie ? { cookie } : {}) },
      });

    // Someone at another till guesses the evening cashier's PIN.
    const guesses: number[] = [];
    for (let i = 0; i < 5; i++) guesses.push((await switchTo("0000")).statusCode);
    expect(guesses).toEqual([422, 422, 422, 429, 429]);
    // The right PIN from a till that does not know the evening cashier waits with the guesses...
    const stranger = await switchTo("1357");
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toBe(MSG.tooManyAttempts);
    // ...and from the till they signed in on, it switches.
    const own = await switchTo("1357", till);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ user_id: second.user_id, user_name: "evening cashier" });
  });
});
