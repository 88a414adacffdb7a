import pg from "pg";

/** What a process hears on one PostgreSQL notification channel (LISTEN). */
export interface Notices {
  /**
   * Changes with every notice, and whenever listening stops or starts again: anything kept under
   * an earlier generation may be out of date.
   */
  readonly generation: number;
  /** Notices arrive now. While false nothing may be kept, since a change would go unheard. */
  readonly live: boolean;
  /** Calls `listener` with each notice's payload as it arrives; the answer stops the calls. */
  subscribe(listener: (payload: string) => void): () => void;
  close(): Promise<void>;
}

const RECONNECT_MS = 1000;

/**
 * Listens on `channel` over a connection of its own, reconnecting after a loss (a restart of the
 * server, a network cut); every process on the database hears a notice when the transaction that
 * sent it commits.
 */
export function listenForNotices(url: string, channel: string): Notices {
  let generation = 0;
  let live = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const listeners = new Set<(payload: string) => void>();
  const lost = () => {
    live = false;
    generation++;
    client?.removeAllListeners();
    client?.on("error", () => {});
    client?.end().catch(() => {});
    client = null;
    if (!closed) retry = setTimeout(connect, RECONNECT_MS).unref();
  };
  const connect = () => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on("notification", (n) => {
      generation++;
      for (const l of listeners) l(n.payload ?? "");
    });
    c.on("error", lost);
    c.on("end", () => {
      if (client === c) lost();
    });
    c.connect()
      .then(() => c.query(`listen ${pg.escapeIdentifier(channel)}`))
      .then(() => {
        if (client !== c) return;
        generation++;
        live = !closed;
      })
      .catch(() => {
        if (client === c) lost();
      });
  };
  connect();
  return {
    get generation() {
      return generation;
    },
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      live = false;
      clearTimeout(retry);
      const c = client;
      client = null;
      c?.removeAllListeners();
      c?.on("error", () => {});
      await c?.end().catch(() => {});
    },
  };
}
