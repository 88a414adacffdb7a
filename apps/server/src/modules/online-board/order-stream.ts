import { ONLINE_BOARD_MSG } from "@app/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { HttpError } from "../../platform/errors.js";

export const ORDERS_CHANNEL = "online_orders";
/** A comment line this often keeps proxies and the browser from taking a quiet stream for a dead one. */
export const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events of new and changed online orders. A trigger on `online_orders` (and on the
 * deliveries) sends a notice on the channel as its transaction commits; this process listens on
 * one connection of its own (db/notices.ts) and writes each notice to every open stream as an
 * `order` event. The stream opens with a `ready` event and says `live: false` while the channel
 * is not heard, so that the screen keeps polling until it is.
 */
/** A notice's JSON as one compact line (PostgreSQL's has spaces around its colons). */
function compact(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload));
  } catch {
    return "{}";
  }
}

export function registerOrderStream(app: FastifyInstance, url: string, permission: string) {
  const streams = new Set<FastifyReply>();
  app.addHook("preClose", async () => {
    for (const r of streams) r.raw.end();
    streams.clear();
  });
  app.get(
    url,
    {
      config: { permission, openapi: { file: "text/event-stream" } },
      schema: { summary: "New and changed online orders as server-sent events", tags: ["online_orders"] },
    },
    async (req: FastifyRequest, reply: FastifyReply) => {
      // Only a client that asks for a stream gets one (EventSource always does): any other request
      // is answered at once instead of being held open.
      if (!String(req.headers.accept ?? "").includes("text/event-stream")) throw new HttpError(406, ONLINE_BOARD_MSG.streamOnly);
      const notices = app.notices(ORDERS_CHANNEL);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      const send = (event: string, data: string) => res.write(`event: ${event}\ndata: ${data}\n\n`);
      res.write("retry: 5000\n\n");
      send("ready", JSON.stringify({ live: notices.live }));
      streams.add(reply);
      const stop = notices.subscribe((payload) => send("order", compact(payload)));
      const beat = setInterval(() => res.write(": heartbeat\n\n"), HEARTBEAT_MS);
      beat.unref();
      const end = () => {
        clearInterval(beat);
        stop();
        streams.delete(reply);
      };
      req.raw.on("close", end);
      res.on("close", end);
    },
  );
}
