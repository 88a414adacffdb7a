import { buildMenuTree, MSG } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { bodyOf, LIST_MODELS } from "../../platform/crud.js";
import { HttpError, parse } from "../../platform/errors.js";
import { saveImage } from "../../platform/files.js";
import { requireUser } from "../../platform/http.js";
import { answers, dataOf, dropdownOf, savedOf } from "../../platform/openapi.js";
import { users } from "../staff/staff.tables.js";
import { modelHiddenColumns } from "./platform.tables.js";

const ZHidden = z.object({
  model: z.string({ error: "The model field is required." }).min(1, "The model field is required.").max(64),
  columns: z
    .union([
      z.string().max(2000),
      z
        .array(z.string().max(64))
        .max(100)
        .transform((a) => a.join(",")),
    ])
    .default(""),
});

const ZHiddenColumns = z.object({ model: z.string(), columns: z.string() });
const ZSidebar = z.object({ show_sidebar: z.boolean() });
const menuNode = <T extends z.ZodType>(children: T) => z.object({ name: z.string(), code: z.string(), children: z.array(children) });
/** Group → section → action. */
const ZMenuGroup = menuNode(menuNode(menuNode(z.never())));

export const platformModule: AppModule = {
  name: "platform",
  register(app: FastifyInstance) {
    const ZHiddenQuery = z.object({ model: ZHidden.shape.model });
    app.get(
      "/api/model_hidden_columns",
      { config: { permission: "authenticated" }, ...answers(dataOf(ZHiddenColumns), { querystring: ZHiddenQuery }) },
      async (req) => {
        const user = requireUser(req);
        const model = parse(ZHiddenQuery, req.query).model;
        const rows = await app.db.execute<{ columns: string }>(
          sql`select columns from model_hidden_columns where user_id = ${user.user_id} and model = ${model}`,
        );
        return { data: { model, columns: rows.rows[0]?.columns ?? "" } };
      },
    );
    app.post(
      "/api/model_hidden_columns",
      { config: { permission: "authenticated" }, ...answers(savedOf(ZHiddenColumns), { body: ZHidden }) },
      async (req) => {
        const user = requireUser(req);
        const input = parse(ZHidden, bodyOf(req));
        const model = LIST_MODELS.get(input.model);
        if (!model) throw new HttpError(422, "The selected model is invalid.", { model: ["The selected model is invalid."] });
        const cols = input.columns
          .split(",")
          .map((c) => c.trim())
          .filter(Boolean);
        const bad = cols.find((c) => !Object.hasOwn(model.columns, c));
        if (bad)
          throw new HttpError(422, `The column ${bad.slice(0, 64)} is not allowed.`, {
            columns: [`The column ${bad.slice(0, 64)} is not allowed.`],
          });
        const columns = [...new Set(cols)].join(",");
        await app.db
          .insert(modelHiddenColumns)
          .values({ user_id: user.user_id, model: input.model, columns })
          .onConflictDoUpdate({ target: [modelHiddenColumns.user_id, modelHiddenColumns.model], set: { columns } });
        return { message: MSG.updated, data: { model: input.model, columns } };
      },
    );

    app.get(
      "/api/menu/menu_tree",
      {
        config: { permission: ["roles/index", "roles/store", "roles/update", "users/assign_permissions", "users/store", "users/update"] },
        ...answers(dropdownOf(ZMenuGroup)),
      },
      async () => ({
        message: buildMenuTree(),
      }),
    );

    app.get("/api/show_sidebar_setting", { config: { permission: "authenticated" }, ...answers(dataOf(ZSidebar)) }, async (req) => {
      const user = requireUser(req);
      const r = await app.db.execute<{ show_sidebar: boolean }>(sql`select show_sidebar from users where user_id = ${user.user_id}`);
      return { data: { show_sidebar: r.rows[0]?.show_sidebar ?? true } };
    });
    const ZSidebarInput = z.object({ show_sidebar: z.union([z.boolean(), z.enum(["0", "1", "true", "false"])]) });
    app.post(
      "/api/set_sidebar_setting",
      { config: { permission: "authenticated" }, ...answers(savedOf(ZSidebar), { body: ZSidebarInput }) },
      async (req) => {
        const user = requireUser(req);
        const input = parse(ZSidebarInput, bodyOf(req));
        const show = input.show_sidebar === true || input.show_sidebar === "1" || input.show_sidebar === "true";
        await app.db.update(users).set({ show_sidebar: show }).where(sql`${users.user_id} = ${user.user_id}`);
        return { message: MSG.updated, data: { show_sidebar: show } };
      },
    );

    /** Generic image upload (multipart field `image` or `file`): answers the stored name for a later form. */
    app.post(
      "/api/images",
      {
        // The image as the part `image` (or `file`) of a multipart form.
        config: { permission: "authenticated", openapi: { files: ["image", "file"] } },
        ...answers(savedOf(z.object({ file: z.string(), url: z.string() })), 201),
      },
      async (req, reply) => {
        const body = (req.body ?? {}) as Record<string, unknown>;
        const value = body.image ?? body.file;
        if (value === undefined) throw new HttpError(422, "The image field is required.", { image: ["The image field is required."] });
        const name = await saveImage(app.config.uploadDir, value, body.image !== undefined ? "image" : "file");
        return reply.status(201).send({ message: MSG.added, data: { file: name, url: `/images/${name}` } });
      },
    );
  },
};
