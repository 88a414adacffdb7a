import type { MeResponse } from "@app/contracts";
import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FEATURES } from "../../features";
import { HomePage } from "../../features/home/HomePage";
import { session } from "../../shared/api/session";
import { config } from "../config";
import { AREAS } from "../feature";
import { SessionContext, SessionKeeper } from "../session";
import { AREA_ICONS, SCREEN_ICONS } from "./menuIcons";
import { SideMenu } from "./SideMenu";

const me = (user_id: number, permissions: string[]): MeResponse => ({
  user_id,
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

function Shell({ user, children }: { user: MeResponse; children: ReactNode }) {
  const systemConfig = {
    currency_fk: 1,
    currency: { currency_id: 1, currency_name: "IQD", symbol: "IQD" },
    cashier_login_option: "Name" as const,
    pagination_default: 10,
    pagination_options: "10,50",
    shop_name: "Test Shop",
  };
  return (
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SessionContext.Provider value={{ me: user, systemConfig }}>{children}</SessionContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("menu entries and tiles follow permissions", () => {
  it("a user holding only users/index gets only Staff", () => {
    render(
      <Shell user={me(7, ["users/index"])}>
        <SideMenu onNavigate={() => {}} />
        <HomePage />
      </Shell>,
    );
    expect(screen.getAllByTestId(/^tile-/).map((t) => t.dataset.testid)).toEqual(["tile-staff"]);
    expect(screen.getByTestId("side-menu").textContent).toContain("Staff");
    expect(screen.getByTestId("side-menu").textContent).not.toContain("Roles and Permissions");
  });

  it("the super user sees every staff screen", () => {
    render(
      <Shell user={me(1, [])}>
        <HomePage />
      </Shell>,
    );
    for (const id of ["tile-staff", "tile-roles", "tile-pins"]) expect(screen.getByTestId(id)).toBeTruthy();
  });
});

describe("menu icons", () => {
  it("every screen in the menu or on the tiles, and every area, has its icon; none is kept for a screen that is gone", () => {
    const shown = new Set(FEATURES.filter((f) => f.menu || f.tile).map((f) => f.key));
    expect([...shown].filter((k) => !SCREEN_ICONS[k])).toEqual([]);
    expect(Object.keys(SCREEN_ICONS).filter((k) => !shown.has(k))).toEqual([]);
    expect(AREAS.filter((a) => !AREA_ICONS[a.key])).toEqual([]);
  });
});

describe("session keeping", () => {
  it("refreshes the token on its interval and logs out after the idle time, but input keeps the session", () => {
    vi.useFakeTimers();
    session.setToken("t");
    const fetchMock = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () => new Response(JSON.stringify({ access_token: "t2" }), { status: 200 }));
    const ended = vi.fn();
    const off = session.onLogout(ended);
    render(
      <Shell user={me(1, [])}>
        <SessionKeeper />
      </Shell>,
    );
    act(() => {
      vi.advanceTimersByTime(config.inactivityCheckMs - 1000);
      window.dispatchEvent(new KeyboardEvent("keydown"));
      vi.advanceTimersByTime(1000);
    });
    expect(ended).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(config.inactivityCheckMs);
    });
    expect(ended).toHaveBeenCalledWith("inactive");
    // Two idle checks span an hour, so the 56-minute refresh ran once.
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(["/api/auth/refresh"]);
    fetchMock.mockRestore();
    off();
  });
});
