import { MantineProvider } from "@mantine/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "../../app/i18n";
import { ChainVerify, ChainVerifyResult } from "./ChainVerify";

const api = vi.hoisted(() => vi.fn());
const held = vi.hoisted(() => ({ keys: new Set<string>() }));
vi.mock("../../shared/api/client", () => ({ api }));
vi.mock("../../app/session", () => ({ useCan: () => (key: string) => held.keys.has(key) }));

afterEach(() => i18n.changeLanguage("en"));

const HASH = "3f".repeat(32);
const wrap = (node: React.ReactNode) =>
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
    </MantineProvider>,
  );

describe("the audit chain's verification", () => {
  it("verifies on the button and shows the head hash and the rows checked", async () => {
    await i18n.changeLanguage("en");
    held.keys = new Set(["model_loges/verify"]);
    api.mockResolvedValueOnce({ data: { ok: true, rows_checked: 1234, head: { id: 1240, hash: HASH }, first_mismatch: null } });
    wrap(<ChainVerify />);
    fireEvent.click(screen.getByRole("button", { name: "Verify chain" }));
    const result = await screen.findByTestId("chain-verify-result");
    expect(api).toHaveBeenCalledWith("model_loges/verify", { method: "POST" });
    expect(result.dataset.ok).toBe("true");
    expect(result.textContent).toContain("The chain is intact");
    expect(screen.getByTestId("chain-rows-checked").textContent).toBe("1234 rows checked");
    expect(screen.getByTestId("chain-head-hash").textContent).toBe(HASH);
    expect(result.textContent).toContain("row 1240");
    expect(screen.queryByTestId("chain-first-mismatch")).toBeNull();
  });

  it("names the first mismatching row and why, in Arabic and Kurdish too", async () => {
    const broken = {
      ok: false,
      rows_checked: 41,
      head: { id: 99, hash: HASH },
      first_mismatch: { id: 42, reason: "content_changed" as const },
    };
    await i18n.changeLanguage("en");
    const en = wrap(<ChainVerifyResult result={broken} />);
    expect(screen.getByTestId("chain-first-mismatch").textContent).toBe("First row that does not match: 42 (its content was changed)");
    en.unmount();
    await i18n.changeLanguage("ar");
    const ar = wrap(<ChainVerifyResult result={broken} />);
    expect(screen.getByTestId("chain-verify-result").textContent).toContain("السلسلة مكسورة");
    expect(screen.getByTestId("chain-first-mismatch").textContent).toBe("أول صف غير مطابق: 42 (تغيّر محتواه)");
    ar.unmount();
    await i18n.changeLanguage("ckb");
    wrap(<ChainVerifyResult result={{ ...broken, first_mismatch: { id: 7, reason: "row_missing_before" } }} />);
    expect(screen.getByTestId("chain-first-mismatch").textContent).toBe("یەکەم ڕیزی نەگونجاو: 7 (ڕیزێکی پێش ئەو ونە)");
    expect(screen.getByTestId("chain-head-hash").textContent).toBe(HASH);
  });

  it("is not offered without model_loges/verify", () => {
    held.keys = new Set(["model_loges/users_log"]);
    wrap(<ChainVerify />);
    expect(screen.queryByTestId("chain-verify")).toBeNull();
  });
});
