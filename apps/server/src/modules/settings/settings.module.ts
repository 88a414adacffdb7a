import { MSG, ZCurrencyRate, ZFinancialYear, ZPastRate, ZSystemProfile, ZSystemSettings } from "@app/contracts";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { audit } from "../../platform/audit.js";
import { businessTimeZone } from "../../platform/business-time.js";
import { bodyOf, parseId, registerCrud } from "../../platform/crud.js";
import { fieldError, notFound, parse } from "../../platform/errors.js";
import { imagePath, issuedImage, saveImage } from "../../platform/files.js";
import { ctxOf, inTx } from "../../platform/http.js";
import type { AppModule } from "../index.js";
import { createRate, deleteRate, ratesList, showRate, storePastRate } from "./currency-rates.js";
import { activateYear, archiveYear, createYear, deleteYear, showYear, updateYear, yearsDropdown, yearsList } from "./financial-years.js";
import { currencies, currencyRates, systemConfig } from "./settings.tables.js";
import { showSystemProfile, showSystemSettings, updateSystemProfile, updateSystemSettings } from "./system-settings.js";

/** The single configuration row answers to id 1 only. */
const configId = (req: FastifyRequest) => {
  if (parseId((req.params as { id: string }).id) !== 1) throw notFound();
};

/**
 * Settings: the start-up configuration and currency look-ups every screen needs, the rate
 * history, the system configuration and shop profile screens, and financial years.
 */
export const settingsModule: AppModule = {
  name: "settings",
  register(app: FastifyInstance) {
    app.get("/api/system_config", { config: { permission: "authenticated" } }, async () => {
      const [cfg] = await app.db.select().from(systemConfig).where(eq(systemConfig.id, 1));
      const [cur] = await app.db.select().from(currencies).where(eq(currencies.currency_id, cfg!.currency_fk));
      return {
        data: {
          currency_fk: cfg!.currency_fk,
          currency: cur,
          cashier_login_option: cfg!.cashier_login_option,
          pagination_default: cfg!.pagination_default,
          pagination_options: cfg!.pagination_options,
          shop_name: cfg!.shop_name,
          receipt_header: cfg!.receipt_header,
          pos_terminal_marker: cfg!.pos_terminal_marker,
          password_min_length: cfg!.password_min_length,
          accounting_option: cfg!.accounting_option,
          allow_negative_stock: cfg!.allow_negative_stock,
          default_inventory_fk: cfg!.default_inventory_fk,
          default_account_fk: cfg!.default_account_fk,
          time_zone: businessTimeZone(),
        },
      };
    });
    // The two currencies are seeded and no route writes them: read once, then answered from memory
    // (every screen asks for them).
    let currencyList: Promise<unknown[]> | undefined;
    app.get("/api/currencies/list", { config: { permission: "authenticated" } }, async () => {
      // `execute()`: a query builder runs again at every await; its promise does not.
      currencyList ??= app.db.select().from(currencies).orderBy(currencies.currency_id).execute();
      try {
        return { message: await currencyList };
      } catch (err) {
        currencyList = undefined;
        throw err;
      }
    });

    // ------------------------------------------------------------ currency rates
    app.get("/api/currency_rates/last_rate", { config: { permission: "authenticated" } }, async () => {
      const [r] = await app.db
        .select({ rate: currencyRates.rate, rate_id: currencyRates.rate_id, in_rate: currencyRates.in_rate, date: currencyRates.date })
        .from(currencyRates)
        .orderBy(desc(currencyRates.date), desc(currencyRates.rate_id))
        .limit(1);
      return { data: r ?? null };
    });
    app.get("/api/currency_rates/show/:id", { config: { permission: ["currency_rates/show", "currency_rates/index"] } }, async (req) => {
      const row = await showRate(ctxOf(app, req), parseId((req.params as { id: string }).id));
      if (!row) throw notFound();
      return { data: row };
    });
    app.post("/api/currency_rates/store_past_date", { config: { permission: "currency_rates/store" } }, async (req, reply) => {
      const input = parse(ZPastRate, bodyOf(req));
      const row = await inTx(app, req, async (ctx) => {
        const r = await storePastRate(ctx, input);
        await audit(ctx, { module: "currency_rates", action: "create", record_id: r.rate_id, after: r });
        return r;
      });
      return reply.status(201).send({ message: row, data: row });
    });
    registerCrud(app, {
      endpoint: "currency_rates",
      section: "currency_rates",
      list: ratesList,
      show: showRate,
      create: { schema: ZCurrencyRate, run: createRate },
      remove: deleteRate,
    });

    // ------------------------------------------------------------ system configuration and profile
    app.get("/api/system_settings/show/:id", { config: { permission: "system_settings/show" } }, async (req) => {
      configId(req);
      return { data: await showSystemSettings(ctxOf(app, req)) };
    });
    const updateSettings = async (req: FastifyRequest) => {
      configId(req);
      const input = parse(ZSystemSettings, bodyOf(req));
      const data = await inTx(app, req, async (ctx) => {
        const before = await showSystemSettings(ctx);
        await updateSystemSettings(ctx, input);
        const after = await showSystemSettings(ctx);
        await audit(ctx, { module: "system_settings", action: "update", record_id: 1, before, after });
        return after;
      });
      return { message: MSG.updated, data };
    };
    app.post("/api/system_settings_update/:id", { config: { permission: "system_settings/update" } }, updateSettings);
    app.patch("/api/system_settings_update/:id", { config: { permission: "system_settings/update" } }, updateSettings);

    app.get("/api/system_profiles/show/:id", { config: { permission: "system_profiles/show" } }, async (req) => {
      configId(req);
      return { data: await showSystemProfile(ctxOf(app, req)) };
    });
    const updateProfile = async (req: FastifyRequest) => {
      configId(req);
      const { shop_logo: logo, logo: alt, ...fields } = bodyOf(req);
      const input = parse(ZSystemProfile, Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === "" ? null : v])));
      const value = logo ?? alt;
      let shop_logo: string | null | undefined;
      if (Buffer.isBuffer(value)) shop_logo = await saveImage(app.config.uploadDir, value, "shop_logo");
      else if (value === null || value === "") shop_logo = null;
      else if (typeof value === "string") {
        // A name from /api/images, or the current logo's name sent back unchanged.
        shop_logo = issuedImage(app.config.uploadDir, value, "shop_logo");
      } else if (value !== undefined) throw fieldError("shop_logo", MSG.fileTypeNotAllowed);
      const data = await inTx(app, req, async (ctx) => {
        const before = await showSystemProfile(ctx);
        await updateSystemProfile(ctx, { ...input, shop_logo });
        const after = await showSystemProfile(ctx);
        await audit(ctx, { module: "system_profiles", action: "update", record_id: 1, before, after });
        return after;
      });
      return { message: MSG.updated, data };
    };
    app.post("/api/system_profiles_update/:id", { config: { permission: "system_profiles/update" } }, updateProfile);
    app.patch("/api/system_profiles_update/:id", { config: { permission: "system_profiles/update" } }, updateProfile);

    // ------------------------------------------------------------ financial years
    app.get("/api/financial_years/list", { config: { permission: "authenticated" } }, async (req) => ({
      message: await yearsDropdown(ctxOf(app, req)),
    }));
    const yearAction = (action: "activate" | "archive") =>
      app.post(`/api/financial_years/:id/${action}`, { config: { permission: `financial_years/${action}` } }, async (req) => {
        const id = parseId((req.params as { id: string }).id);
        const value =
          action === "archive"
            ? parse(
                z.object({
                  archived: z
                    .boolean()
                    .or(z.enum(["0", "1", "true", "false"]))
                    .default(true),
                }),
                bodyOf(req),
              ).archived
            : true;
        const archived = value === true || value === "1" || value === "true";
        const data = await inTx(app, req, async (ctx) => {
          const before = await showYear(ctx, id);
          if (!before) throw notFound();
          if (action === "activate") await activateYear(ctx, id);
          else await archiveYear(ctx, id, archived);
          const after = await showYear(ctx, id);
          await audit(ctx, { module: "financial_years", action, record_id: id, before, after });
          return after;
        });
        return { message: MSG.updated, data };
      });
    yearAction("activate");
    yearAction("archive");
    registerCrud(app, {
      endpoint: "financial_years",
      section: "financial_years",
      list: yearsList,
      show: showYear,
      create: { schema: ZFinancialYear, run: createYear },
      update: { schema: ZFinancialYear, run: updateYear },
      remove: deleteYear,
    });
  },
};
