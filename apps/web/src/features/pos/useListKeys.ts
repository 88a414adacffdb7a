import { type KeyboardEvent, useState } from "react";

/** Arrow keys move through a result list, Enter picks: the mouse is never needed. */
export function useListKeys<T>(rows: T[], pick: (row: T) => void) {
  const [at, setAt] = useState(0);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown") setAt((x) => Math.min(rows.length - 1, x + 1));
    else if (e.key === "ArrowUp") setAt((x) => Math.max(0, x - 1));
    else if (e.key === "Enter" && rows[at]) pick(rows[at] as T);
    else return;
    e.preventDefault();
  };
  return { at: Math.min(at, Math.max(0, rows.length - 1)), setAt, onKeyDown };
}
