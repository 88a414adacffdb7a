import { MSG, ZConsignmentInvoice, ZSaleTransfer, ZSaleTransferReturn } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import type { Ctx } from "../../platform/context.js";
import { bodyOf, docs, parseId, registerAction, registerCrud, registerList } from "../../platform/crud.js";
import { parse } from "../../platform/errors.js";
import { inTx } from "../../platform/http.js";
import { rowOf, savedOf, zDecimal } from "../../platform/openapi.js";
import { consignmentsList } from "./consignment.js";
import { invoiceConsignment } from "./consignment-invoice.js";
import {
  createSaleTransferReturn,
  deleteSaleTransferReturn,
  saleTransferReturnsList,
  showSaleTransferReturn,
  updateSaleTransferReturn,
} from "./sale-transfer-returns.js";
import {
  createSaleTransfer,
  deleteSaleTransfer,
  openTransferLines,
  saleTransfersList,
  saleTransferToDraft,
  sendSaleTransfer,
  setSaleTransferClosed,
  showSaleTransfer,
  updateSaleTransfer,
} from "./sale-transfers.js";
import { saleTransferLines, saleTransferReturnLines, saleTransferReturns, saleTransfers } from "./sale-transfers.tables.js";

const named = {
  date: z.string(),
  consumer_name: z.string(),
  customer_mobile: z.string().nullable(),
  inventory_name: z.string(),
  consignment_inventory_name: z.string().nullable(),
  created_by_name: z.string().nullable(),
};
const lineNames = {
  item_name: z.string(),
  item_code: z.string().nullable(),
  unit_name: z.string(),
  batch_no: z.string().nullable(),
  expire_date: z.string().nullable(),
};
export const ZSaleTransferShown = rowOf(saleTransfers).extend({
  ...named,
  currency_name: z.string(),
  /** The cost the goods left with, system currency (0 while pending). */
  cost: zDecimal,
  lines: z.array(
    rowOf(saleTransferLines).extend({
      ...lineNames,
      cost: zDecimal,
      /** Of the line, in its unit: invoiced, returned, and left with the customer (sent less both). */
      invoiced_quantity: zDecimal,
      returned_quantity: zDecimal,
      left_quantity: zDecimal,
    }),
  ),
});
const ZOpenTransferLine = z.object({
  line_id: z.number().int(),
  transfer_id: z.number().int(),
  number: z.string().nullable(),
  item_id: z.number().int(),
  unit_id: z.number().int(),
  unit_name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  unit_price: zDecimal,
  quantity: zDecimal,
  invoiced: zDecimal,
  returned: zDecimal,
  left: zDecimal,
});
export const ZSaleTransferReturnShown = rowOf(saleTransferReturns).extend({
  ...named,
  sale_transfer_number: z.string().nullable(),
  /** The cost the goods came back at, system currency. */
  value: zDecimal,
  lines: z.array(rowOf(saleTransferReturnLines).extend({ ...lineNames, value: zDecimal })),
});

/**
 * Sale transfers (SPEC §2 `/sales/sale-transfers`, `/sales/sale-transfer-return`; permission
 * section `sale_transfers`): goods on consignment, returns of them, and what each customer holds.
 */
/** A closed transfer is changed only by a user holding it (platform/doc-closing.ts). */
const UNCLOSE = "sale_transfers/unclose";

export const saleTransfersModule: AppModule = {
  name: "sale_transfers",
  register(app: FastifyInstance) {
    registerList(app, "/api/sale_transfers/consignments", consignmentsList, "sale_transfers/index");
    app.get(
      "/api/sale_transfers/consignments/:consumerId/open_lines",
      {
        config: { permission: ["sale_transfers/complete", "sale_transfers/index"] },
        ...docs({
          tags: ["sale_transfers"],
          summary: "The customer's sent sale transfer lines with something left, oldest first (`item_id` narrows to one item)",
          querystring: z.object({ item_id: z.number().int().min(1).optional() }),
          response: z.object({ message: z.array(ZOpenTransferLine) }),
        }),
      },
      async (req) => {
        const consumerId = parseId((req.params as { consumerId: string }).consumerId);
        const raw = (req.query as { item_id?: string }).item_id;
        const itemId = raw === undefined || raw === "" ? undefined : parseId(raw);
        return { message: await inTx(app, req, (ctx) => openTransferLines(ctx, consumerId, itemId)) };
      },
    );
    app.post(
      "/api/sale_transfers/consignments/:consumerId/invoice",
      {
        config: { permission: "sale_transfers/complete" },
        ...docs({
          tags: ["sale_transfers"],
          summary: "Invoice goods a customer holds on consignment (a complete sale from the consignment location)",
          body: ZConsignmentInvoice,
          response: savedOf(z.object({ sale_id: z.number().int(), number: z.string().nullable() })),
          status: 201,
        }),
      },
      async (req, reply) => {
        const consumerId = parseId((req.params as { consumerId: string }).consumerId);
        const input = parse(ZConsignmentInvoice, bodyOf(req));
        const data = await inTx(app, req, async (ctx) => {
          const saleId = await invoiceConsignment(ctx, consumerId, input);
          const sale = await ctx.tx.execute<{ number: string | null }>(sql`select number from sales where id = ${saleId}`);
          const after = { sale_id: saleId, number: sale.rows[0]?.number ?? null };
          await audit(ctx, { module: "sale_transfers", action: "invoice", record_id: consumerId, after: { ...after, ...input } });
          return after;
        });
        return reply.status(201).send({ message: MSG.added, data });
      },
    );
    registerCrud(app, {
      endpoint: "sale_transfers",
      section: "sale_transfers",
      list: saleTransfersList,
      row: ZSaleTransferShown,
      show: showSaleTransfer,
      create: { schema: ZSaleTransfer, run: createSaleTransfer },
      update: { schema: ZSaleTransfer, run: updateSaleTransfer },
      remove: deleteSaleTransfer,
      complete: { permission: "sale_transfers/transfer", action: "send", run: sendSaleTransfer },
      checks: { update: [UNCLOSE], destroy: [UNCLOSE] },
    });
    const action = (name: string, permission: string, run: (ctx: Ctx, id: number) => Promise<unknown>) =>
      registerAction(app, {
        endpoint: "sale_transfers",
        name,
        permission,
        show: showSaleTransfer,
        row: ZSaleTransferShown,
        run,
        checks: [UNCLOSE],
      });
    action("send", "sale_transfers/transfer", sendSaleTransfer);
    action("return_to_draft", "sale_transfers/return_to_draft", saleTransferToDraft);
    action("close", "sale_transfers/close", (ctx, id) => setSaleTransferClosed(ctx, id, true));
    action("open", "sale_transfers/open", (ctx, id) => setSaleTransferClosed(ctx, id, false));

    registerCrud(app, {
      endpoint: "sale_transfer_returns",
      section: "sale_transfers",
      module: "sale_transfer_returns",
      list: saleTransferReturnsList,
      row: ZSaleTransferReturnShown,
      show: showSaleTransferReturn,
      create: { schema: ZSaleTransferReturn, run: createSaleTransferReturn },
      update: { schema: ZSaleTransferReturn, run: updateSaleTransferReturn },
      remove: deleteSaleTransferReturn,
    });
  },
};
