import { createHash } from "node:crypto";
import { MSG, POS_MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Tx } from "../db/client.js";
import type { Ctx } from "./context.js";
import { HttpError } from "./errors.js";
import { inTx } from "./http.js";

/** What an idempotent write answers: stored with its key and sent again, as it was, to every retry. */
export interface Answer {
  status: number;
  body: unknown;
}

const KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** JSON with object keys sorted at every depth, so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

export const bodyHash = (body: unknown) => createHash("sha256").update(canonicalJson(body)).digest("hex");

/** The request's `Idempotency-Key`, or 422. */
export function idempotencyKey(req: FastifyRequest): string {
  const raw = req.headers["idempotency-key"];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) throw new HttpError(422, POS_MSG.keyRequired, { "Idempotency-Key": [POS_MSG.keyRequired] });
  if (!KEY.test(key)) throw new HttpError(422, POS_MSG.keyInvalid, { "Idempotency-Key": [POS_MSG.keyInvalid] });
  return key;
}

/**
 * Runs a write at most once per (scope, Idempotency-Key). The key's row is inserted first, in
 * the write's own transaction: a concurrent request with the same key waits on that insert
 * (the unique key) until the first commits, then finds the stored answer and sends it again, so
 * no second write is ever made. The answer is stored before the commit, so a key exists exactly
 * when its write does; a write that fails (a 422, a crash) leaves no key, and its retry runs
 * afresh. The same key with another body answers 422.
 */
export async function runIdempotent(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  scope: string,
  body: unknown,
  run: (ctx: Ctx & { tx: Tx }) => Promise<Answer>,
) {
  const key = idempotencyKey(req);
  const hash = bodyHash(body);
  const answer = await inTx(app, req, async (ctx) => {
    const claimed = await ctx.tx.execute(sql`
      insert into idempotency_keys (scope, key, user_id, body_hash, status_code, response)
      values (${scope}, ${key}, ${ctx.user?.user_id ?? null}, ${hash}, 0, 'null'::jsonb)
      on conflict (scope, key) do nothing returning key`);
    if (!claimed.rows.length) {
      const found = await ctx.tx.execute<{ body_hash: string; status_code: number; response: unknown }>(
        sql`select body_hash, status_code, response from idempotency_keys where scope = ${scope} and key = ${key}`,
      );
      const row = found.rows[0];
      if (!row) throw new HttpError(409, MSG.validationFailed);
      if (row.body_hash !== hash) throw new HttpError(422, POS_MSG.keyReused, { "Idempotency-Key": [POS_MSG.keyReused] });
      return { status: row.status_code, body: row.response, replayed: true };
    }
    const result = await run(ctx);
    await ctx.tx.execute(sql`
      update idempotency_keys set status_code = ${result.status}, response = ${JSON.stringify(result.body)}::jsonb
       where scope = ${scope} and key = ${key}`);
    return { ...result, replayed: false };
  });
  if (answer.replayed) reply.header("idempotent-replayed", "true");
  return reply.status(answer.status).send(answer.body);
}
