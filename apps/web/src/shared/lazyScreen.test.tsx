import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { lazyScreen } from "./lazyScreen";

describe("lazyScreen", () => {
  it("loads its code once, whether preloaded first or rendered first", async () => {
    const load = vi.fn(async () => ({ Page: () => <p>the page</p> }));
    const Page = lazyScreen(load, "Page");
    const early = Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText("the page")).toBeTruthy();
    await early;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries a failed load again on the next preload or render", async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error("offline");
      return { Page: () => <p>back online</p> };
    });
    const Page = lazyScreen(load, "Page");
    await expect(Page.preload()).rejects.toThrow("offline");
    fail = false;
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText("back online")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
