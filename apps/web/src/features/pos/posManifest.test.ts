import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { POS_MANIFEST, usePosManifest } from "./posManifest";

describe("usePosManifest", () => {
  afterEach(() => {
    for (const l of document.head.querySelectorAll('link[rel="manifest"]')) l.remove();
  });

  it("links the till's manifest while mounted and the back office's again after", () => {
    const link = document.createElement("link");
    link.rel = "manifest";
    link.href = "/manifest.webmanifest";
    document.head.append(link);
    const { unmount } = renderHook(() => usePosManifest());
    expect(link.getAttribute("href")).toBe(POS_MANIFEST);
    unmount();
    expect(link.getAttribute("href")).toBe("/manifest.webmanifest");
  });

  it("does nothing on a page without a manifest link", () => {
    const { unmount } = renderHook(() => usePosManifest());
    expect(document.querySelector('link[rel="manifest"]')).toBeNull();
    unmount();
  });
});
