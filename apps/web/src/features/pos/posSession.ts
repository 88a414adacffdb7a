import { CURRENCY_IQD, type PosPrintReceipt, type PosReceiptWidth } from "@app/contracts";
import { answerTextsReady } from "../../app/i18n";
import { api, apiWithStatus } from "../../shared/api/client";
import type { DataBody } from "../../shared/api/types";
import { useLoad } from "../../shared/useLoad";
import type { SendAnswer } from "./queue";

/** `GET /api/pos/session`: who sells, where, at which rate, and what the till may do. */
export interface PosSession {
  cashier: { user_id: number; user_name: string };
  outlet: { outlet_id: number | null; outlet_name: string | null };
  inventory: { inventory_id: number; inventory_name: string };
  system_currency_id: number;
  rate: string;
  in_rate: string;
  fib_account: { account_id: number; account_name: string } | null;
  smallest_iqd_amount: string;
  smallest_usd_amount: string;
  /** A paid bill's receipt: printed at once, asked about, or printed only when the cashier asks for it. */
  print_receipt?: PosPrintReceipt;
  /** The receipt roll's width in millimetres (a session kept from before the setting: 80). */
  receipt_width?: PosReceiptWidth;
  walk_in_customer: { consumer_id: number; consumer_name: string } | null;
  /** The financial year today falls in; null when none covers it (a session kept from before: undefined). */
  financial_year?: { name: string; archived: boolean } | null;
  permissions: string[];
}

const KEPT = "pos-session";

async function loadSession(): Promise<PosSession> {
  try {
    const s = (await api<DataBody<PosSession>>("pos/session")).data;
    localStorage.setItem(KEPT, JSON.stringify(s));
    return s;
  } catch (err) {
    const kept = localStorage.getItem(KEPT);
    if (kept && err instanceof TypeError) return JSON.parse(kept) as PosSession;
    throw err;
  }
}

/**
 * The till's session, again every five minutes. The last answer is kept, so a till that reloads
 * while the server is away still sells.
 */
export function usePosSession() {
  return useLoad(loadSession, 5 * 60_000);
}

export const smallestOf = (s: PosSession) => ({ [CURRENCY_IQD]: s.smallest_iqd_amount, 2: s.smallest_usd_amount }) as const;

/** Sends one queued sale with its key; answers the status whatever it is, throws when unreachable. */
export async function sendSale(key: string, body: unknown): Promise<SendAnswer> {
  try {
    const answer = await apiWithStatus<SendAnswer["body"]>("pos_sales", { method: "POST", body, headers: { "Idempotency-Key": key } });
    // A sale kept for review comes with the server's reason, which the till shows (a refusal's
    // texts are loaded by the API client).
    if (answer.status === 202 && answer.body.message) await answerTextsReady();
    return answer;
  } catch (err) {
    const e = err as { status?: number; body?: SendAnswer["body"] };
    if (typeof e.status === "number") return { status: e.status, body: e.body ?? {} };
    throw err;
  }
}
