import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import i18n from "i18next";
import { describe, expect, it } from "vitest";
import type { PriceStep } from "../api/sales";
import { PriceSteps } from "./PriceSteps";

const steps = (qty: number): PriceStep[] => [
  { step: "unit_price", unit_price: "2500", amount: String(2500 * qty), change: String(2500 * qty) },
  { step: "line_discount", percent: "10", amount: String(2250 * qty), change: String(-250 * qty) },
];

const shown = async (lang: string, qty: number) => {
  await i18n.changeLanguage(lang);
  render(
    <MantineProvider env="test">
      <PriceSteps steps={steps(qty)} currency="IQD" />
    </MantineProvider>,
  );
  return screen.getByTestId("line-steps").textContent;
};

describe("a line's price steps", () => {
  it("say what the line starts at when its quantity is more than one, since the later steps change the line", async () => {
    expect(await shown("en", 3)).toBe("Sale price 2,500 IQD, line 7,500 → Discount 10% -750");
  });
  it("show the unit price alone for one unit, where the line is the unit", async () => {
    expect(await shown("en", 1)).toBe("Sale price 2,500 IQD → Discount 10% -250");
  });
  it("in Arabic too", async () => {
    expect(await shown("ar", 3)).toContain("السطر 7,500");
    await i18n.changeLanguage("en");
  });

  it("keeps a price step's sign in front of its figure in Arabic", async () => {
    await i18n.changeLanguage("ar");
    render(
      <MantineProvider env="test">
        <PriceSteps
          steps={[
            { step: "unit_price", unit_price: "2500", amount: "2500", change: "2500" },
            { step: "tax", percent: "5", amount: "2625", change: "125" },
          ]}
          currency="IQD"
        />
      </MantineProvider>,
    );
    const figures = [...screen.getByTestId("line-steps").querySelectorAll('[dir="ltr"]')].map((e) => e.textContent);
    expect(figures).toEqual(["2,500 IQD", "5%", "+125"]);
    await i18n.changeLanguage("en");
  });
});
