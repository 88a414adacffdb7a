import { MSG } from "@app/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "../../app/i18n";
import { errorText } from "../notify";
import { ApiError, api, refreshToken } from "./client";
import { session } from "./session";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("api client and session", () => {
  it("sends the bearer token and logs out on 400 Token is Expired.", async () => {
    session.setToken("abc");
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(400, { message: MSG.tokenExpired }));
    const ended = vi.fn();
    const off = session.onLogout(ended);
    await expect(api("users")).rejects.toBeInstanceOf(ApiError);
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe("Bearer abc");
    expect(session.getToken()).toBeNull();
    expect(ended).toHaveBeenCalledWith("expired");
    off();
  });

  it("sends a given token instead of the session's, and its expiry ends no session", async () => {
    session.setToken("kept");
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(json(400, { message: MSG.tokenExpired }));
    const ended = vi.fn();
    const off = session.onLogout(ended);
    await expect(api("auth/two_factor/enable", { method: "POST", body: {}, token: "setup" })).rejects.toBeInstanceOf(ApiError);
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe("Bearer setup");
    expect(session.getToken()).toBe("kept");
    expect(ended).not.toHaveBeenCalled();
    off();
  });

  it("makes requests wait 600 ms while a refresh is pending", async () => {
    vi.useFakeTimers();
    session.setToken("old");
    let finishRefresh: (r: Response) => void = () => {};
    const calls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation((input) => {
      const url = String(input);
      calls.push(url);
      if (url.endsWith("auth/refresh")) return new Promise((r) => (finishRefresh = r));
      return Promise.resolve(json(200, { data: 1 }));
    });
    const refreshing = refreshToken();
    const request = api("users");
    await vi.advanceTimersByTimeAsync(599);
    expect(calls).toEqual(["/api/auth/refresh"]);
    finishRefresh(json(200, { access_token: "new", token_type: "bearer", expires_in: 3600 }));
    await refreshing;
    await vi.advanceTimersByTimeAsync(1);
    await request;
    expect(calls).toEqual(["/api/auth/refresh", "/api/users"]);
    expect(session.getToken()).toBe("new");
  });
});

describe("error notices (SPEC §8)", () => {
  it("shows nothing for a 400 or an expired token", () => {
    expect(errorText(new ApiError(400, { message: "Bad" }))).toBeNull();
    expect(errorText(new ApiError(401, { message: MSG.tokenExpired }))).toBeNull();
  });

  it("shows SQLSTATE as Database Error [code]", () => {
    expect(errorText(new ApiError(500, { message: "SQLSTATE[23505]: Unique violation" }))).toBe("Database Error [23505]");
  });

  it("shows an errors object as field: first message", () => {
    expect(errorText(new ApiError(422, { message: "x", errors: { email: ["The email field is required.", "other"], pin: ["p"] } }))).toBe(
      "E-mail: The email field is required.\nPIN: P.",
    );
  });

  it("shows the server's message in the user's language", async () => {
    await i18n.changeLanguage("ar");
    expect(errorText(new ApiError(404, { message: MSG.noCashiers }))).toBe("لا يوجد كاشير لهذا الفرع");
    await i18n.changeLanguage("en");
    expect(errorText(new ApiError(403, { message: MSG.forbidden }))).toBe(MSG.forbidden);
  });
});
