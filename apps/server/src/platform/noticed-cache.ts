import type { FastifyInstance } from "fastify";

const MAX_ENTRIES = 10_000;
/** A bound on an entry's life should a notice ever go missing. */
const MAX_AGE_MS = 5 * 60_000;
const READS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface NoticedCache<T> {
  /** The kept answer for `key`, or `load()`'s, kept when `keep` says so. */
  through(key: string, load: () => Promise<T>, keep: (value: T) => boolean): Promise<T>;
}

/**
 * Answers kept in this process until a notice on `channel` says the data behind them changed (a
 * trigger sends it when the change commits, so every process hears it), or until this process
 * answers any write (before the answer leaves, so its client never reads what it replaced).
 * Nothing is kept while the channel is not being heard, and an answer whose load overlapped a
 * notice or a write is not kept.
 */
export function noticedCache<T>(app: FastifyInstance, channel: string): NoticedCache<T> {
  const notices = app.notices(channel);
  const entries = new Map<string, { value: T; at: number }>();
  let writes = 0;
  app.addHook("onSend", (req, _reply, payload, done) => {
    if (!READS.has(req.method)) writes++;
    done(null, payload);
  });
  const generation = () => `${notices.generation}:${writes}`;
  let kept = generation();
  return {
    async through(key, load, keep) {
      if (!notices.live) return load();
      if (generation() !== kept) {
        entries.clear();
        kept = generation();
      }
      const hit = entries.get(key);
      if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.value;
      const before = generation();
      const value = await load();
      if (keep(value) && notices.live && generation() === before && kept === before) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, { value, at: Date.now() });
      }
      return value;
    },
  };
}
