import { MSG } from "@app/contracts";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installAccessControl, type RouteInfo } from "../src/platform/http.js";
import { createTestApp, type TestApp } from "./harness.js";

let t: TestApp;
let nobody: string;
beforeAll(async () => {
  t = await createTestApp();
  nobody = (await t.userWith([])).token;
});
afterAll(() => t.close());

/** A concrete URL for a route: every path parameter becomes 1, a wildcard becomes a name. */
export const concrete = (url: string, id = "1") => url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, id).replace(/\*/g, "x");

describe("access control on every route", () => {
  it("knows the routes of every module", () => {
    const keys = new Set(t.routes.map((r) => `${r.method} ${r.url}`));
    for (const k of [
      "POST /api/auth/login",
      "POST /api/auth/me",
      "GET /api/users",
      "PATCH /api/users/:id",
      "DELETE /api/roles/:id",
      "GET /api/user_pins/list",
      "POST /api/outlets_store",
      "GET /api/model_loges",
      "POST /api/images",
      "GET /api/inventory_adjustments/sheet/:inventoryId",
      "POST /api/inventory_adjustments/:id/complete",
      "POST /api/asset_disposals/:id/complete",
      "POST /api/asset_disposals/:id/return_to_draft",
      "PATCH /api/inventory_opening_balances/:id",
      "GET /api/promotions/list",
      "PATCH /api/promotions/:id",
      "POST /api/pricing/quote",
      "POST /api/item_pricings/preview",
      "POST /api/item_pricings",
      "GET /api/purchase_orders/suggestions",
      "POST /api/purchase_orders/:id/receive",
      "POST /api/purchase_orders/:id/images",
    ]) {
      expect(keys.has(k), k).toBe(true);
    }
    expect(keys.size).toBe(t.routes.length);
  });

  it("answers 401 without a token and 403 without the route's permission, on every protected route", async () => {
    let unauthorized = 0;
    let forbidden = 0;
    const failures: string[] = [];
    for (const route of t.routes) {
      if (route.permission === "public") continue;
      const url = concrete(route.url);
      const method = route.method as "GET";
      const anon = await t.app.inject({ method, url, payload: method === "GET" ? undefined : {} });
      if (anon.statusCode !== 401 || anon.json().message !== MSG.unauthorized)
        failures.push(`${method} ${url} without a token: ${anon.statusCode}`);
      else unauthorized++;
      if (route.permission === "authenticated") continue;
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${nobody}` },
        payload: method === "GET" ? undefined : {},
      });
      if (res.statusCode !== 403 || res.json().message !== MSG.forbidden)
        failures.push(`${method} ${url} without permission: ${res.statusCode}`);
      else forbidden++;
    }
    console.log(
      `access control: ${t.routes.length} routes, ${unauthorized} answered 401 without a token, ${forbidden} answered 403 without the permission`,
    );
    expect(failures).toEqual([]);
    expect(unauthorized).toBeGreaterThan(40);
    expect(forbidden).toBeGreaterThan(30);
  });

  it("lets the same user through once they hold the permission", async () => {
    const u = await t.userWith(["roles/index"]);
    expect((await t.api("GET", "/api/roles", { token: u.token })).status).toBe(200);
    expect((await t.api("GET", "/api/users", { token: u.token })).status).toBe(403);
    const viaRole = await t.api("POST", "/api/roles", { body: { role_name: "Auditor", permissions: ["users/index"] } });
    const v = await t.userWith([], { user_role: viaRole.body.data.role_id });
    expect((await t.api("GET", "/api/users", { token: v.token })).status).toBe(200);
  });

  it("refuses to start when a route declares no permission", () => {
    const app = Fastify();
    const registry: RouteInfo[] = [];
    installAccessControl(app, registry);
    app.get("/api/declared", { config: { permission: "public" } }, async () => ({}));
    expect(() => app.get("/api/undeclared", async () => ({}))).toThrow("Route GET /api/undeclared declares no permission");
    expect(registry).toEqual([{ method: "GET", url: "/api/declared", permission: "public" }]);
  });
});
