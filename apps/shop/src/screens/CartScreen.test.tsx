import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

// jsdom lacks the layout APIs Mantine reads.
beforeAll(() => {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.HTMLElement.prototype.scrollIntoView = () => {};
  window.scrollTo = () => {};
  Object.defineProperty(document, "fonts", {
    configurable: true,
    value: { status: "loaded", ready: Promise.resolve(), addEventListener: () => {}, removeEventListener: () => {} },
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const quote = {
  currency_id: 1,
  lines: [
    {
      item_id: 1,
      item_name: "Rose water",
      unit_id: 1,
      unit_name: "Piece",
      quantity: "2",
      unit_price: "3500.000",
      net_price: "3500.000",
      line_total: "7000.000",
      available: true,
      message: null,
    },
  ],
  gross: "7000.000",
  discount_amount: "500.000",
  total: "6500.000",
  orderable: true,
};
const address = {
  address_id: 4,
  city_id: 1,
  city_name: "Baghdad",
  landmark: "Near the mosque",
  street: null,
  lat: null,
  lng: null,
  is_default: true,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("the cart screen", () => {
  it("shows the server's quote and sends one Idempotency-Key for every retry of the same placement", async () => {
    localStorage.setItem("shop.lang", "en");
    localStorage.setItem("shop.token", "shp_test");
    localStorage.setItem("shop.cart", JSON.stringify([{ item_id: 1, unit_id: 1, item_name: "Rose water", quantity: 2 }]));
    history.replaceState(null, "", "/shop/cart");
    const placements: { key: string | null; body: unknown }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const path = url.replace("/api/shop/v1", "");
        if (path === "/cart/quote") return json({ data: quote });
        if (path === "/addresses") return json({ data: [address] });
        if (path === "/orders" && init.method === "POST") {
          placements.push({ key: new Headers(init.headers).get("Idempotency-Key"), body: JSON.parse(String(init.body)) });
          // The first answer is lost on the way; the retry is answered.
          if (placements.length === 1) throw new TypeError("Failed to fetch");
          return json({ message: "Added Successfully", data: { order_id: 9 } }, 201);
        }
        if (path === "/orders/9") return json({ message: "Not Found" }, 404);
        return json({ data: [] });
      }),
    );
    const { App } = await import("../App");
    render(<App />);
    expect(await screen.findByTestId("cart-total")).toHaveProperty("textContent", "6,500 IQD");
    expect(screen.getByTestId("line-total").textContent).toBe("7,000 IQD");
    expect(screen.getByText("500 IQD")).toBeTruthy();
    const place = await screen.findByRole("button", { name: "Place order" });
    await waitFor(() => expect(place.hasAttribute("disabled")).toBe(false));

    await act(async () => fireEvent.click(place));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", expect.stringContaining("No connection to the shop"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Place order" })));
    await waitFor(() => expect(location.pathname).toBe("/shop/orders/9"));

    expect(placements).toHaveLength(2);
    expect(placements[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(placements[1]!.key).toBe(placements[0]!.key);
    expect(placements[0]!.body).toEqual({ lines: [{ item_id: 1, unit_id: 1, quantity: "2" }], address_id: 4, note: null });
    // The placed order empties the cart.
    expect(JSON.parse(localStorage.getItem("shop.cart")!)).toEqual([]);
  });
});
