import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useBarcodeScanner } from "../../shared/useBarcodeScanner";
import { inEmptyScanField, ScanField, scannedCode } from "./ScanField";

afterEach(() => vi.useRealTimers());

/** A scanner's keys on the page itself, in one burst (as the browser tests' scanner sends them). */
function scanOnPage(code: string) {
  (document.activeElement as HTMLElement | null)?.blur();
  for (const key of [...code, "Enter"])
    for (const type of ["keydown", "keyup"]) document.body.dispatchEvent(new KeyboardEvent(type, { key, bubbles: true, cancelable: true }));
}

function Till({ onScan }: { onScan: (code: string) => void }) {
  useBarcodeScanner(onScan);
  return <ScanField onScan={onScan} label="Scan" testId="scan" />;
}

function field() {
  const scans: string[] = [];
  render(<ScanField onScan={(c) => scans.push(c)} label="Scan" testId="scan" />);
  return { input: screen.getByTestId("scan") as HTMLInputElement, scans };
}

/** Text committed in one piece, as an input method, a wedge app or a paste puts it in the field. */
const commit = (input: HTMLInputElement, text: string, inputType = "insertText") =>
  fireEvent.input(input, { target: { value: input.value + text }, data: inputType === "insertText" ? text : null, inputType });

describe("the till's scan field", () => {
  it("takes the focus when the screen opens", () => {
    const { input } = field();
    expect(document.activeElement).toBe(input);
  });

  it("reads a code committed as text in Arabic-Indic or Extended digits, with its Enter", () => {
    const { input, scans } = field();
    commit(input, "٦٢٩١٠٤١٥٠٠٢١٣");
    fireEvent.keyDown(input, { key: "Enter" });
    commit(input, "۶۲۹۱۰۴۱۵۰۰۲۱۳");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(scans).toEqual(["6291041500213", "6291041500213"]);
    expect(input.value).toBe("");
  });

  it("reads a code committed or pasted without an Enter a moment later, once", () => {
    vi.useFakeTimers();
    const { input, scans } = field();
    commit(input, "٧٧١٢٣٤٥٦٧٨");
    expect(scans).toEqual([]);
    act(() => vi.advanceTimersByTime(200));
    expect(scans).toEqual(["7712345678"]);
    commit(input, "\u200f٦٢٨١٠٠٠\u200e", "insertFromPaste");
    // Its Enter comes before the wait is over: one scan, not two.
    fireEvent.keyDown(input, { key: "Enter" });
    act(() => vi.advanceTimersByTime(500));
    expect(scans).toEqual(["7712345678", "6281000"]);
  });

  it("waits for the Enter of a code typed key by key, and does not scan an empty field", () => {
    vi.useFakeTimers();
    const { input, scans } = field();
    for (const d of "٤٥٦٧") commit(input, d);
    act(() => vi.advanceTimersByTime(500));
    expect(scans).toEqual([]);
    fireEvent.keyDown(input, { key: "Enter" });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(scans).toEqual(["4567"]);
  });

  it("lets the till's keys act while it is empty", () => {
    const { input } = field();
    expect(inEmptyScanField(input)).toBe(true);
    commit(input, "1");
    expect(inEmptyScanField(input)).toBe(false);
    expect(inEmptyScanField(document.body)).toBe(false);
    expect(scannedCode(" ٠١٢٣ ۴۵۶ ")).toBe("0123456");
  });

  it("lets a code scanned right after a till key pressed in it (F8 to pay, Esc) add its line", () => {
    const scans: string[] = [];
    render(<Till onScan={(c) => scans.push(c)} />);
    const input = screen.getByTestId("scan") as HTMLInputElement;
    fireEvent.keyDown(input, { key: "F8" });
    scanOnPage("6291041500213");
    input.focus();
    fireEvent.keyDown(input, { key: "Escape" });
    scanOnPage("7712345678");
    expect(scans).toEqual(["6291041500213", "7712345678"]);
  });
});
