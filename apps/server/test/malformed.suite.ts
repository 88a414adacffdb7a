import http from "node:http";
import net from "node:net";
import { IMAGE_MAX_BYTES, MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from "./harness.js";

/**
 * The malformed-input suite, run as three test files (`malformed*.db.test.ts`), each over a third
 * of the routes on a server and database of its own, so that the files run side by side and none
 * is the suite's one long test. The tests that are not per route run in part 0 alone.
 */
export function malformedSuite(SHARD: number, SHARDS: number) {
  const firstPart = SHARD === 0;

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Every table's row count and content hash; only the logs of attempts (and the audit chain's head) may change. */
  async function fingerprint(): Promise<Record<string, string>> {
    const tables = await t.database.db.execute<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
        and table_name not in ('audit_logs', 'audit_chain_head', 'rate_limits', 'revoked_tokens') order by 1`,
    );
    const out: Record<string, string> = {};
    for (const { name } of tables.rows) {
      // last_login_at moves with every sign-in the test itself makes.
      const row = sql`(to_jsonb(x) - 'last_login_at')::text`;
      const res = await t.database.db.execute<{ n: number; h: string | null }>(
        sql`select count(*)::int as n, md5(string_agg(${row}, ',' order by ${row})) as h from ${sql.identifier(name)} x`,
      );
      out[name] = `${res.rows[0]!.n}:${res.rows[0]!.h}`;
    }
    return out;
  }

  const BAD_IDS = ["0", "-1", "abc", "1.5", "99999999999"];
  const SQL_BITS = ["' or 1=1 --", '"; drop table users; --'];
  /** A sort the list does not declare gives its default order (an old bookmark must not empty the page). */
  const SORT_QUERIES = ["sortColumn=no_such_column", `sortColumn=${encodeURIComponent("user_id; drop table users")}`, "sortDir=sideways"];
  const LIST_QUERIES = [
    "per_page=0",
    "per_page=100000",
    "per_page=abc",
    "page=-1",
    "filter[no_such_key]=1",
    `filter[${encodeURIComponent("x) or (1=1")}]=1`,
    "filter[date_between]=2024-02-01,2024-01-01",
    "filter[date_between]=yesterday,today",
    "filter[amount_between]=a,b",
    "filter[date_filter]=YESTERDAY",
    `search=${"x".repeat(300)}`,
  ];

  const CONTROL_QUERIES = ["search=a%00b", "search=%1B%5B31m", `filter[${encodeURIComponent("status")}]=%00`, "page=1%00"];

  /** The smallest PNG: one transparent pixel. */
  const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

  const MP = "multipart/form-data; boundary=xyz";
  const part = (name: string, value: string) => `--xyz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const MALFORMED_MULTIPART = { message: MSG.validationFailed, field: "body" };
  /** [what, request, the 422 message every route answers, the field it names] */
  const REFUSED_BODIES: [string, Partial<InjectOptions>, string, string | undefined][] = [
    ["multipart without boundary", { payload: part("name", "x"), headers: { "content-type": "multipart/form-data" } }],
    ["multipart garbage", { payload: "garbage", headers: { "content-type": MP } }],
    ["multipart cut short", { payload: part("name", "x").slice(0, -6), headers: { "content-type": MP } }],
    ["multipart without end", { payload: part("name", "x"), headers: { "content-type": MP } }],
    ["multipart __proto__", { payload: `${part("__proto__", "x")}--xyz--\r\n`, headers: { "content-type": MP } }],
    [
      "multipart bad JSON part",
      {
        payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: application/json\r\n\r\n{x\r\n--xyz--\r\n',
        headers: { "content-type": MP },
      },
    ],
  ].map(([what, opts]) => [what as string, opts as Partial<InjectOptions>, MALFORMED_MULTIPART.message, MALFORMED_MULTIPART.field]);
  REFUSED_BODIES.push(
    [
      "multipart NUL",
      { payload: `${part("name", "a\u0000b")}${part("_method", "PATCH")}--xyz--\r\n`, headers: { "content-type": MP } },
      MSG.controlCharacters,
      "name",
    ],
    ...["name", "user_name", "email", "note", "search"].map((field): (typeof REFUSED_BODIES)[number] => [
      `JSON ${field} with ESC`,
      { payload: JSON.stringify({ _method: "PATCH", [field]: "a\u001bb" }), headers: { "content-type": "application/json" } },
      MSG.controlCharacters,
      field,
    ]),
    [
      "JSON nested NUL",
      { payload: JSON.stringify({ units: [{ unit_name: "a\u0000" }] }), headers: { "content-type": "application/json" } },
      MSG.controlCharacters,
      "units.0.unit_name",
    ],
    [
      "JSON key with NUL",
      { payload: JSON.stringify({ "a\u0000": 1 }), headers: { "content-type": "application/json" } },
      MSG.controlCharacters,
      "body",
    ],
  );

  interface Sent {
    what: string;
    status: number;
    body: string;
    ms: number;
  }

  let token = "";
  const sent: Sent[] = [];
  async function send(what: string, opts: InjectOptions, bearer = token) {
    const headers = { ...(opts.headers ?? {}) } as Record<string, string>;
    headers.authorization = `Bearer ${bearer}`;
    const started = performance.now();
    const res = await t.app.inject({ ...opts, headers });
    sent.push({ what, status: res.statusCode, body: res.body.slice(0, 300), ms: Math.round(performance.now() - started) });
    return res;
  }

  function multipart(field: string, filename: string, content: Buffer, type: string) {
    const boundary = "----souqtestboundary";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
  }

  describe("malformed input to every endpoint", () => {
    let before: Record<string, string>;
    beforeAll(async () => {
      token = t.adminToken;
      before = await fingerprint();
    });

    // Thousands of requests: the one long test of the suite.
    it("never answers 500 and never changes the database", { timeout: 240_000 }, async () => {
      const listRoutes: string[] = [];
      const violations: string[] = [];
      for (const route of t.routes.filter((_, i) => i % SHARDS === SHARD)) {
        const method = route.method as InjectOptions["method"];
        const params: string[] = route.url.match(/:[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
        const at = (id: string) => route.url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, id).replace(/\*/g, "x");

        // One route's requests go together: PostgreSQL answers them on several connections.
        await Promise.all(
          (params.length ? BAD_IDS : []).map(async (id) => {
            const res = await send(`${method} ${at(id)}`, {
              method,
              url: at(id),
              payload: method === "GET" || method === "DELETE" ? undefined : { _method: "PATCH" },
            });
            if (params.includes(":id") && (res.statusCode !== 422 || res.json().message !== MSG.idInvalid)) {
              violations.push(`${method} ${at(id)}: ${res.statusCode} ${res.body.slice(0, 80)}`);
            }
          }),
        );

        if (method === "GET") {
          const url = at("1");
          const plain = await send(`GET ${url}`, { method, url });
          const isList =
            plain.statusCode === 200 && plain.headers["content-type"]?.toString().includes("json") && plain.json().data?.per_page;
          if (isList) listRoutes.push(url);
          // A NUL reached PostgreSQL as "Database Error [22021]" and dropped every export's connection.
          await Promise.all(
            CONTROL_QUERIES.flatMap((q) => [url, ...(isList ? [`${url}/export`] : [])].map((u) => `${u}?${q}`)).map(async (u) => {
              const res = await send(`GET ${u}`, { method, url: u });
              if (res.statusCode !== 422 || res.json().message !== MSG.controlCharacters) {
                violations.push(`GET ${u}: ${res.statusCode} ${res.body.slice(0, 80)}`);
              }
            }),
          );
          const sqlSearch = SQL_BITS.map((b) => `search=${encodeURIComponent(b)}`);
          const sqlQueries = [...sqlSearch, ...SQL_BITS.map((b) => `filter[${encodeURIComponent(b)}]=1`)];
          // Endpoints that are not lists ignore the list parameters; the SQL fragments go to all.
          await Promise.all(
            (isList ? [...LIST_QUERIES, ...SORT_QUERIES, ...sqlQueries] : sqlQueries).map(async (q) => {
              const res = await send(`GET ${url}?${q}`, { method, url: `${url}?${q}` });
              if (isList && SORT_QUERIES.includes(q)) {
                const params = res.statusCode === 200 ? res.json().data.params : undefined;
                const asked = new URLSearchParams(q);
                const fellBack =
                  params &&
                  ["asc", "desc"].includes(params.sortDir) &&
                  params.sortColumn !== asked.get("sortColumn") &&
                  params.sortDir !== asked.get("sortDir");
                if (!fellBack) violations.push(`GET ${url}?${q}: ${res.statusCode} ${JSON.stringify(params)}`);
                return;
              }
              if (isList && !sqlSearch.includes(q) && res.statusCode !== 422) violations.push(`GET ${url}?${q}: ${res.statusCode}`);
              if (isList && sqlSearch.includes(q) && (res.statusCode !== 200 || res.json().data.total !== 0)) {
                violations.push(`GET ${url}?${q}: ${res.statusCode}`);
              }
            }),
          );
          continue;
        }

        // Bodies that are not what the endpoint reads, sent to an id that does not exist: an action
        // that needs no body must not act on a real record. Sign-out and refresh succeed on any
        // body, so they get tokens of their own.
        const missing = at("2147483647");
        const own = route.url === "/api/auth/logout" || route.url === "/api/auth/refresh";
        const bodies: [string, Partial<InjectOptions>][] = [
          ["broken JSON", { payload: '{"user_name": "x",', headers: { "content-type": "application/json" } }],
          ["text/plain", { payload: "user_name=x", headers: { "content-type": "text/plain" } }],
          ["application/xml", { payload: "<user><user_name>x</user_name></user>", headers: { "content-type": "application/xml" } }],
          ["JSON array", { payload: "[1,2]", headers: { "content-type": "application/json" } }],
          ["JSON string", { payload: '"x"', headers: { "content-type": "application/json" } }],
          ["empty JSON", { payload: "", headers: { "content-type": "application/json" } }],
          ["urlencoded", { payload: "user_name=x&_method=PATCH", headers: { "content-type": "application/x-www-form-urlencoded" } }],
          ["unknown type", { payload: "\u0000\u0001garbage", headers: { "content-type": "application/x-souq-unknown" } }],
          ["octet stream", { payload: Buffer.from([0, 1, 2, 255]), headers: { "content-type": "application/octet-stream" } }],
          ["no content type", { payload: Buffer.from("user_name=x") }],
          ["multipart, wrong field types", multipart("user_name", "x.png", PNG_1PX, "image/png")],
          [
            "multipart, image that does not decode",
            multipart("image", "x.png", Buffer.concat([PNG_1PX.subarray(0, 16), Buffer.alloc(64, 7)]), "image/png"),
          ],
          [
            "multipart, zip that is no workbook",
            multipart("file", "x.xlsx", Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(256, 1)]), "application/octet-stream"),
          ],
          [
            "forged file names",
            {
              payload: JSON.stringify({
                _method: "PATCH",
                user_image_path: "../../etc/passwd",
                images: ["0a0a0a0a-0000-4000-8000-000000000000.png", "../x.png"],
                shop_logo: "http://evil.example/logo.png",
                attachment: "0a0a0a0a-0000-4000-8000-000000000000.jpg",
              }),
              headers: { "content-type": "application/json" },
            },
          ],
          [
            "SQL in fields",
            {
              payload: JSON.stringify({ _method: "PATCH", name: SQL_BITS[0], user_name: SQL_BITS[1], email: SQL_BITS[0] }),
              headers: { "content-type": "application/json" },
            },
          ],
        ];
        const tokens = own ? await Promise.all(bodies.map(() => t.login(ADMIN_EMAIL, ADMIN_PASSWORD))) : bodies.map(() => token);
        await Promise.all(
          bodies.map(([what, opts], i) => send(`${method} ${missing} ${what}`, { method, url: missing, ...opts }, tokens[i])),
        );
        // Bodies every route refuses before it reads them, whatever it expects: the answer is exact.
        await Promise.all(
          REFUSED_BODIES.map(async ([what, opts, message, field]) => {
            const res = await send(`${method} ${missing} ${what}`, { method, url: missing, ...opts });
            const body = res.statusCode === 422 ? res.json() : undefined;
            if (body?.message !== message || (field && !body.errors?.[field])) {
              violations.push(`${method} ${missing} ${what}: ${res.statusCode} ${res.body.slice(0, 80)}`);
            }
          }),
        );
      }
      console.log(
        `malformed input, part ${SHARD + 1} of ${SHARDS}: ${sent.length} requests over ${t.routes.length} routes, ${listRoutes.length} of them lists`,
      );
      expect(listRoutes.length).toBeGreaterThan(5);
      expect(sent.filter((s) => s.status >= 500)).toEqual([]);
      expect(violations).toEqual([]);
    });

    it.runIf(firstPart)("refuses prototype pollution and oversized bodies", async () => {
      for (const url of ["/api/users", "/api/auth/login", "/api/outlets_store"]) {
        const res = await send(`POST ${url} proto`, {
          method: "POST",
          url,
          payload: '{"__proto__": {"admin": true}, "email": "a@b.co"}',
          headers: { "content-type": "application/json" },
        });
        expect(res.statusCode).toBe(422);
        expect(({} as Record<string, unknown>).admin).toBeUndefined();
      }
      const huge = await send("huge JSON", {
        method: "POST",
        url: "/api/roles",
        payload: JSON.stringify({ role_name: "x".repeat(5 * 1024 * 1024), permissions: ["users/index"] }),
        headers: { "content-type": "application/json" },
      });
      expect(huge.statusCode).toBe(413);
    });

    it.runIf(firstPart)("refuses fake and oversized images", async () => {
      const fake = await send("fake png", {
        method: "POST",
        url: "/api/images",
        ...multipart("image", "photo.png", Buffer.from("just some text, not a picture"), "image/png"),
      });
      expect(fake.statusCode).toBe(422);
      expect(fake.json().message).toBe(MSG.fileTypeNotAllowed);
      const big = Buffer.alloc(IMAGE_MAX_BYTES + 1, 0);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
      const huge = await send("oversized png", { method: "POST", url: "/api/images", ...multipart("image", "big.png", big, "image/png") });
      expect(huge.statusCode).toBe(422);
      expect(huge.json().message).toBe(MSG.fileTooLarge);
      const notMultipart = await send("json image", { method: "POST", url: "/api/images", payload: { image: "iVBORw0KGgo=" } });
      expect(notMultipart.statusCode).toBe(422);
      expect(notMultipart.json().message).toBe(MSG.fileTypeNotAllowed);
    });

    it("left every table as it was", async () => {
      expect(await fingerprint()).toEqual(before);
      expect(sent.filter((s) => s.status >= 500)).toEqual([]);
    });
  });

  /** What a client read on one raw connection, to the end: the whole answer, then how the connection ended. */
  interface WireAnswer {
    status: number;
    headers: Record<string, string>;
    body: string;
    /** The body is exactly Content-Length long. */
    complete: boolean;
    /** "end": the server closed after the answer; otherwise the socket error (a reset loses answers). */
    ended: string;
  }

  /**
   * Sends `head` on a fresh connection, then `bodyBytes` in 64 KB chunks as fast as the server takes
   * them, and reads the answer only once all is sent, as a simple client does: a server that closes
   * with the body still arriving resets the connection, and the answer is lost.
   */
  function wire(port: number, head: string, bodyBytes = 0, tail = ""): Promise<WireAnswer & { text: string }> {
    return new Promise((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      if (bodyBytes) socket.pause();
      const chunks: Buffer[] = [];
      let ended = "";
      socket.on("data", (d) => chunks.push(d));
      socket.on("end", () => {
        ended ||= "end";
      });
      socket.on("error", (e: NodeJS.ErrnoException) => {
        ended ||= e.code ?? e.message;
      });
      socket.on("close", () => {
        const text = Buffer.concat(chunks).toString("latin1");
        const split = text.indexOf("\r\n\r\n");
        const lines = text.slice(0, split).split("\r\n");
        const headers: Record<string, string> = {};
        for (const l of lines.slice(1)) headers[l.slice(0, l.indexOf(":")).toLowerCase()] = l.slice(l.indexOf(":") + 1).trim();
        const body = split < 0 ? "" : text.slice(split + 4);
        resolve({
          text,
          status: Number(lines[0]?.split(" ")[1] ?? 0),
          headers,
          body,
          complete: split >= 0 && Buffer.byteLength(body, "latin1") === Number(headers["content-length"]),
          ended,
        });
      });
      socket.write(head);
      let left = bodyBytes;
      const chunk = Buffer.alloc(64 * 1024, "x");
      const more = () => {
        while (left > 0 && !socket.destroyed && socket.writable) {
          left -= chunk.length;
          if (!socket.write(chunk)) return void socket.once("drain", more);
        }
        if (tail && socket.writable) socket.write(tail);
        socket.resume();
      };
      socket.on("error", () => {
        left = 0;
      });
      more();
    });
  }

  describe.runIf(firstPart)("refusals on the wire", () => {
    let port = 0;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      port = (t.app.server.address() as net.AddressInfo).port;
    });

    function expectClosedRefusal(res: WireAnswer, status: number) {
      expect(res.status).toBe(status);
      expect(res.headers.connection).toBe("close");
      expect(res.complete, res.body).toBe(true);
      expect(JSON.parse(res.body).message).toEqual(expect.any(String));
      expect(res.ended).toBe("end");
    }

    it("answer headers over 16 KB with a complete 431 and Connection: close, even while more headers arrive", async () => {
      const big = `GET /health HTTP/1.1\r\nHost: a\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`;
      const res = await wire(port, big);
      expectClosedRefusal(res, 431);
      expect(JSON.parse(res.body).message).toBe("The request headers are too large.");
      // The client is still sending header lines (1 MB of them) when the answer comes.
      expectClosedRefusal(await wire(port, `GET /health HTTP/1.1\r\nHost: a\r\nX-Big: ${"a".repeat(20_000)}`, 1024 * 1024), 431);
    });

    it("answer a malformed request with a complete 400 and Connection: close", async () => {
      expectClosedRefusal(await wire(port, "NOT HTTP AT ALL\r\n\r\n"), 400);
      expectClosedRefusal(await wire(port, "GET /health HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"), 400);
    });

    it("answer a body over the limit with a complete 413 and Connection: close while the body still arrives", async () => {
      const head = (length: number) =>
        `POST /api/auth/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
      // Declared too large, and sent anyway; then declared small enough but chunked past the limit.
      // A sign-in sent after it on the same connection, before the client read the answer, is not run.
      const signIn = JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      const after = `${head(signIn.length)}${signIn}`;
      const logins = () => t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_logs where action = 'login'`);
      const loginsBefore = (await logins()).rows[0]!.n;
      const declared = await wire(port, head(8 * 1024 * 1024), 8 * 1024 * 1024, after);
      expectClosedRefusal(declared, 413);
      expect(JSON.parse(declared.body).message).toBe("The request is too large.");
      expect(declared.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
      expect((await logins()).rows[0]!.n).toBe(loginsBefore);
      const chunked = await wire(
        port,
        "POST /api/auth/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n800000\r\n",
        6 * 1024 * 1024,
      );
      expectClosedRefusal(chunked, 413);
    });

    it("answer a request too slow to arrive with a complete 408 and Connection: close", async () => {
      // Node's request timer reports a slow request as this error on its connection.
      const socket = new Promise<net.Socket>((resolve) => t.app.server.once("connection", resolve));
      const answer = wire(port, "GET /health HTTP/1.1\r\nHost: a\r\n");
      const timeout = Object.assign(new Error("Request timeout"), { code: "ERR_HTTP_REQUEST_TIMEOUT" });
      const server = await socket;
      await new Promise((r) => setTimeout(r, 50));
      t.app.server.emit("clientError", timeout, server);
      expectClosedRefusal(await answer, 408);
    });

    it("keep the connection of a request refused with its whole body read (a 401, a 422)", async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const ask = (method: string, path: string, body?: string) =>
        new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
          const req = http.request(
            { host: "127.0.0.1", port, path, method, agent, headers: { "content-type": "application/json" } },
            (res) => {
              res.resume();
              res.on("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
            },
          );
          req.on("error", reject);
          req.end(body);
        });
      const sockets = new Set<net.Socket>();
      const seen = (s: net.Socket) => sockets.add(s);
      t.app.server.on("connection", seen);
      try {
        expect(await ask("GET", "/api/users")).toEqual({ status: 401, connection: "keep-alive" });
        expect(await ask("POST", "/api/auth/login", JSON.stringify({ email: "nobody" }))).toEqual({
          status: 422,
          connection: "keep-alive",
        });
        expect((await ask("GET", "/health")).status).toBe(200);
        expect(sockets.size).toBe(1);
      } finally {
        t.app.server.off("connection", seen);
        agent.destroy();
      }
    });

    it("leave every other client's requests alone: 400 at once on kept connections beside the refusals", async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
      const get = (headers: Record<string, string> = {}) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = http.get({ host: "127.0.0.1", port, path: "/health", agent, headers }, (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (d) => (body += d));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
            res.on("error", reject);
          });
          req.on("error", reject);
        });
      const oversized = { "x-big": "a".repeat(20_000) };
      const results = await Promise.allSettled(
        Array.from({ length: 440 }, (_, i) => (i % 11 === 5 ? get(oversized).then((r) => ({ ...r, refused: true })) : get())),
      );
      agent.destroy();
      const failed = results.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
      expect(failed).toEqual([]);
      const answers = results.map((r) => (r as PromiseFulfilledResult<{ status: number; refused?: boolean }>).value);
      expect(answers.filter((a) => !a.refused && a.status === 200)).toHaveLength(400);
      expect(answers.filter((a) => a.refused && a.status === 431)).toHaveLength(40);
    });
  });

  describe.runIf(firstPart)("bidirectional controls", () => {
    it("are removed from names, notes and searches before anything reads them", async () => {
      const created = await t.api("POST", "/api/roles", {
        body: { role_name: "\u202eexe.txt\u202c \u2067مدير\u2069", permissions: ["users/index"] },
      });
      expect(created.status).toBe(201);
      expect(created.body.data.role_name).toBe("exe.txt مدير");
      const form = await t.api("POST", `/api/roles/${created.body.data.role_id}`, {
        body: `--xyz\r\nContent-Disposition: form-data; name="_method"\r\n\r\nPATCH\r\n--xyz\r\nContent-Disposition: form-data; name="role_name"\r\n\r\n\u202bمدير\u202c\r\n--xyz\r\nContent-Disposition: form-data; name="permissions"\r\n\r\nusers/index\r\n--xyz\r\nContent-Disposition: form-data; name="permissions"\r\n\r\nusers/show\r\n--xyz--\r\n`,
        headers: { "content-type": "multipart/form-data; boundary=xyz" },
      });
      expect(form.status).toBe(200);
      expect((await t.api("GET", `/api/roles/${created.body.data.role_id}`)).body.data.role_name).toBe("مدير");
      // The direction marks reorder nothing and stay.
      const marked = await t.api("POST", "/api/roles", { body: { role_name: "\u200fمدير\u200e 2", permissions: ["users/index"] } });
      expect(marked.body.data.role_name).toBe("\u200fمدير\u200e 2");
      const found = await t.api("GET", `/api/roles?search=${encodeURIComponent("\u202eمدير")}`);
      expect(found.body.data.params.search).toBe("مدير");
      expect(found.body.data.total).toBe(2);
    });
  });
}
