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
 * reading only so late that its reads ended about when that commit did.) Answers null for a
 * sale to book one by one (also when a booking fails for another reason than a refusal: each of
 * its sales then goes the one-by-one path, which meets its own key if the booking did commit).
 */
export function posBooker(app: FastifyInstance): (sale: BatchSale) => Promise<BatchAnswer | null> {
  let queue: { sale: BatchSale; done: (a: BatchAnswer | null) => void }[] = [];
  let running = false;
  const start = () => {
    if (!queue.length || running) return;
    const taken = queue.slice(0, MOST);
    queue = queue.slice(MOST);
    running = true;
    bookPosBatch(
      app,
      taken.map((t) => t.sale),
    )
      .catch((err) => {
        app.log.warn({ err }, "POS sales booked together failed; they are booked one by one");
        return taken.map(() => null);
      })
      .then((answers) => {
        for (const [i, t] of taken.entries()) t.done(answers[i] ?? null);
        running = false;
        start();
      });
  };
  return (sale) =>
    new Promise((done) => {
      queue.push({ sale, done });
      start();
    });
}

/** Sends a booked sale's answer. */
export const sendAnswer = (reply: FastifyReply, answer: BatchAnswer) => reply.status(answer.status).send(answer.body);
