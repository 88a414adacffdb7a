import type { KeyboardEvent } from "react";

/** The fields Enter moves between: what a person types into or picks from, never a button. */
const FIELD = [
  "input:not([type=hidden]):not([type=file]):not([type=checkbox]):not([type=radio]):not([disabled]):not([readonly])",
  // A select that is not searchable is a read-only input that opens its options.
  "input[aria-haspopup]:not([disabled])",
  "select:not([disabled])",
  "textarea:not([disabled]):not([readonly])",
].join(", ");

/** The field after `from` inside `scope` in the reading order (the next of its line, then the next line's first), if any. */
export function nextField(scope: HTMLElement, from: Element): HTMLElement | null {
  const fields = [...scope.querySelectorAll<HTMLElement>(FIELD)].filter((f) => f.tabIndex >= 0 && (f.checkVisibility?.() ?? true));
  const at = fields.indexOf(from as HTMLElement);
  return at >= 0 ? (fields[at + 1] ?? null) : null;
}

/**
 * Enter inside a document's form (`whole`) or inside one of its lines (a row of a table body, or
 * a `[data-line]`) never submits the document: it moves to the next field, the next of the line
 * and then the next line's first, as a shop's clerk expects after typing a quantity. A select's
 * own Enter (the highlighted option picked) has run by then; a textarea keeps its new line, and
 * Enter on a button still presses it. Bound to the form's `onKeyDown`.
 */
export function enterMovesOn(e: KeyboardEvent<HTMLElement>, whole: boolean): void {
  if (e.key !== "Enter" || e.nativeEvent.isComposing || e.altKey || e.ctrlKey || e.metaKey) return;
  const target = e.target as HTMLElement;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLButtonElement) return;
  if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
  if (!whole && !target.closest("tbody tr, [data-line]")) return;
  e.preventDefault();
  nextField(e.currentTarget, target)?.focus();
}
