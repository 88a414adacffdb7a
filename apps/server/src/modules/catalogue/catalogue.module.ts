import { MSG, ZActivate, ZBrand, ZCategory, ZCity, ZInventory, ZItem, ZUnit } from "@app/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import { bodyOf, parseId, registerCrud, registerDropdown, registerList, registerShow, tableDropdown } from "../../platform/crud.js";
import { fieldError, HttpError, notFound, parse } from "../../platform/errors.js";
import { requestLanguage } from "../../platform/export.js";
import { issuedImage, saveImage } from "../../platform/files.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { refreshEstimates } from "../../platform/list.js";
import { noticedCache } from "../../platform/noticed-cache.js";
import { answers, dataOf, rowOf, savedOf, XLSX, ZMessage } from "../../platform/openapi.js";
import { ImportRowsError } from "../../platform/sheet-import.js";
import { generateEan13, itemExactSearch } from "./barcodes.js";
import {
  CATEGORY_PICKERS,
  ITEM_PICKERS,
  usedBy,
  ZCategoryPick,
  ZCategoryShown,
  ZCategoryTree,
  ZImported,
  ZInventoryRow,
  ZItemPage,
  ZItemShown,
  ZPage,
  ZParent,
} from "./catalogue.schemas.js";
import { brands, cities } from "./catalogue.tables.js";
import {
  categoriesList,
  categoryDropdown,
  categoryTree,
  createCategory,
  deleteCategory,
  setCategoryOnline,
  showCategory,
  updateCategory,
} from "./categories.js";
import { importItems, importTemplate } from "./import-items.js";
import { registerItemImportJob } from "./import-items-job.js";
import { createInventory, deleteInventory, inventoriesList, listInventories, showInventory, updateInventory } from "./inventories.js";
import { deleteItem, deleteItemUnit, itemDropdown, itemsList, saveItem, setItemOnline, showItem } from "./items.js";
import {
  brandsList,
  citiesList,
  cityRecords,
  createBrand,
  deleteBrand,
  showBrand,
  unitRecords,
  unitsList,
  updateBrand,
} from "./reference.js";
import { countries, units } from "./units.tables.js";

type Body = Record<string, unknown>;

/** Item form fields (JSON or multipart): empty form fields mean "none", uploads are split from the fields. */
function itemForm(req: FastifyRequest): { body: Body; files: Buffer[] } {
  const raw = bodyOf(req);
  const files: Buffer[] = [];
  const body: Body = {};
  for (const [k, v] of Object.entries(raw)) {
    const values = Array.isArray(v) ? v : [v];
    if (k === "image" || k === "new_images" || values.some((x) => Buffer.isBuffer(x))) {
      for (const x of values) {
        if (!Buffer.isBuffer(x)) throw fieldError(k, MSG.fileTypeNotAllowed);
        files.push(x);
      }
      continue;
    }
    body[k] = v === "" ? null : v;
  }
  if (files.length > 10) throw fieldError("image", "At most 10 images.");
  return { body, files };
}

/** The file parts an item's form may carry: its new images. */
const ITEM_FILES = ["image", "new_images"];

export const catalogueModule: AppModule = {
  name: "catalogue",
  register(app: FastifyInstance) {
    // ------------------------------------------------------------ inventories
    registerDropdown(app, "/api/inventories/list", "authenticated", {
      row: ZInventoryRow.pick({ inventory_id: true, inventory_name: true, is_active: true }),
      load: (req) => listInventories(ctxOf(app, req)),
    });
    registerShow(app, "/api/inventories/show/:id", { permission: "authenticated" }, ZInventoryRow, showInventory);
    registerCrud(app, {
      endpoint: "inventories",
      list: inventoriesList,
      row: ZInventoryRow,
      show: showInventory,
      create: { schema: ZInventory, run: createInventory },
      update: { schema: ZInventory, run: updateInventory },
      remove: deleteInventory,
    });

    // ------------------------------------------------------------ units, cities, brands, countries
    registerCrud(app, {
      endpoint: "units",
      dropdown: {
        permission: ["units/index", ...ITEM_PICKERS],
        ...tableDropdown(app.db, units, ["unit_id", "unit_name"], units.unit_name),
      },
      list: unitsList,
      row: rowOf(units),
      show: unitRecords.show,
      create: { schema: ZUnit, run: unitRecords.create },
      update: { schema: ZUnit, run: unitRecords.update },
      remove: unitRecords.remove,
    });

    registerCrud(app, {
      endpoint: "cities",
      dropdown: {
        permission: usedBy("cities", "customers", "suppliers", "online_customers", "online_orders", "mobile_app_settings"),
        ...tableDropdown(app.db, cities, ["city_id", "city_name"], cities.city_name),
      },
      list: citiesList,
      row: rowOf(cities),
      show: cityRecords.show,
      create: { schema: ZCity, run: cityRecords.create },
      update: { schema: ZCity, run: cityRecords.update },
      remove: cityRecords.remove,
    });

    registerCrud(app, {
      endpoint: "brands",
      dropdown: {
        permission: usedBy("brands", "items", "item_pricings", "mobile_app_sections"),
        ...tableDropdown(app.db, brands, ["brand_id", "brand_name", "brand_made_in"], brands.brand_name),
      },
      list: brandsList,
      row: rowOf(brands).extend({ country_name: z.string().nullable() }),
      show: showBrand,
      create: { schema: ZBrand, run: createBrand },
      update: { schema: ZBrand, run: updateBrand },
      remove: deleteBrand,
    });

    const countryDropdown = tableDropdown(app.db, countries, ["country_id", "country_name"], countries.country_name);
    registerDropdown(app, "/api/countries/list", "authenticated", {
      row: countryDropdown.row,
      load: async (req) => {
        const rows = await countryDropdown.load(req);
        if (!rows.length) throw new HttpError(404, MSG.countriesEmpty);
        return rows;
      },
    });

    // ------------------------------------------------------------ categories
    // One dropdown a level of the tree: categories, then the sub-categories and product types of a parent.
    const categoryLevel = (url: string, level: (req: FastifyRequest) => Parameters<typeof categoryDropdown>[1], query?: typeof ZParent) =>
      registerDropdown(app, `/api/categories/${url}`, CATEGORY_PICKERS, {
        row: ZCategoryPick,
        load: (req) => categoryDropdown(ctxOf(app, req), level(req)),
        query,
      });
    const parentOf = (req: FastifyRequest) => parse(ZParent, req.query).parent_id;
    categoryLevel("category_list", () => ({ depth: 0 }));
    categoryLevel("sub_category_list", (req) => ({ depth: 1, parentId: parentOf(req) }), ZParent);
    categoryLevel("product_type_list", (req) => ({ depth: 2, parentId: parentOf(req) }), ZParent);
    app.get(
      "/api/categories/tree",
      { config: { permission: CATEGORY_PICKERS }, ...answers(dataOf(z.array(ZCategoryTree))) },
      async (req) => ({
        data: await categoryTree(ctxOf(app, req)),
      }),
    );
    app.post(
      "/api/categories/:id/activate",
      { config: { permission: "categories/activate" }, ...answers(savedOf(ZCategoryShown), { body: ZActivate }) },
      async (req) => {
        const id = parseId((req.params as { id: string }).id);
        const input = parse(ZActivate, bodyOf(req));
        const data = await inTx(app, req, async (ctx) => {
          const before = await showCategory(ctx, id);
          if (!before) throw notFound();
          await setCategoryOnline(ctx, id, input.is_active_online);
          const after = await showCategory(ctx, id);
          await audit(ctx, { module: "categories", action: "activate", record_id: id, before, after });
          return after;
        });
        return { message: MSG.updated, data };
      },
    );
    registerCrud(app, {
      endpoint: "categories",
      list: categoriesList,
      row: ZCategoryShown,
      show: showCategory,
      create: { schema: ZCategory, run: createCategory },
      update: { schema: ZCategory, run: updateCategory },
      remove: deleteCategory,
      // Shown online or hidden by the form's flag: categories/activate, as its own route.
      checks: { store: ["categories/activate"], update: ["categories/activate"] },
    });

    // ------------------------------------------------------------ items
    // A scanner sends the same few hundred codes all day: their answers are kept in this process
    // until the migration's trigger announces a change to items, units or barcodes.
    const scanned = noticedCache<Awaited<ReturnType<typeof itemDropdown>>>(app, "catalogue_changed");
    app.get("/api/items/list", { config: { permission: ITEM_PICKERS }, ...answers(ZItemPage, { querystring: ZPage }) }, async (req) => {
      const q = parse(ZPage, req.query);
      const load = () => itemDropdown(ctxOf(app, req), { search: q.search, page: q.page, perPage: q.per_page });
      const { rows, hasMore } =
        q.search && q.page === 1 && itemExactSearch(q.search)
          ? await scanned.through(`${q.per_page}:${q.search.trim()}`, load, (found) => found.rows.length > 0)
          : await load();
      return { message: rows, current_page: q.page, per_page: q.per_page, has_more: hasMore };
    });
    app.get(
      "/api/items/generate_barcode",
      { config: { permission: ["items/store", "items/update"] }, ...answers(dataOf(z.object({ barcode: z.string() }))) },
      async (req) => ({
        data: { barcode: await generateEan13(ctxOf(app, req)) },
      }),
    );
    app.get("/api/items/import_template", { config: { permission: "items/import", openapi: { file: XLSX } } }, async (req, reply) =>
      reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", 'attachment; filename="items-import-template.xlsx"')
        .send(await importTemplate(requestLanguage(req.headers["accept-language"]))),
    );
    app.post(
      "/api/items/import",
      { config: { permission: "items/import", openapi: { files: ["file"] } }, ...answers(savedOf(ZImported), 201) },
      async (req, reply) => {
        const file = req.isMultipart() ? (req.body as Body | undefined)?.file : undefined;
        try {
          const result = await inTx(app, req, async (ctx) => {
            const r = await importItems(ctx, file);
            await audit(ctx, { module: "items", action: "import", after: r });
            return r;
          });
          // Thousands of new rows at once: the items list's estimated total is made right now.
          if (result.imported) await refreshEstimates(app.db, ["items", "item_units", "item_barcodes"]);
          return reply.status(201).send({ message: `${MSG.added}: ${result.imported} items`, data: result });
        } catch (err) {
          if (err instanceof ImportRowsError) return reply.status(422).send({ message: err.message, errors: err.errors, rows: err.rows });
          throw err;
        }
      },
    );

    registerItemImportJob(app);

    registerList(app, "/api/items", itemsList, "items/index");
    registerShow(app, "/api/items/:id", { permission: "items/show", openapi: { kind: "show" } }, ZItemShown, showItem);

    const saveImages = async (files: Buffer[]) => {
      const names: string[] = [];
      for (const f of files) names.push(await saveImage(app.config.uploadDir, f, "image"));
      return names;
    };
    const keptImages = (names: string[] | undefined, stored: string[]) => {
      for (const n of names ?? []) issuedImage(app.config.uploadDir, n, "images");
      return names ?? stored;
    };

    app.post(
      "/api/items",
      // A JSON body, or a multipart form with the new images as `image` (or `new_images`) parts.
      {
        config: { permission: "items/store", checks: ["items/activate"], openapi: { kind: "create", files: ITEM_FILES } },
        ...answers(savedOf(ZItemShown), { status: 201, body: ZItem }),
      },
      async (req, reply) => {
        const { body, files } = itemForm(req);
        const input = parse(ZItem, body);
        const kept = keptImages(input.images, []);
        const added = await saveImages(files);
        const data = await inTx(app, req, async (ctx) => {
          const { id } = await saveItem(ctx, undefined, input, [...kept, ...added]);
          const after = await showItem(ctx, id);
          await audit(ctx, { module: "items", action: "create", record_id: id, after });
          return after;
        });
        return reply.status(201).send({ message: MSG.added, data });
      },
    );

    const update = async (req: FastifyRequest) => {
      const id = parseId((req.params as { id: string }).id);
      if (req.method === "POST") {
        const m = (req.body as Body | undefined)?._method;
        if (typeof m !== "string" || !["PATCH", "PUT"].includes(m.toUpperCase())) throw new HttpError(405, "Use _method=PATCH to update.");
      }
      const { body, files } = itemForm(req);
      const input = parse(ZItem, body);
      const added = await saveImages(files);
      const data = await inTx(app, req, async (ctx) => {
        const before = await showItem(ctx, id);
        if (!before) throw notFound();
        const kept = keptImages(
          input.images,
          before.images.map((i) => i.file),
        );
        await saveItem(ctx, id, input, [...kept, ...added]);
        const after = await showItem(ctx, id);
        await audit(ctx, { module: "items", action: "update", record_id: id, before, after });
        return after;
      });
      return { message: MSG.updated, data };
    };
    const updated = answers(savedOf(ZItemShown), { body: ZItem });
    // The form's flag shown online or hidden is items/activate, as its own route.
    const itemUpdate = (kind: "update" | "replace" | "updateForm") => ({
      config: { permission: "items/update", checks: ["items/activate"], openapi: { kind, files: ITEM_FILES } },
      ...updated,
    });
    app.patch("/api/items/:id", itemUpdate("update"), update);
    app.put("/api/items/:id", itemUpdate("replace"), update);
    app.post("/api/items/:id", itemUpdate("updateForm"), update);

    app.post(
      "/api/items/:id/activate",
      { config: { permission: "items/activate" }, ...answers(savedOf(ZItemShown), { body: ZActivate }) },
      async (req) => {
        const id = parseId((req.params as { id: string }).id);
        const input = parse(ZActivate, bodyOf(req));
        const data = await inTx(app, req, async (ctx) => {
          const before = await showItem(ctx, id);
          if (!before) throw notFound();
          await setItemOnline(ctx, id, input.is_active_online);
          const after = await showItem(ctx, id);
          await audit(ctx, { module: "items", action: "activate", record_id: id, before, after });
          return after;
        });
        return { message: MSG.updated, data };
      },
    );

    app.delete("/api/items/:id/units/:unitId", { config: { permission: "items/update" }, ...answers(savedOf(ZItemShown)) }, async (req) => {
      const params = req.params as { id: string; unitId: string };
      const id = parseId(params.id);
      const unitId = parseId(params.unitId);
      const data = await inTx(app, req, async (ctx) => {
        const before = await showItem(ctx, id);
        if (!before) throw notFound();
        await deleteItemUnit(ctx, id, unitId);
        const after = await showItem(ctx, id);
        await audit(ctx, { module: "items", action: "update", record_id: id, before, after });
        return after;
      });
      return { message: MSG.deleted, data };
    });

    app.delete(
      "/api/items/:id",
      { config: { permission: "items/destroy", openapi: { kind: "delete" } }, ...answers(ZMessage) },
      async (req) => {
        const id = parseId((req.params as { id: string }).id);
        await inTx(app, req, async (ctx) => {
          const before = await showItem(ctx, id);
          if (!before) throw notFound();
          await deleteItem(ctx, id);
          await audit(ctx, { module: "items", action: "delete", record_id: id, before });
        });
        return { message: MSG.deleted };
      },
    );
  },
};
