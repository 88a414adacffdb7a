import { MSG, PAYABLE_ENDPOINTS, type PayableEndpoint, ZDocPayment, ZDocPayments } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import { bodyOf, docs, parseId } from "../../platform/crud.js";
import { parse } from "../../platform/errors.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { dataOf, savedOf, ZMessage } from "../../platform/openapi.js";
import { addDocPayment, deleteDocPayment, docPayments } from "./doc-payments.js";

/** Each payable document's payments: read with its show key, added with Update Payment, deleted with Destroy Payment (SPEC §6). */
function registerPayments(app: FastifyInstance, endpoint: PayableEndpoint) {
  const url = `/api/${endpoint}/:id/payments`;
  const idOf = (req: { params: unknown }) => parseId((req.params as { id: string }).id);
  app.get(
    url,
    {
      config: { permission: `${endpoint}/show` },
      ...docs({ tags: [endpoint], summary: "payments of the document", response: dataOf(ZDocPayments) }),
    },
    async (req) => ({ data: await docPayments(ctxOf(app, req), endpoint, idOf(req)) }),
  );
  app.post(
    url,
    {
      config: { permission: `${endpoint}/update_payment` },
      ...docs({ tags: [endpoint], summary: "pay the document", body: ZDocPayment, response: savedOf(ZDocPayments), status: 201 }),
    },
    async (req, reply) => {
      const id = idOf(req);
      const input = parse(ZDocPayment, bodyOf(req));
      const data = await inTx(app, req, async (ctx) => {
        const { id: paymentId } = await addDocPayment(ctx, endpoint, id, input);
        await audit(ctx, { module: endpoint, action: "update_payment", record_id: id, after: { payment_id: paymentId, ...input } });
        return docPayments(ctx, endpoint, id);
      });
      return reply.status(201).send({ message: MSG.added, data });
    },
  );
  app.delete(
    `${url}/:paymentId`,
    {
      config: { permission: `${endpoint}/destroy_payment` },
      ...docs({ tags: [endpoint], summary: "delete a payment", response: ZMessage }),
    },
    async (req) => {
      const id = idOf(req);
      const paymentId = parseId((req.params as { paymentId: string }).paymentId);
      await inTx(app, req, async (ctx) => {
        await deleteDocPayment(ctx, endpoint, id, paymentId);
        await audit(ctx, { module: endpoint, action: "destroy_payment", record_id: id, before: { payment_id: paymentId } });
      });
      return { message: MSG.deleted };
    },
  );
}

export const docPaymentsModule: AppModule = {
  name: "doc_payments",
  register(app: FastifyInstance) {
    for (const endpoint of PAYABLE_ENDPOINTS) registerPayments(app, endpoint);
  },
};
