/**
 * The till's offline queue. Every sale is written here with its Idempotency-Key BEFORE it is sent,
 * so a sale is never lost (a reload, a closed browser, a dropped network) and never doubled (a
 * resend carries the same key and the same body, and the server answers the first answer again).
 * Sent strictly in the order made; the first sale that cannot reach the server stops the run.
 */
export interface QueuedSale {
  key: string;
  /** Order of making; sending follows it. */
  seq: number;
  body: unknown;
  made_at: string;
  /** pending: not yet booked; review: the server kept it for a manager (202); refused: a 4xx the till cannot fix. */
  state: "pending" | "review" | "refused";
  attempts: number;
  /** The server's message for a review or a refusal, shown to the cashier until acknowledged. */
  message?: string;
  reason?: string;
}

export interface QueueStorage {
  all(): Promise<QueuedSale[]>;
  put(s: QueuedSale): Promise<void>;
  remove(key: string): Promise<void>;
}

/** What a send answered; a thrown error means the server was not reached (or answered 5xx). */
export interface SendAnswer {
  status: number;
  body: { message?: string; data?: { reason?: string } & Record<string, unknown> };
}
export type Send = (key: string, body: unknown) => Promise<SendAnswer>;

/** The server asks the cashier to confirm a figure (cash a note or more above the bill) before it books the sale. */
export class ConfirmationAsked extends Error {}

export type QueueEvent =
  | { kind: "booked"; sale: QueuedSale; answer: SendAnswer }
  | { kind: "review"; sale: QueuedSale; answer: SendAnswer }
  | { kind: "refused"; sale: QueuedSale; answer: SendAnswer };

export async function enqueue(store: QueueStorage, key: string, body: unknown, now = new Date()): Promise<QueuedSale> {
  const all = await store.all();
  const seq = all.reduce((m, s) => Math.max(m, s.seq), 0) + 1;
  const sale: QueuedSale = { key, seq, body, made_at: now.toISOString(), state: "pending", attempts: 0 };
  await store.put(sale);
  return sale;
}

/** A server error worth retrying: it was reached but could not answer (restarting, overloaded). */
const retryable = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * Sends the pending sales in order. 201 (or 200): booked, removed. 202: kept for a manager's
 * review, stays in the queue marked `review` until the cashier has seen it. Another 4xx: marked
 * `refused` with the server's message (kept, shown, never dropped silently). Unreachable or 5xx:
 * stop, keep the rest for the next run. Answers how many were booked.
 */
export async function flush(store: QueueStorage, send: Send, onEvent: (e: QueueEvent) => void = () => {}): Promise<number> {
  let booked = 0;
  for (const sale of await store.all()) {
    if (sale.state !== "pending") continue;
    let answer: SendAnswer;
    try {
      answer = await send(sale.key, sale.body);
    } catch {
      await store.put({ ...sale, attempts: sale.attempts + 1 });
      break;
    }
    if (retryable(answer.status)) {
      await store.put({ ...sale, attempts: sale.attempts + 1 });
      break;
    }
    if (answer.status === 200 || answer.status === 201) {
      await store.remove(sale.key);
      booked++;
      onEvent({ kind: "booked", sale, answer });
    } else if (answer.status === 202) {
      const kept: QueuedSale = {
        ...sale,
        state: "review",
        attempts: sale.attempts + 1,
        message: answer.body.message,
        reason: answer.body.data?.reason,
      };
      await store.put(kept);
      onEvent({ kind: "review", sale: kept, answer });
    } else {
      const kept: QueuedSale = { ...sale, state: "refused", attempts: sale.attempts + 1, message: answer.body.message };
      await store.put(kept);
      onEvent({ kind: "refused", sale: kept, answer });
    }
  }
  return booked;
}

/**
 * One run at a time per browser (two tabs of the till must not send the same sale together). A
 * run already going makes this one a no-op, unless `wait`: then it runs after it (a sale just made
 * at an online till is sent at once, and its answer awaited).
 */
export async function flushOnce(
  store: QueueStorage,
  send: Send,
  onEvent?: (e: QueueEvent) => void,
  opts: { wait?: boolean } = {},
): Promise<number> {
  if (typeof navigator !== "undefined" && navigator.locks) {
    return navigator.locks.request("souq-pos-queue", opts.wait ? {} : { ifAvailable: true }, (lock) =>
      lock ? flush(store, send, onEvent) : 0,
    );
  }
  return flush(store, send, onEvent);
}
