import { useSyncExternalStore } from "react";

/** The cart, kept on this phone (local storage) until the order is placed. */
export interface CartLine {
  item_id: number;
  unit_id: number;
  item_name: string;
  quantity: number;
}
const KEY = "shop.cart";
const listeners = new Set<() => void>();
let lines: CartLine[] = read();

function read(): CartLine[] {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}
function write(next: CartLine[]) {
  lines = next;
  localStorage.setItem(KEY, JSON.stringify(next));
  for (const f of listeners) f();
}

export const cart = {
  lines: () => lines,
  add(line: Omit<CartLine, "quantity">, quantity = 1) {
    const found = lines.find((l) => l.item_id === line.item_id && l.unit_id === line.unit_id);
    write(found ? lines.map((l) => (l === found ? { ...l, quantity: l.quantity + quantity } : l)) : [...lines, { ...line, quantity }]);
  },
  set(item_id: number, unit_id: number, quantity: number) {
    write(
      quantity <= 0
        ? lines.filter((l) => !(l.item_id === item_id && l.unit_id === unit_id))
        : lines.map((l) => (l.item_id === item_id && l.unit_id === unit_id ? { ...l, quantity } : l)),
    );
  },
  clear: () => write([]),
  subscribe(f: () => void) {
    listeners.add(f);
    return () => void listeners.delete(f);
  },
};

export const useCart = () => useSyncExternalStore(cart.subscribe, cart.lines);
/** The cart as the API's body: each line's item, unit and quantity. */
export const cartBody = (ls: CartLine[]) => ls.map((l) => ({ item_id: l.item_id, unit_id: l.unit_id, quantity: String(l.quantity) }));
