import { hashKey } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "../shared/api/session";
import { listPageQuery, parseListState, toApiQuery, wasPreloaded } from "../shared/DataTable/listQuery";
import { startSignedInLoad } from "./boot";
import { createQueryClient } from "./queryClient";

const json = (data: unknown) => new Response(JSON.stringify(data), { status: 200, headers: { "content-type": "application/json" } });
const me = { user_id: 1, email: "a@b.c", permissions: ["items/index"], pagination_default: 50, pagination_options: "10,50,100" };
const config = { pagination_default: 10, pagination_options: "10,50,100", currency_fk: 1 };
const items = { data: [{ item_id: 1, item_name: "Tea" }], total: 1 };

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  history.replaceState(null, "", "/");
});

describe("a page load", () => {
  it("asks for a list's first page, as its DataTable will, once the profile and the settings are in", async () => {
    session.setToken("t");
    history.replaceState(null, "", "/warehouse/items?search=tea&page=2");
    const asked: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input), "http://x");
      asked.push(`${url.pathname}${url.search}`);
      if (url.pathname === "/api/auth/me") return json({ data: me });
      if (url.pathname === "/api/system_config") return json({ data: config });
      if (url.pathname === "/api/items") return json({ data: items });
      return json({ data: {} });
    });
    const queryClient = createQueryClient();
    startSignedInLoad(queryClient, "/warehouse/items");

    // What ItemListPage's DataTable asks for: the address's search and page, the profile's page size.
    const state = parseListState(new URLSearchParams("search=tea&page=2"), { perPage: 50, sortColumn: null });
    const page = listPageQuery("items", toApiQuery(state, { paged: true }));
    await vi.waitFor(() => expect(queryClient.getQueryData(page.queryKey)).toEqual(items));
    expect(asked.filter((a) => a.startsWith("/api/items"))).toEqual(["/api/items?search=tea&sortDir=desc&page=2&per_page=50"]);
    // Its first mount shows that answer instead of asking again.
    expect(wasPreloaded(hashKey(page.queryKey))).toBe(true);
  });

  it("asks for no list on a screen without one, nor before sign-in", async () => {
    const asked: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      asked.push(new URL(String(input instanceof Request ? input.url : input), "http://x").pathname);
      return json({ data: {} });
    });
    startSignedInLoad(createQueryClient(), "/warehouse/items");
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toEqual([]);
  });
});
