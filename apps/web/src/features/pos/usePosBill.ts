import type { PosCustomer, PosItem, PosUnit } from "@app/contracts";
import { useCallback, useEffect, useMemo, useState } from "react";
import { addToBill, priceBill } from "./bill";
import type { CatalogueIndex } from "./catalogue";
import { type BillLineState, type HeldBill, holdsStore } from "./posDb";

/**
 * The bill on the till: its lines, the selected one, the customer, the question before throwing it
 * away, and the bill priced with THE price function. `walkIn`: the customer of a bill naming none.
 */
export function usePosBill(opts: { index: CatalogueIndex | null; walkIn: number | null; systemCurrency: number; rate: string }) {
  const { index, walkIn, systemCurrency, rate } = opts;
  const [lines, setLines] = useState<BillLineState[]>([]);
  const [selected, setSelected] = useState(0);
  const [customerId, setCustomerId] = useState<number | null>(null);
  // Esc asked to throw a bill with lines away: a second Esc (or Enter) does it, any other key keeps the bill.
  const [cancelAsked, setCancelAsked] = useState(false);
  const [holdCount, setHoldCount] = useState(0);

  const refreshHolds = useCallback(async () => setHoldCount((await holdsStore.all()).length), []);
  useEffect(() => void refreshHolds(), [refreshHolds]);

  const customers = index?.meta.customers ?? [];
  const customer: PosCustomer | null = customers.find((c) => c.consumer_id === (customerId ?? walkIn)) ?? null;
  const bill = useMemo(
    () => (index && lines.length ? priceBill(index, lines, { customer, system_currency_id: systemCurrency, rate: rate || "1" }) : null),
    [index, lines, customer, systemCurrency, rate],
  );

  const add = useCallback((item: PosItem, unit: PosUnit) => {
    setLines((ls) => {
      const next = addToBill(ls, item, unit);
      setSelected(next.findIndex((l) => l.item_id === item.item_id && l.item_unit_id === unit.item_unit_id));
      return next;
    });
  }, []);
  const setLine = useCallback(
    (i: number, patch: Partial<BillLineState>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l))),
    [],
  );
  const removeLine = useCallback((i: number) => {
    setLines((ls) => {
      setSelected((x) => Math.max(0, Math.min(x, ls.length - 2)));
      return ls.filter((_, j) => j !== i);
    });
  }, []);
  const clearBill = useCallback(() => {
    setCancelAsked(false);
    setLines([]);
    setCustomerId(null);
    setSelected(0);
  }, []);
  const resume = useCallback((h: HeldBill) => {
    setLines(h.lines);
    setCustomerId(h.customer_id);
  }, []);

  // While the question is shown, Enter confirms it (before the scan field takes the Enter), and any
  // other key (a scanned code's first digit, an F key) keeps the bill and goes on as it would.
  useEffect(() => {
    if (!cancelAsked) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" || ["Shift", "Control", "Alt", "Meta"].includes(e.key)) return;
      if (e.key === "Enter") {
        e.preventDefault();
        e.stopPropagation();
        clearBill();
        return;
      }
      setCancelAsked(false);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  });

  return {
    lines,
    selected,
    setSelected,
    customerId,
    setCustomerId,
    customer,
    /** The customer named on the bill (not the walk-in one), as a sale and a receipt name it. */
    named: customer && customer.consumer_id !== walkIn ? customer : null,
    bill,
    cancelAsked,
    setCancelAsked,
    holdCount,
    refreshHolds,
    add,
    setLine,
    removeLine,
    clearBill,
    resume,
  };
}
export type PosBillState = ReturnType<typeof usePosBill>;
