import { MantineProvider, NumberInput, TextInput } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MoneyField } from "../features/pos/PosFields";
import { QtyInput } from "../features/pos/QtyInput";
import { MoneyInput } from "./MoneyInput";
import { installSelectOnFocus } from "./selectOnFocus";

let uninstall: () => void;
beforeAll(() => {
  uninstall = installSelectOnFocus(document);
});
afterAll(() => uninstall());

/** Keys typed as a browser applies them: each replaces the selection, or goes in at the caret. */
function typeKeys(input: HTMLInputElement, text: string) {
  for (const ch of text) {
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    fireEvent.change(input, { target: { value: input.value.slice(0, start) + ch + input.value.slice(end) } });
  }
}

/** A click as Chromium delivers it: mousedown (which focuses), mouseup; answers whether mouseup's default went ahead. */
function click(input: HTMLInputElement) {
  fireEvent.mouseDown(input);
  if (document.activeElement !== input) input.focus();
  const proceeded = fireEvent.mouseUp(input);
  fireEvent.click(input);
  return proceeded;
}

const whole = (input: HTMLInputElement) => [input.selectionStart, input.selectionEnd];

function Fields() {
  const [cash, setCash] = useState("189500000");
  const [rate, setRate] = useState("1310");
  const [qty, setQty] = useState("48");
  const [count, setCount] = useState<string | number>(7);
  const [name, setName] = useState("Tea");
  return (
    <MantineProvider env="test">
      <MoneyField label="Cash IQD" value={cash} onChange={setCash} data-testid="cash" />
      <MoneyInput label="Rate" value={rate} onChange={setRate} data-testid="rate" />
      <QtyInput label="Quantity" value={qty} onChange={setQty} testId="qty" />
      <NumberInput label="Keep days" value={count} onChange={setCount} data-testid="count" />
      <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="name" />
      <output data-testid="saved">{JSON.stringify({ cash, rate, qty, count, name })}</output>
    </MantineProvider>
  );
}

const saved = () => JSON.parse(screen.getByTestId("saved").textContent ?? "{}");

describe("numeric fields select their figure on focus", () => {
  it("a click into a filled field selects it all and what is typed replaces it", () => {
    render(<Fields />);
    const cash = screen.getByTestId("cash") as HTMLInputElement;
    expect(cash.value).toBe("189,500,000");
    // The mouseup after the focusing press is cancelled, or Chromium would put the caret at the click.
    expect(click(cash)).toBe(false);
    expect(whole(cash)).toEqual([0, cash.value.length]);
    typeKeys(cash, "5,000");
    expect(cash.value).toBe("5,000");
    expect(saved().cash).toBe("5000");

    const rate = screen.getByTestId("rate") as HTMLInputElement;
    expect(click(rate)).toBe(false);
    typeKeys(rate, "1480");
    expect(saved().rate).toBe("1480");

    const qty = screen.getByTestId("qty") as HTMLInputElement;
    click(qty);
    typeKeys(qty, "12");
    expect(saved().qty).toBe("12");

    const count = screen.getByTestId("count") as HTMLInputElement;
    click(count);
    expect(whole(count)).toEqual([0, 1]);
    typeKeys(count, "30");
    expect(saved().count).toBe(30);
  });

  it("a second click inside the focused field places the caret as usual", () => {
    render(<Fields />);
    const cash = screen.getByTestId("cash") as HTMLInputElement;
    click(cash);
    expect(click(cash)).toBe(true);
    // The browser puts the caret where the second click landed; typing then goes in there.
    cash.setSelectionRange(cash.value.length, cash.value.length);
    typeKeys(cash, "0");
    expect(saved().cash).toBe("1895000000");
  });

  it("a field reached with the keyboard or focused by the screen selects its figure too", () => {
    render(<Fields />);
    const rate = screen.getByTestId("rate") as HTMLInputElement;
    rate.setSelectionRange(rate.value.length, rate.value.length);
    rate.focus();
    expect(whole(rate)).toEqual([0, rate.value.length]);
    typeKeys(rate, "1,480");
    expect(saved().rate).toBe("1480");
  });

  it("the first click into a field the screen focused keeps its figure selected; the next places the caret", () => {
    render(<Fields />);
    const cash = screen.getByTestId("cash") as HTMLInputElement;
    // A dialog focuses its first field itself (data-autofocus): the cashier then clicks into it.
    cash.focus();
    expect(click(cash)).toBe(false);
    expect(whole(cash)).toEqual([0, cash.value.length]);
    typeKeys(cash, "5000");
    expect(saved().cash).toBe("5000");
    expect(click(cash)).toBe(true);
  });

  it("leaves text fields and empty fields alone", () => {
    render(<Fields />);
    const name = screen.getByTestId("name") as HTMLInputElement;
    name.setSelectionRange(3, 3);
    expect(click(name)).toBe(true);
    expect(whole(name)).toEqual([3, 3]);
    const cash = screen.getByTestId("cash") as HTMLInputElement;
    fireEvent.change(cash, { target: { value: "" } });
    name.focus();
    expect(click(cash)).toBe(true);
  });
});
