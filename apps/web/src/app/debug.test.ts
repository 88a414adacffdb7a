import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { session } from "../shared/api/session";
import { APP_VERSION, apiOrigin, clearCachedData, type Diagnostics, diagnosticText, tokenExpiry } from "./debug";
import { meQuery, systemConfigQuery } from "./session";

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const EXP = 1_900_000_000;
const TOKEN = `${b64url({ alg: "HS256", typ: "JWT" })}.${b64url({ sub: "7", exp: EXP, jti: "a-secret-jti" })}.c2lnbmF0dXJlLXRoYXQtbXVzdC1zdGF5LXByaXZhdGU`;

const info = (token: string | null): Diagnostics => ({
  version: APP_VERSION,
  buildTime: "2025-01-02T03:04:05.000Z",
  apiOrigin: apiOrigin("https://shop.example"),
  userId: 7,
  language: "ar",
  direction: "rtl",
  theme: "dark",
  userAgent: "Mozilla/5.0 SouqPOS",
  posTerminal: true,
  tokenExpiresAt: tokenExpiry(token),
  nextRefreshAt: Date.UTC(2030, 0, 1, 12, 0, 0),
});

describe("diagnostic info", () => {
  it("reads the token's expiry from its exp", () => {
    expect(tokenExpiry(TOKEN)).toBe(EXP * 1000);
    expect(tokenExpiry(null)).toBeNull();
    expect(tokenExpiry("not-a-token")).toBeNull();
    expect(tokenExpiry("a.%%%.c")).toBeNull();
  });

  it("names the version, the API, the user, the language, the terminal and the session's times", () => {
    const text = diagnosticText(info(TOKEN));
    expect(APP_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    expect(text).toContain(`Version: ${APP_VERSION}`);
    expect(text).toContain("Build time: 2025-01-02T03:04:05.000Z");
    expect(text).toContain("API: https://shop.example/api");
    expect(text).toContain("User id: 7");
    expect(text).toContain("Language: ar");
    expect(text).toContain("Direction: rtl");
    expect(text).toContain("Theme: dark");
    expect(text).toContain("User agent: Mozilla/5.0 SouqPOS");
    expect(text).toContain("POS terminal: yes");
    expect(text).toContain(`Token expires: ${new Date(EXP * 1000).toISOString()}`);
    expect(text).toContain("Next token refresh: 2030-01-01T12:00:00.000Z");
  });

  it("never holds the token or any part of it", () => {
    const text = diagnosticText(info(TOKEN));
    for (const part of [TOKEN, ...TOKEN.split(".")]) expect(text).not.toContain(part);
    expect(text).not.toContain("a-secret-jti");
    expect(text).not.toMatch(/bearer|eyJ/i);
  });

  it("says so when there is no session", () => {
    const text = diagnosticText({ ...info(null), nextRefreshAt: null });
    expect(text).toContain("Token expires: -");
    expect(text).toContain("Next token refresh: -");
  });
});

describe("clearing cached data", () => {
  it("forgets cached answers and remembered UI state but keeps the session, the profile and the choices", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(meQuery.queryKey, { user_id: 7 } as never);
    queryClient.setQueryData(systemConfigQuery.queryKey, { shop_name: "S" } as never);
    queryClient.setQueryData(["model_hidden_columns", "users"], "email");
    queryClient.setQueryData(["sidebar_setting"], false);
    session.setToken(TOKEN);
    localStorage.setItem("lang", "ckb");
    localStorage.setItem("theme", "dark");
    localStorage.setItem("some-ui-state", "1");

    await clearCachedData(queryClient);

    expect(queryClient.getQueryData(["model_hidden_columns", "users"])).toBeUndefined();
    expect(queryClient.getQueryData(["sidebar_setting"])).toBeUndefined();
    expect(queryClient.getQueryData(meQuery.queryKey)).toEqual({ user_id: 7 });
    expect(queryClient.getQueryData(systemConfigQuery.queryKey)).toEqual({ shop_name: "S" });
    expect(session.getToken()).toBe(TOKEN);
    expect(localStorage.getItem("lang")).toBe("ckb");
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(localStorage.getItem("some-ui-state")).toBeNull();
  });
});
