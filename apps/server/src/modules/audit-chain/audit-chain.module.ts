import { CHAIN_VERIFY_KEY, ZAuditChainResult } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import type { AppModule } from "../../platform/app-module.js";
import { docs } from "../../platform/crud.js";
import { dataOf } from "../../platform/openapi.js";
import { verifyChain } from "./audit-chain.js";

const tags = ["model_loges"];

/** The audit log's hash chain: verifying it ([audit chain](docs/architecture/audit-chain.md)). */
export const auditChainModule: AppModule = {
  name: "audit-chain",
  register(app: FastifyInstance) {
    app.post(
      "/api/model_loges/verify",
      {
        config: { permission: CHAIN_VERIFY_KEY },
        ...docs({ tags, summary: "Verify the audit log's hash chain, row by row, against its head", response: dataOf(ZAuditChainResult) }),
      },
      async () => {
        const pool = (app.db as unknown as { $client: pg.Pool }).$client;
        const client = await pool.connect();
        try {
          return { data: await verifyChain(client) };
        } finally {
          client.release();
        }
      },
    );
  },
};
