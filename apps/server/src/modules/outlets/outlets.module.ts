import { MSG, type Outlet, ZOutlet } from "@app/contracts";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { bodyOf, parseId, registerDropdown, registerList, registerShow, tableDropdown } from "../../platform/crud.js";
import { HttpError, notFound, parse } from "../../platform/errors.js";
import { inTx } from "../../platform/http.js";
import type { ListModel } from "../../platform/list.js";
import { answers, rowOf, savedOf, ZMessage } from "../../platform/openapi.js";
import { outlets } from "./outlets.tables.js";

export const outletsList: ListModel = {
  model: "outlets",
  from: sql`from outlets o`,
  idColumn: "outlet_id",
  defaultSort: "outlet_id",
  dateColumn: sql`o.created_at`,
  columns: {
    outlet_id: { expr: sql`o.outlet_id`, filter: "eq" },
    outlet_name: { expr: sql`o.outlet_name`, search: true, filter: "like" },
    outlet_email: { expr: sql`o.outlet_email`, search: true },
    outlet_phone: { expr: sql`o.outlet_phone`, search: true },
    outlet_address: { expr: sql`o.outlet_address` },
    users_count: { expr: sql`(select count(*)::int from users u where u.outlet_fk = o.outlet_id)` },
    created_at: { expr: sql`o.created_at` },
  },
};

const ZOutletRow = rowOf(outlets);

async function showOutlet(ctx: Ctx, id: number) {
  const [row] = await ctx.tx.select().from(outlets).where(eq(outlets.outlet_id, id));
  return row;
}

const clean = (input: Outlet) => ({ ...input, outlet_email: input.outlet_email || null });

/** Outlets keep the older path style of SPEC §7 (outlets_store, outlets_update/{id}, ...). */
export const outletsModule: AppModule = {
  name: "outlets",
  register(app: FastifyInstance) {
    registerList(app, "/api/outlets_index", outletsList, "outlets/index");
    registerDropdown(
      app,
      "/api/outlets_list",
      "authenticated",
      tableDropdown(app.db, outlets, ["outlet_id", "outlet_name"], outlets.outlet_name),
    );
    registerShow(app, "/api/outlets_show/:id", { permission: "outlets/show" }, ZOutletRow, showOutlet);
    app.post(
      "/api/outlets_store",
      { config: { permission: "outlets/store" }, ...answers(savedOf(ZOutletRow), { status: 201, body: ZOutlet }) },
      async (req, reply) => {
        const input = parse(ZOutlet, bodyOf(req));
        const data = await inTx(app, req, async (ctx) => {
          const [row] = await ctx.tx.insert(outlets).values(clean(input)).returning();
          await audit(ctx, { module: "outlets", action: "create", record_id: row!.outlet_id, after: row });
          return row;
        });
        return reply.status(201).send({ message: MSG.added, data });
      },
    );
    const update = async (req: import("fastify").FastifyRequest) => {
      const id = parseId((req.params as { id: string }).id);
      const input = parse(ZOutlet, bodyOf(req));
      const data = await inTx(app, req, async (ctx) => {
        const before = await showOutlet(ctx, id);
        if (!before) throw notFound();
        const [row] = await ctx.tx
          .update(outlets)
          .set({ ...clean(input), updated_at: ctx.now })
          .where(eq(outlets.outlet_id, id))
          .returning();
        await audit(ctx, { module: "outlets", action: "update", record_id: id, before, after: row });
        return row;
      });
      return { message: MSG.updated, data };
    };
    app.post(
      "/api/outlets_update/:id",
      { config: { permission: "outlets/update" }, ...answers(savedOf(ZOutletRow), { body: ZOutlet }) },
      update,
    );
    app.patch(
      "/api/outlets_update/:id",
      { config: { permission: "outlets/update" }, ...answers(savedOf(ZOutletRow), { body: ZOutlet }) },
      update,
    );
    const destroy = async (req: import("fastify").FastifyRequest) => {
      const id = parseId((req.params as { id: string }).id);
      await inTx(app, req, async (ctx) => {
        const before = await showOutlet(ctx, id);
        if (!before) throw notFound();
        const [{ n } = { n: 0 }] = await ctx.tx.select({ n: sql<number>`count(*)::int` }).from(outlets);
        if (n <= 1) throw new HttpError(422, "The last outlet cannot be deleted.");
        await ctx.tx.delete(outlets).where(eq(outlets.outlet_id, id));
        await audit(ctx, { module: "outlets", action: "delete", record_id: id, before });
      });
      return { message: MSG.deleted };
    };
    app.post("/api/outlets_destroy/:id", { config: { permission: "outlets/destroy" }, ...answers(ZMessage) }, destroy);
    app.delete("/api/outlets_destroy/:id", { config: { permission: "outlets/destroy" }, ...answers(ZMessage) }, destroy);
  },
};
