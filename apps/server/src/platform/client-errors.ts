import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * How long a refused connection keeps reading (and dropping) what its client still sends after
 * the answer, before it is closed anyway.
 */
export const LINGER_MS = 2000;

/** What Node's HTTP parser or its timers refuse, answered before a route ever sees the request. */
function refusalOf(code: string | undefined): { status: number; reason: string; message: string } {
  if (code === "HPE_HEADER_OVERFLOW")
    return { status: 431, reason: "Request Header Fields Too Large", message: "The request headers are too large." };
  if (code === "ERR_HTTP_REQUEST_TIMEOUT" || code === "ERR_HTTP_HEADERS_TIMEOUT")
    return { status: 408, reason: "Request Timeout", message: "The request took too long to arrive." };
  if (code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") return { status: 413, reason: "Content Too Large", message: "The request is too large." };
  return { status: 400, reason: "Bad Request", message: "The request is malformed." };
}

/**
 * Closes a connection the way a client can read to the end: the answer is written and our side
 * ended (FIN), then whatever the client still sends is read and dropped until it closes its side
 * or LINGER_MS pass. Closing with unread bytes would make the kernel reset the connection, and a
 * reset can throw away an answer the client had not read yet ("other side closed").
 */
export function lingerAndClose(socket: Socket): void {
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  socket.once("end", () => socket.destroy());
  socket.resume();
}

/** Connections answered with `Connection: close`: nothing more is run for them. */
const refused = new WeakSet<Socket>();

/**
 * A request the client sent on a connection after the one refused there, before it read
 * `Connection: close`: it is not run (RFC 9112 9.6), and gets no answer; the connection closes.
 */
export function onRefusedConnection(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (!refused.has(request.raw.socket)) {
    done();
    return;
  }
  reply.hijack();
  request.raw.socket.destroy();
}

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (headers over 16 KB: 431; a
 * malformed request: 400; a request too slow to arrive: 408) gets a complete JSON answer with
 * `Connection: close`, so a client that keeps its connections (undici, browsers) never sends
 * another request on it, and the connection lingers until the client has read it. Other clients'
 * connections are not touched.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  // The parser reports its error again for every further chunk of the same connection.
  if (refused.has(socket)) return;
  refused.add(socket);
  if (err.code === "ECONNRESET" || err.code === "EPIPE" || socket.destroyed) {
    socket.destroy();
    return;
  }
  const { status, reason, message } = refusalOf(err.code);
  const body = JSON.stringify({ message });
  const head = [
    `HTTP/1.1 ${status} ${reason}`,
    "Connection: close",
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "X-Content-Type-Options: nosniff",
  ];
  const send = () => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
    lingerAndClose(socket);
  };
  // A pipelined request's answer still on its way goes first, so each answer meets its request.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (inFlight && !inFlight.writableFinished) {
    inFlight.once("finish", send);
    return;
  }
  send();
}

/**
 * A refusal answered while the client may still be sending its body (413, a malformed body):
 * `Connection: close`, and the connection lingers after the answer instead of Node's immediate
 * close, which resets a connection whose body is still arriving.
 */
export function closeAfterAnswer(request: FastifyRequest, reply: FastifyReply): void {
  reply.header("connection", "close");
  const raw = request.raw as IncomingMessage;
  const socket = raw.socket as Socket & { destroySoon?: () => void };
  if (!socket || refused.has(socket)) return;
  refused.add(socket);
  // Node ends a `Connection: close` answer with destroySoon(), which destroys the socket as soon
  // as the answer is flushed; lingering instead lets the client read it.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    lingerAndClose(socket);
  };
}
