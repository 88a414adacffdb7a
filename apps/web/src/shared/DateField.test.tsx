import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import i18n from "../app/i18n";
import { DateField } from "./DateField";

function Field() {
  const [value, setValue] = useState<string | null>(null);
  return (
    <MantineProvider env="test">
      <DateField aria-label="Expiry" value={value} onChange={setValue} data-testid="expiry" />
      <output data-testid="value">{value ?? ""}</output>
    </MantineProvider>
  );
}

const calendarShown = () => document.querySelector("[data-dates-dropdown]") !== null;

describe("date field", () => {
  it("closes its calendar once a whole date is typed, and opens it again on a click", async () => {
    await i18n.changeLanguage("en");
    render(<Field />);
    const input = screen.getByTestId("expiry");
    fireEvent.focus(input);
    fireEvent.click(input);
    expect(calendarShown()).toBe(true);
    // Half a date: the calendar stays, to pick from.
    fireEvent.input(input, { target: { value: "31/12/20" } });
    expect(calendarShown()).toBe(true);
    fireEvent.input(input, { target: { value: "31/12/2030" } });
    expect(screen.getByTestId("value").textContent).toBe("2030-12-31");
    expect(calendarShown()).toBe(false);
    fireEvent.click(input);
    expect(calendarShown()).toBe(true);
    // Typing on past a whole date opens it too.
    fireEvent.input(input, { target: { value: "31/12/203" } });
    expect(calendarShown()).toBe(true);
  });

  it("reads a date typed year first in Arabic-Indic digits right to left, and closes; Enter and Esc close it too", async () => {
    await i18n.changeLanguage("ar");
    render(<Field />);
    const input = screen.getByTestId("expiry");
    fireEvent.focus(input);
    fireEvent.input(input, { target: { value: "٢٠٣٠-١٢-٣١" } });
    expect(screen.getByTestId("value").textContent).toBe("2030-12-31");
    expect(calendarShown()).toBe(false);

    fireEvent.click(input);
    fireEvent.input(input, { target: { value: "٢٠٣٠-١٢" } });
    expect(calendarShown()).toBe(true);
    fireEvent.keyDown(input, { key: "Enter" });
    expect(calendarShown()).toBe(false);

    fireEvent.click(input);
    expect(calendarShown()).toBe(true);
    fireEvent.keyDown(input, { key: "Escape" });
    expect(calendarShown()).toBe(false);
    await i18n.changeLanguage("en");
  });
});
