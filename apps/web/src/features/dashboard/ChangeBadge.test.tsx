import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import i18n from "../../app/i18n";
import { ChangeBadge } from "./ChangeBadge";

afterEach(() => i18n.changeLanguage("en"));

const badge = (props: Parameters<typeof ChangeBadge>[0]) =>
  render(
    <MantineProvider env="test">
      <ChangeBadge testId="badge" {...props} />
    </MantineProvider>,
  );

describe("change badge", () => {
  it("shows a rise in green with its arrow up toward the line's end, and says it in words", async () => {
    await i18n.changeLanguage("en");
    badge({ changePct: "12.5" });
    const b = screen.getByTestId("badge");
    expect(b.dataset.tone).toBe("good");
    expect(b.querySelector(".tabler-icon-arrow-up-right")).not.toBeNull();
    expect(b.querySelector(".amount")?.textContent).toBe("+12.5%");
    expect(b.textContent).toContain("Up +12.5% on the period before");
  });

  it("mirrors its arrow right to left, and counts more returns as bad news", async () => {
    await i18n.changeLanguage("ar");
    badge({ changePct: "8", upIsGood: false });
    const b = screen.getByTestId("badge");
    expect(b.dataset.tone).toBe("bad");
    expect(b.querySelector(".tabler-icon-arrow-up-left")).not.toBeNull();
    expect(b.textContent).toContain("ارتفاع +8% عن الفترة السابقة");
  });

  it("shows no badge against a previous period of nothing", async () => {
    badge({ changePct: null });
    expect(screen.queryByTestId("badge")).toBeNull();
  });
});
