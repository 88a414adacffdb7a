import { MSG, ZDrawerFloat } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { bodyOf, docs, parseId } from "../../platform/crud.js";
import { notFound, parse } from "../../platform/errors.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { dataOf, savedOf, ZMessage, zDateTime, zDecimal } from "../../platform/openapi.js";
import { deleteFloat, giveFloat, listFloats, showFloat } from "./drawer-floats.js";

const nullableId = z.number().int().nullable();
export const ZFloatShown = z.object({
  id: z.number().int(),
  number: z.string(),
  user_fk: z.number().int(),
  user_name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  amount: zDecimal,
  from_account_fk: z.number().int(),
  from_account_name: z.string(),
  account_fk: z.number().int(),
  closing_fk: nullableId,
  closing_number: z.string().nullable(),
  note: z.string().nullable(),
  created_by: nullableId,
  created_by_name: z.string().nullable(),
  created_at: zDateTime,
});

const ZFloatQuery = z.object({
  user_fk: z.coerce.number().int().positive().optional(),
  open: z
    .enum(["1", "0", "true", "false"])
    .transform((v) => v === "1" || v === "true")
    .optional(),
});

/**
 * `/api/pos/drawer-floats`: opening floats given to cashiers' drawers from the safe. Giving one is
 * part of the drawer's closing cycle (`closing_drawers/store`, a manager for another cashier's
 * drawer), as are listing (`closing_drawers/index`) and taking one back before its closing
 * (`closing_drawers/destroy`).
 */
export function registerDrawerFloats(app: FastifyInstance) {
  const tags = ["drawer_floats"];
  const base = "/api/pos/drawer-floats";
  app.get(
    base,
    {
      config: { permission: "closing_drawers/index" },
      ...docs({
        tags,
        summary: "Opening floats, newest first (user_fk: one cashier's; open=1: not yet in a closing)",
        querystring: ZFloatQuery,
        response: dataOf(z.array(ZFloatShown)),
      }),
    },
    async (req) => {
      const q = parse(ZFloatQuery, req.query ?? {});
      return { data: await listFloats(ctxOf(app, req), q) };
    },
  );
  app.post(
    base,
    {
      config: { permission: "closing_drawers/store" },
      ...docs({
        tags,
        summary: "Give a cashier's drawer its opening float from a cash account",
        body: ZDrawerFloat,
        response: savedOf(ZFloatShown),
        status: 201,
      }),
    },
    async (req, reply) => {
      const input = parse(ZDrawerFloat, bodyOf(req));
      const data = await inTx(app, req, async (ctx) => {
        const { id } = await giveFloat(ctx, input);
        return (await showFloat(ctx, id))!;
      });
      return reply.status(201).send({ message: MSG.added, data });
    },
  );
  app.delete(
    `${base}/:id`,
    {
      config: { permission: "closing_drawers/destroy" },
      ...docs({ tags, summary: "Take back an opening float not yet in a closing (its entry reversed)", response: ZMessage }),
    },
    async (req) => {
      const id = parseId((req.params as { id: string }).id);
      await inTx(app, req, async (ctx) => {
        if (!(await showFloat(ctx, id))) throw notFound();
        await deleteFloat(ctx, id);
      });
      return { message: MSG.deleted };
    },
  );
}
