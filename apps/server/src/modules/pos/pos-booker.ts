import type { FastifyInstance, FastifyReply } from "fastify";
import type { BatchAnswer, BatchSale } from "./pos-book.types.js";
import { bookPosBatch } from "./pos-booking.js";

/** The process's POS booker: one booking at a time, the sales arrived meanwhile in the next. */

/** The most sales one booking takes; the rest wait for the next. */
const MOST = 64;

/**
 * The process's POS booker: the sales that arrive while a booking runs are booked together in the
 * next, which starts when the one before has committed, so that never two bookings hold or wait
 * for the same rows. (A next booking that read during the last round trip of the one before, its
 * first lock then waiting for that commit, took fewer sales, about 5.5 instead of 8 with 16
 * tills, and PostgreSQL spent a quarter to a half more of its time on each sale, even when it started
 * reading only so late that its reads ended about when that commit did.) A booking that fails
 * for another reason than a refusal (a refusal is one sale's answer) is booked again one sale to
 * a booking, so that the fault stays with the sale that has it.
 */
export function posBooker(app: FastifyInstance): (sale: BatchSale) => Promise<BatchAnswer> {
  type Waiting = { sale: BatchSale; done: (a: BatchAnswer) => void; fail: (err: unknown) => void };
  let queue: Waiting[] = [];
  let running = false;
  const alone = async (t: Waiting) => {
    try {
      t.done(answered((await bookPosBatch(app, [t.sale]))[0]));
    } catch (err) {
      t.fail(err);
    }
  };
  const start = () => {
    if (!queue.length || running) return;
    const taken = queue.slice(0, MOST);
    queue = queue.slice(MOST);
    running = true;
    bookPosBatch(
      app,
      taken.map((t) => t.sale),
    )
      .then(
        (answers) => {
          for (const [i, t] of taken.entries()) t.done(answered(answers[i]));
        },
        async (err) => {
          if (taken.length === 1) return taken[0]!.fail(err);
          app.log.warn({ err }, "POS sales booked together failed; they are booked one to a booking");
          for (const t of taken) await alone(t);
        },
      )
      .finally(() => {
        running = false;
        start();
      });
  };
  return (sale) =>
    new Promise((done, fail) => {
      queue.push({ sale, done, fail });
      start();
    });
}

/** Every sale of a booking has its answer. */
const answered = (a: BatchAnswer | null | undefined): BatchAnswer => {
  if (!a) throw new Error("a POS sale of the booking has no answer");
  return a;
};

/** Sends a booked sale's answer. */
export const sendAnswer = (reply: FastifyReply, answer: BatchAnswer) => {
  if (answer.replayed) reply.header("idempotent-replayed", "true");
  return reply.status(answer.status).send(answer.body);
};
