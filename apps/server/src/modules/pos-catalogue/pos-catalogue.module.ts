import { ZPosCatalogue, ZPosCatalogueQuery } from "@app/contracts";
import type { FastifyInstance } from "fastify";
import type { AppModule } from "../../platform/app-module.js";
import { docs } from "../../platform/crud.js";
import { parse } from "../../platform/errors.js";
import { ctxOf } from "../../platform/http.js";
import { posCatalogue } from "./pos-catalogue.js";

/** What the POS screen keeps in the browser to go on selling while the server cannot be reached. */
export const posCatalogueModule: AppModule = {
  name: "pos-catalogue",
  register(app: FastifyInstance) {
    app.get(
      "/api/pos/catalogue",
      {
        config: { permission: "pos_sales/index" },
        ...docs({
          tags: ["pos"],
          summary: "Items, units, barcodes, prices, promotions and customers for the POS, paged and incremental",
          querystring: ZPosCatalogueQuery,
          response: ZPosCatalogue,
        }),
      },
      async (req) => {
        const q = parse(ZPosCatalogueQuery, req.query);
        return posCatalogue(ctxOf(app, req), q);
      },
    );
  },
};
