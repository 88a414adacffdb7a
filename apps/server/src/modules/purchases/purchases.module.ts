import { MSG, ZModifySalePrice, ZPurchase, ZPurchaseReturn } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { bodyOf, docs, parseId, registerAction, registerCrud } from "../../platform/crud.js";
import { parse } from "../../platform/errors.js";
import { requestLanguage } from "../../platform/export.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { answers, dataOf, decimals, rowOf, savedOf, XLSX, zDecimal } from "../../platform/openapi.js";
import { ImportRowsError } from "../../platform/sheet-import.js";
import { applyCost, applyCostPreview } from "./purchase.apply-cost.js";
import { modifySalePrices, salePrices } from "./purchase.sale-prices.js";
import { importPurchaseLines, purchaseImportTemplate } from "./purchase-import.js";
import { registerPurchaseImportJob } from "./purchase-import-job.js";
import { createReturn, deleteReturn, purchaseReturnsList, setReturnClosed, showReturn, updateReturn } from "./purchase-returns.js";
import { completePurchase, createPurchase, deletePurchase, returnToDraft, setClosed, updatePurchase } from "./purchases.js";
import { purchasesList } from "./purchases.list.js";
import { showPurchase } from "./purchases.show.js";
import { purchaseCharges, purchaseLines, purchaseReturnLines, purchaseReturns, purchases } from "./purchases.tables.js";

type Show = (ctx: Ctx, id: number) => Promise<Record<string, unknown> | undefined>;

// ------------------------------------------------------------ answers (OpenAPI)
const named = {
  consumer_name: z.string(),
  inventory_name: z.string(),
  currency_name: z.string(),
  account_name: z.string().nullable(),
  account_system_key: z.string().nullable(),
  created_by_name: z.string().nullable(),
};
const ZPurchaseShown = rowOf(purchases).extend({
  ...named,
  date: z.string(),
  lines: z.array(
    rowOf(purchaseLines).extend({
      item_name: z.string(),
      item_code: z.string().nullable(),
      has_expire: z.boolean(),
      unit_name: z.string(),
      returned_quantity: zDecimal,
      returned_bonus: zDecimal,
    }),
  ),
  charges: z.array(
    rowOf(purchaseCharges).extend({
      /** None for a charge paid in cash without a supplier. */
      consumer_name: z.string().nullable(),
      account_name: z.string().nullable(),
      account_system_key: z.string().nullable(),
      currency_name: z.string(),
    }),
  ),
});
const ZReturnShown = rowOf(purchaseReturns).extend({
  ...named,
  date: z.string(),
  purchase_number: z.string().nullable(),
  lines: z.array(rowOf(purchaseReturnLines).extend({ item_name: z.string(), item_code: z.string().nullable(), unit_name: z.string() })),
});
const line = { line_id: z.number().int(), item_id: z.number().int(), item_name: z.string(), unit_name: z.string() };
const ZCostPlan = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  status: z.string(),
  costs_applied: z.boolean(),
  currency_id: z.number().int(),
  charges_value: zDecimal,
  lines: z.array(z.object({ ...line, ...decimals("quantity", "bonus", "value", "share", "unit_cost", "new_unit_cost") })),
});
const ZSalePrices = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  currency_id: z.number().int(),
  lines: z.array(
    z.object({
      ...line,
      ...decimals("unit_cost", "net_price", "last_sale_price"),
      units: z.array(
        z.object({
          item_unit_id: z.number().int(),
          unit_id: z.number().int(),
          unit_name: z.string(),
          quantity: zDecimal,
          price: zDecimal,
          is_base: z.boolean(),
          is_default: z.boolean(),
        }),
      ),
    }),
  ),
});

/** A state change of a purchase or return (the platform's `registerAction`). */
function action(
  app: FastifyInstance,
  endpoint: string,
  name: string,
  permission: string,
  show: Show,
  run: (ctx: Ctx, id: number) => Promise<unknown>,
  row: z.ZodType,
  /** Keys it checks inside (`config.checks`): a closed document changed by one who may unclose. */
  checks: readonly string[] = [],
) {
  registerAction(app, { endpoint, name, permission, show, row, run: (ctx, id) => run(ctx, id), checks });
}

export const purchasesModule: AppModule = {
  name: "purchases",
  register(app: FastifyInstance) {
    app.get("/api/purchases/import_template", { config: { permission: "purchases/import", openapi: { file: XLSX } } }, async (req, reply) =>
      reply
        .header("content-type", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        .header("content-disposition", 'attachment; filename="purchase-lines-template.xlsx"')
        .send(await purchaseImportTemplate(requestLanguage(req.headers["accept-language"]))),
    );
    app.post(
      "/api/purchases/:id/import",
      {
        config: { permission: "purchases/import", openapi: { files: ["file"] } },
        ...answers(savedOf(z.object({ imported: z.number().int() })), 201),
      },
      async (req, reply) => {
        const id = parseId((req.params as { id: string }).id);
        const file = req.isMultipart() ? (req.body as Record<string, unknown> | undefined)?.file : undefined;
        try {
          const result = await inTx(app, req, async (ctx) => {
            const r = await importPurchaseLines(ctx, id, file);
            await audit(ctx, { module: "purchases", action: "import", record_id: id, after: r });
            return r;
          });
          return reply.status(201).send({ message: `${MSG.added}: ${result.imported} items`, data: result });
        } catch (err) {
          if (err instanceof ImportRowsError) return reply.status(422).send({ message: err.message, errors: err.errors, rows: err.rows });
          throw err;
        }
      },
    );

    registerPurchaseImportJob(app);

    registerCrud(app, {
      endpoint: "purchases",
      section: "purchases",
      list: purchasesList,
      row: ZPurchaseShown,
      show: showPurchase,
      create: { schema: ZPurchase, run: createPurchase },
      update: { schema: ZPurchase, run: updatePurchase },
      remove: deletePurchase,
      complete: { permission: "purchases/complete", action: "complete", run: completePurchase },
      checks: { update: ["purchases/unclose"], destroy: ["purchases/unclose"] },
    });
    action(app, "purchases", "complete", "purchases/complete", showPurchase, completePurchase, ZPurchaseShown, ["purchases/unclose"]);
    action(app, "purchases", "return_to_draft", "purchases/return_to_draft", showPurchase, returnToDraft, ZPurchaseShown, [
      "purchases/unclose",
    ]);
    action(app, "purchases", "close", "purchases/close", showPurchase, (ctx, id) => setClosed(ctx, id, true), ZPurchaseShown);
    action(app, "purchases", "open", "purchases/open", showPurchase, (ctx, id) => setClosed(ctx, id, false), ZPurchaseShown);

    app.get(
      "/api/purchases/:id/apply_cost",
      { config: { permission: "purchases/apply_cost" }, ...answers(dataOf(ZCostPlan)) },
      async (req) => ({
        data: await applyCostPreview(ctxOf(app, req), parseId((req.params as { id: string }).id)),
      }),
    );
    app.post(
      "/api/purchases/:id/apply_cost",
      { config: { permission: "purchases/apply_cost" }, ...answers(savedOf(ZCostPlan)) },
      async (req) => {
        const id = parseId((req.params as { id: string }).id);
        const data = await inTx(app, req, async (ctx) => {
          const r = await applyCost(ctx, id);
          await audit(ctx, { module: "purchases", action: "apply_cost", record_id: id, after: r });
          return r;
        });
        return { message: MSG.updated, data };
      },
    );

    app.get(
      "/api/purchases/:id/sale_prices",
      { config: { permission: "purchases/modify_sale_price" }, ...answers(dataOf(ZSalePrices)) },
      async (req) => ({
        data: await salePrices(ctxOf(app, req), parseId((req.params as { id: string }).id)),
      }),
    );
    app.post(
      "/api/purchases/:id/modify_sale_price",
      {
        config: { permission: "purchases/modify_sale_price" },
        ...docs({ tags: ["purchases"], body: ZModifySalePrice, response: savedOf(ZSalePrices) }),
      },
      async (req) => {
        const id = parseId((req.params as { id: string }).id);
        const input = parse(ZModifySalePrice, bodyOf(req));
        await inTx(app, req, async (ctx) => {
          const r = await modifySalePrices(ctx, id, input);
          await audit(ctx, { module: "purchases", action: "modify_sale_price", record_id: id, before: r.before, after: r.after });
        });
        return { message: MSG.updated, data: await salePrices(ctxOf(app, req), id) };
      },
    );

    registerCrud(app, {
      endpoint: "purchase_returns",
      section: "purchase_returns",
      list: purchaseReturnsList,
      row: ZReturnShown,
      show: showReturn,
      create: { schema: ZPurchaseReturn, run: createReturn },
      update: { schema: ZPurchaseReturn, run: updateReturn },
      remove: deleteReturn,
      checks: { update: ["purchase_returns/unclose"], destroy: ["purchase_returns/unclose"] },
    });
    action(
      app,
      "purchase_returns",
      "close",
      "purchase_returns/close",
      showReturn,
      (ctx, id) => setReturnClosed(ctx, id, true),
      ZReturnShown,
    );
    action(
      app,
      "purchase_returns",
      "open",
      "purchase_returns/open",
      showReturn,
      (ctx, id) => setReturnClosed(ctx, id, false),
      ZReturnShown,
    );
  },
};
