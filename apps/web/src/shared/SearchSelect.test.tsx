import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { enterMovesOn } from "./enterMovesOn";
import { SearchSelect } from "./SearchSelect";

const parties = [
  { value: "3", label: "Ahmad Store" },
  { value: "7", label: "Zanko Pharmacy" },
  { value: "9", label: "Zagros Market" },
];

/** A document's form with a party above and a line below (a select and a quantity), as DocForm binds Enter. */
function DocumentForm({ onSubmit, onParty }: { onSubmit: () => void; onParty: (v: string | null) => void }) {
  const [party, setParty] = useState<string | null>(null);
  return (
    <MantineProvider env="test">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
        onKeyDown={(e) => enterMovesOn(e, true)}
      >
        <SearchSelect
          label="Customer"
          data={parties}
          value={party}
          onChange={(v) => {
            setParty(v);
            onParty(v);
          }}
          error={party ? undefined : "The customer field is required."}
          data-testid="party"
        />
        <table>
          <tbody>
            <tr>
              <td>
                <input aria-label="Quantity" data-testid="qty" />
              </td>
              <td>
                <input aria-label="Price" data-testid="price" />
              </td>
            </tr>
            <tr>
              <td>
                <input aria-label="Quantity 2" data-testid="qty2" />
              </td>
            </tr>
          </tbody>
        </table>
        <button type="submit">Save</button>
      </form>
    </MantineProvider>
  );
}

const enter = (el: Element) => fireEvent.keyDown(el, { key: "Enter", code: "Enter", keyCode: 13 });

describe("Enter in a document's form", () => {
  it("picks a typed name with one match, moves on, and never submits the document", () => {
    const onSubmit = vi.fn();
    const onParty = vi.fn();
    render(<DocumentForm onSubmit={onSubmit} onParty={onParty} />);
    const party = screen.getByTestId("party");
    party.focus();
    fireEvent.input(party, { target: { value: "zank" } });
    fireEvent.change(party, { target: { value: "zank" } });
    enter(party);
    expect(onParty).toHaveBeenCalledWith("7");
    expect((party as HTMLInputElement).value).toBe("Zanko Pharmacy");
    // The field's error went with the choice that put it right.
    expect(screen.queryByText("The customer field is required.")).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId("qty"));
    // In a line: the next field of the line, then the next line's first; nothing submitted.
    enter(screen.getByTestId("qty"));
    expect(document.activeElement).toBe(screen.getByTestId("price"));
    enter(screen.getByTestId("price"));
    expect(document.activeElement).toBe(screen.getByTestId("qty2"));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("a name with more than one match is not guessed: Enter picks nothing", () => {
    const onParty = vi.fn();
    render(<DocumentForm onSubmit={vi.fn()} onParty={onParty} />);
    const party = screen.getByTestId("party");
    party.focus();
    fireEvent.input(party, { target: { value: "Za" } });
    fireEvent.change(party, { target: { value: "Za" } });
    enter(party);
    expect(onParty).not.toHaveBeenCalled();
  });

  it("keeps a typed text that finds nothing, with the field's error, until it is typed again", () => {
    render(<DocumentForm onSubmit={vi.fn()} onParty={vi.fn()} />);
    const party = screen.getByTestId("party");
    party.focus();
    fireEvent.input(party, { target: { value: "Nobody" } });
    fireEvent.change(party, { target: { value: "Nobody" } });
    fireEvent.blur(party);
    expect((party as HTMLInputElement).value).toBe("Nobody");
    expect(screen.getByText('Nothing matches "Nobody". Choose one from the list.')).toBeTruthy();
    fireEvent.input(party, { target: { value: "Ahm" } });
    fireEvent.change(party, { target: { value: "Ahm" } });
    expect(screen.queryByText(/Nothing matches/)).toBeNull();
    enter(party);
    expect((party as HTMLInputElement).value).toBe("Ahmad Store");
  });

  it("outside a line of a form that is no document, Enter is left alone (a dialog's Enter saves)", () => {
    const onSubmit = vi.fn();
    render(
      <form onKeyDown={(e) => enterMovesOn(e, false)} onSubmit={onSubmit}>
        <input data-testid="name" />
        <input data-testid="other" />
      </form>,
    );
    const name = screen.getByTestId("name");
    name.focus();
    const event = new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true });
    name.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(document.activeElement).toBe(name);
  });
});
