/**
 * Every numeric field selects its whole figure when it gets focus, so that what is typed replaces
 * it: a payment dialog opened with the bill's total in its cash field, a rate field holding the
 * last rate, a quantity of 1. Appending instead recorded 189,505,000 IQD tendered for "5,000"
 * typed after 189,500,000, and a rate of 13,101,480 for "1,480" typed after 1,310.
 *
 * A numeric field is an input with `inputmode="decimal"` or `"numeric"` (MoneyInput, the till's
 * fields, Mantine's NumberInput, the grids' cells) or `type="number"`; a new field gets the
 * behaviour by declaring its input mode, which it needs anyway for the phone's digit keyboard.
 * One listener on the document does it for the back office and the till alike (main.tsx).
 *
 * Chromium places the caret of a mouse press inside a selection on the mouseup, which undoes a
 * selection made by the focus that press caused: that one mouseup is cancelled, so the figure
 * stays selected. The same goes for the first press into a field the screen focused (a dialog's
 * first field) while its figure is still selected; any later press places the caret as usual.
 */
const NUMERIC_MODES = new Set(["decimal", "numeric"]);

export function isNumericField(target: EventTarget | null): target is HTMLInputElement {
  if (!(target instanceof Element) || target.tagName !== "INPUT") return false;
  const input = target as HTMLInputElement;
  if (input.readOnly || input.disabled) return false;
  return input.type === "number" || NUMERIC_MODES.has((input.getAttribute("inputmode") ?? "").toLowerCase());
}

function selectAll(input: HTMLInputElement) {
  // `select()` works on every input type; selection offsets do not exist on type="number".
  if (input.value !== "") input.select();
}

const wholeSelected = (input: HTMLInputElement) => {
  try {
    return input.selectionStart === 0 && input.selectionEnd === input.value.length;
  } catch {
    return true;
  }
};

/** Installs the behaviour on `doc`; answers its removal (for tests). */
export function installSelectOnFocus(doc: Document = document): () => void {
  /** The numeric field whose whole figure the current mouse press keeps selected. */
  let focusing: HTMLInputElement | null = null;
  /** Fields pressed since they got focus: their next press places the caret. */
  const pressed = new WeakSet<HTMLInputElement>();

  const onMouseDown = (e: MouseEvent) => {
    const input = isNumericField(e.target) ? e.target : null;
    focusing = input && (doc.activeElement !== input || (!pressed.has(input) && wholeSelected(input))) ? input : null;
    if (input) pressed.add(input);
  };
  const onFocusIn = (e: FocusEvent) => {
    if (!isNumericField(e.target)) return;
    // Focus that a press gives comes after its mousedown: that press counts as the first.
    if (focusing !== e.target) pressed.delete(e.target);
    selectAll(e.target);
  };
  const onMouseUp = (e: MouseEvent) => {
    const input = focusing;
    focusing = null;
    // Only the press that focused it, and only while the figure is still whole (a drag chose part of it).
    if (input && doc.activeElement === input && input.value !== "" && wholeSelected(input)) e.preventDefault();
  };

  doc.addEventListener("mousedown", onMouseDown, true);
  doc.addEventListener("focusin", onFocusIn, true);
  doc.addEventListener("mouseup", onMouseUp, true);
  return () => {
    doc.removeEventListener("mousedown", onMouseDown, true);
    doc.removeEventListener("focusin", onFocusIn, true);
    doc.removeEventListener("mouseup", onMouseUp, true);
  };
}
