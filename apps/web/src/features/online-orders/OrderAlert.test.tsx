import type { MeResponse } from "@app/contracts";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionContext } from "../../app/session";
import { OrderAlert } from "./OrderAlert";
import { pendingCountQuery } from "./onlineOrders.queries";

const me = (permissions: string[]): MeResponse => ({
  user_id: 7,
  user_name: "u",
  user_full_name: "Test User",
  email: "u@x.test",
  outlet_fk: 1,
  is_cashier: false,
  permissions,
  inventories: [],
  lang: "en",
  theme: "light",
  pagination_default: 10,
  pagination_options: "10,50",
});

const systemConfig = {
  currency_fk: 1,
  currency: { currency_id: 1, currency_name: "IQD", symbol: "IQD" },
  cashier_login_option: "Name" as const,
  pagination_default: 10,
  pagination_options: "10,50",
  shop_name: "Test Shop",
};

function Shell({ permissions, client, children }: { permissions: string[]; client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SessionContext.Provider value={{ me: me(permissions), systemConfig }}>{children}</SessionContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

let count = 0;
const chimes = vi.fn();

beforeEach(() => {
  count = 2;
  chimes.mockClear();
  localStorage.clear();
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes("pending_order_alert")) return new Response(JSON.stringify({ message: count }), { status: 200 });
    // The stream: refused here, so the alert keeps to the poll.
    return new Response("", { status: 503 });
  });
  class FakeAudio {
    state = "running";
    currentTime = 0;
    destination = {};
    resume = async () => {};
    createOscillator() {
      chimes();
      return { type: "", frequency: { value: 0 }, connect: (n: unknown) => n, start() {}, stop() {} };
    }
    createGain() {
      return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n: unknown) => n };
    }
  }
  vi.stubGlobal("AudioContext", FakeAudio);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("the pending orders' alert", () => {
  it("shows nothing on the first count, rings with a banner when it rises, and stops when acknowledged", async () => {
    const client = new QueryClient();
    render(
      <Shell permissions={["online_orders/show"]} client={client}>
        <OrderAlert />
      </Shell>,
    );
    await waitFor(() => expect(client.getQueryData(pendingCountQuery.queryKey)).toBe(2));
    expect(screen.queryByTestId("online-order-alert")).toBeNull();
    expect(chimes).not.toHaveBeenCalled();
    count = 3;
    await act(() => client.refetchQueries({ queryKey: pendingCountQuery.queryKey }));
    expect(await screen.findByTestId("online-order-alert")).toBeTruthy();
    expect(chimes).toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("online-order-ack"));
    expect(screen.queryByTestId("online-order-alert")).toBeNull();
  });

  it("keeps muting on this device: the banner shows, no chime", async () => {
    localStorage.setItem("souq.onlineOrders.muted", "1");
    const client = new QueryClient();
    render(
      <Shell permissions={["online_orders/show"]} client={client}>
        <OrderAlert />
      </Shell>,
    );
    await waitFor(() => expect(client.getQueryData(pendingCountQuery.queryKey)).toBe(2));
    count = 5;
    await act(() => client.refetchQueries({ queryKey: pendingCountQuery.queryKey }));
    expect(await screen.findByTestId("online-order-alert")).toBeTruthy();
    expect(chimes).not.toHaveBeenCalled();
  });

  it("asks nothing of a user without online_orders/show", async () => {
    const client = new QueryClient();
    render(
      <Shell permissions={["sales/index"]} client={client}>
        <OrderAlert />
      </Shell>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it("polls every 30 seconds", () => {
    expect(pendingCountQuery.refetchInterval).toBe(30_000);
  });
});
