import type { PosSaleInput } from "@app/contracts";
import type Decimal from "decimal.js";
import type { Tx } from "../../db/client.js";
import type { AuthUser } from "../../platform/context.js";
import { HttpError } from "../../platform/errors.js";
import type { itemsWithUnitsFrom } from "../catalogue/item-units.js";
import type { JournalLineRow } from "../ledger/journal.js";
import { D, Dec } from "../ledger/money.js";
import type { quoteDataFrom } from "../pricing/quote.js";
import type { CostRow, itemsFrom, LockedBalance } from "../stock/stock.js";
import type { PosSettings } from "./pos-session.js";

/** What a booking of POS sales works with: the sales sent, their answers, what it read and what it plans to write. */

export interface BatchSale {
  user: AuthUser;
  ip: string | null;
  now: Date;
  input: PosSaleInput;
  /** The body as the till sent it (what its key's hash and a review keep). */
  body: unknown;
  key: string;
  hash: string;
}

export interface BatchAnswer {
  status: number;
  body: unknown;
  /** The key's stored answer, sent again. */
  replayed?: boolean;
}

/** When a sale was made: an offline one when the till made it, unless its clock is in the future. */
export function saleAt(s: Pick<BatchSale, "input" | "now">): Date {
  if (!s.input.offline) return s.now;
  const at = new Date(s.input.client_created_at);
  return at.getTime() > s.now.getTime() ? s.now : at;
}

/** A sale refused in the words the till shows (422, on the field). */
export const refuse = (field: string, message: string): never => {
  throw new HttpError(422, message, { [field]: [message] });
};

/** What the booking expected to have read and did not: a fault, not a refusal. */
export const missing = (what: string): never => {
  throw new Error(`POS booking: ${what} not read`);
};

export const dp = (v: Decimal.Value, places: number) => D(v).toDecimalPlaces(places, Dec.ROUND_HALF_UP);

export interface Env {
  firstOutlet: number | null;
  defaultInventory: number | null;
  walkIn: number;
  settings: PosSettings;
  rates: (at: Date) => Promise<{ rate: string; in_rate: string }>;
  drawers: Map<number, Map<number, number>>;
  customers: Map<number, { name: string; mobile: string | null; address: string | null; iqd: number | null; usd: number | null }>;
  items: ReturnType<typeof itemsWithUnitsFrom>;
  quote: ReturnType<typeof quoteDataFrom>;
  stockItems: ReturnType<typeof itemsFrom>;
  keys: Record<string, { account_id: number; currency_id: number }>;
  accountCurrency: Map<number, number>;
  /** Stock rows as they stand after the sales worked out so far (locked). */
  left: Map<string, LockedBalance>;
  batches: Map<number, { batch_no: string | null; expire_date: string | null }>;
  costs: Map<number, CostRow>;
  /** Cash accounts' balances in their currency as they stand (the change leaves its currency's drawer). */
  cash: Map<number, Decimal>;
  tx: Tx;
  /** The system currency: every POS bill is in it. */
  sys: number;
  /** Stock may go below zero (system configuration). */
  allowNegative: boolean;
  /** Every sale's date is in one open financial year (else each sale's year is checked, in its words). */
  yearOpen: boolean;
  inventoryNames: Map<number, string>;
  /** The accounts in the other currency the sales may touch (drawers, FIB): balance and its carrying value, as the sales so far leave them. */
  carrying: Map<number, { balance: Decimal; sys_balance: Decimal }>;
  /** Each customer's allowed debit amount and balance (system currency) as the sales worked out so far leave it. */
  owed: Map<number, { limit: string | null; balance: Decimal }>;
  /** The customers with overdue terms. */
  overdueTerms: Map<number, boolean>;
}

/** What the receipts show beside the rows written: names, the customers' credit, the in-rates of the dates shown. */
export interface Shown {
  users: Map<number, string>;
  inventories: Map<number, string>;
  currencies: Map<number, string>;
  itemCodes: Map<number, string | null>;
  accountNames: Map<number, string>;
  /** Each customer's allowed debit amount and balance (system currency) as the booking goes on. */
  credit: Map<number, { limit: string | null; balance: Decimal }>;
  overdueTerms: Map<number, boolean>;
  /** The rates read for each date shown (`ratesSql`). */
  inRates: Map<string, { rate: string; in_rate: string }[]>;
}

export interface Planned {
  sale: BatchSale;
  row: Record<string, unknown>;
  lines: Record<string, unknown>[];
  payments: { account_fk: number; method: string; currency_id: number; rate: string; amount: string }[];
  moves: {
    line: number;
    item_id: number;
    inventory_id: number;
    batch_id: number;
    qty: Decimal;
    unit_id: number | null;
    unit_qty: Decimal;
    unit_cost: Decimal;
    value: Decimal;
  }[];
  lineUpdates: { unit_cost: string; batch_no?: string; expire_date?: string | null }[];
  /** The sale's times as its table prints them. */
  stored?: { date: string; created_at: string; updated_at: string };
  /** Each line's item, unit and promotion as the receipt names them. */
  lineNames: { item_name: string; unit_name: string; item_unit_id: number; promotion_title: string | null }[];
  date: Date;
  /** When the sale was made (its change is posted then). */
  at: Date;
  saleEntry: { description: string; rows: JournalLineRow[] };
  changeEntry: { rows: JournalLineRow[] } | null;
  info: Record<string, unknown>;
  stockDeltas: Map<string, { item_id: number; inventory_id: number; batch_id: number; qty: Decimal }>;
}

/** A receipt made before the write: the sale's id, its lines' and payments' as the tables give them. */
export const ID = "@";
