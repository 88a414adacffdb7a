import { useEffect, useRef } from "react";
import { dialogShown } from "../../shared/dialogShown";
import { inEmptyScanField } from "./ScanField";

/** Every action of the till and its key; the buttons show the same keys. */
export const POS_KEYS = {
  search: "F2",
  customer: "F3",
  hold: "F4",
  holds: "Shift+F4",
  returnBill: "F6",
  printLast: "F7",
  pay: "F8",
  switchCashier: "F9",
  openDrawer: "F10",
  queue: "Alt+Q",
  cancel: "Escape",
  remove: "Delete",
} as const;
export type PosAction = keyof typeof POS_KEYS;

/** The key as a button shows it. */
export const keyLabel = (action: PosAction | "enter") =>
  action === "enter" ? "Enter" : POS_KEYS[action].replace("Escape", "Esc").replace("Delete", "Del");

/** The key of an event as POS_KEYS writes it ("Shift+F4", "Alt+Q", "F8"). */
export function keyName(e: Pick<KeyboardEvent, "key" | "shiftKey" | "altKey" | "ctrlKey">): string {
  const key = e.key.length === 1 ? e.key.toUpperCase() : e.key;
  return `${e.ctrlKey ? "Ctrl+" : ""}${e.altKey ? "Alt+" : ""}${e.shiftKey && key.length > 1 ? "Shift+" : ""}${key}`;
}

const BY_KEY = new Map(Object.entries(POS_KEYS).map(([action, key]) => [key as string, action as PosAction]));

/**
 * Hears the till's keys anywhere on the page. Function keys work even inside a field (the cashier
 * types a quantity and presses F8); Delete and Escape are left to an open dialog or a field.
 */
export function usePosKeys(handler: (action: PosAction) => boolean | undefined) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = BY_KEY.get(keyName(e));
      if (!action) return;
      const target = e.target as HTMLElement | null;
      // The scan field holds the focus while nothing is typed in it: the till's keys still act there.
      const inField = !!target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) && !inEmptyScanField(target);
      if ((action === "remove" || action === "cancel") && (inField || dialogShown())) return;
      if (ref.current(action) !== false) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
