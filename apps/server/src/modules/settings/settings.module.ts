import { MSG, ZCurrencyRate, ZFinancialYear, ZPastRate, ZRateUpdate, ZSystemProfile, ZSystemSettings } from "@app/contracts";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppModule } from "../../platform/app-module.js";
import { audit } from "../../platform/audit.js";
import { businessTimeZone } from "../../platform/business-time.js";
import { bodyOf, parseId, registerCrud, registerShow } from "../../platform/crud.js";
import { fieldError, notFound, parse } from "../../platform/errors.js";
import { issuedImage, saveImage } from "../../platform/files.js";
import { ctxOf, inTx } from "../../platform/http.js";
import { answers, dataOf, dropdownOf, rowOf, rowsLike, savedOf, takes } from "../../platform/openapi.js";
import { createRate, deleteRate, ratesList, showRate, storePastRate, updateRate } from "./currency-rates.js";
import { activateYear, archiveYear, createYear, deleteYear, showYear, updateYear, yearsDropdown, yearsList } from "./financial-years.js";
import { currencies, currencyRates, systemConfig } from "./settings.tables.js";
import { showSystemProfile, showSystemSettings, updateSystemProfile, updateSystemSettings } from "./system-settings.js";

const ZCurrency = rowOf(currencies);
const config = rowOf(systemConfig);
const ZSystemConfig = config
  .pick({
    currency_fk: true,
    cashier_login_option: true,
    pagination_default: true,
    pagination_options: true,
    shop_name: true,
    receipt_header: true,
    pos_terminal_marker: true,
    password_min_length: true,
    accounting_option: true,
    allow_negative_stock: true,
    default_inventory_fk: true,
    default_account_fk: true,
    iqd_decimals: true,
  })
  .extend({ currency: ZCurrency, time_zone: z.string() });
const ZSettings = config
  .pick({
    id: true,
    currency_fk: true,
    default_inventory_fk: true,
    default_account_fk: true,
    cashier_login_option: true,
    accounting_option: true,
    allow_negative_stock: true,
    out_of_stock_min_qty: true,
    online_order_accepted_minutes: true,
    pagination_default: true,
    pagination_options: true,
    password_min_length: true,
    two_factor_super_user: true,
    two_factor_role_ids: true,
    iqd_decimals: true,
    updated_at: true,
  })
  .extend({
    default_inventory_name: z.string().nullable(),
    default_account_name: z.string().nullable(),
    default_account_system_key: z.string().nullable(),
    currency: ZCurrency,
  });
const ZProfile = config
  .pick({ shop_name: true, shop_logo: true, receipt_header: true, receipt_footer: true })
  .extend({ id: z.literal(1), shop_logo_url: z.string().nullable() });
/** Dates of rates read in the business's time zone, `YYYY-MM-DD hh:mm:ss`. */
const ZRate = rowOf(currencyRates).pick({ rate_id: true, rate: true, in_rate: true }).extend({ date: z.string() });

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
    app.get("/api/system_config", { config: { permission: "authenticated" }, ...answers(dataOf(ZSystemConfig)) }, async () => {
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
          receipt_footer: cfg!.receipt_footer,
          pos_terminal_marker: cfg!.pos_terminal_marker,
          password_min_length: cfg!.password_min_length,
          accounting_option: cfg!.accounting_option,
          allow_negative_stock: cfg!.allow_negative_stock,
          default_inventory_fk: cfg!.default_inventory_fk,
          default_account_fk: cfg!.default_account_fk,
          iqd_decimals: cfg!.iqd_decimals,
          time_zone: businessTimeZone(),
        },
      };
    });
    // The two currencies are seeded and no route writes them: read once, then answered from memory
    // (every screen asks for them).
    let currencyList: Promise<unknown[]> | undefined;
    app.get("/api/currencies/list", { config: { permission: "authenticated" }, ...answers(dropdownOf(ZCurrency)) }, async () => {
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
    app.get(
      "/api/currency_rates/last_rate",
      { config: { permission: "authenticated" }, ...answers(dataOf(ZRate.nullable())) },
      async () => {
        const [r] = await app.db
          .select({ rate: currencyRates.rate, rate_id: currencyRates.rate_id, in_rate: currencyRates.in_rate, date: currencyRates.date })
          .from(currencyRates)
          .orderBy(desc(currencyRates.date), desc(currencyRates.rate_id))
          .limit(1);
        return { data: r ?? null };
      },
    );
    registerShow(app, "/api/currency_rates/show/:id", { permission: ["currency_rates/show", "currency_rates/index"] }, ZRate, showRate);
    app.post(
      "/api/currency_rates/store_past_date",
      {
        config: { permission: "currency_rates/store" },
        ...answers(z.object({ message: ZRate, data: ZRate }), { status: 201, body: ZPastRate }),
      },
      async (req, reply) => {
        const input = parse(ZPastRate, bodyOf(req));
        const row = await inTx(app, req, async (ctx) => {
          const r = await storePastRate(ctx, input);
          await audit(ctx, { module: "currency_rates", action: "create", record_id: r.rate_id, after: r });
          return r;
        });
        return reply.status(201).send({ message: row, data: row });
      },
    );
    registerCrud(app, {
      endpoint: "currency_rates",
      section: "currency_rates",
      list: ratesList,
      row: ZRate,
      show: showRate,
      create: { schema: ZCurrencyRate, run: createRate },
      update: { schema: ZRateUpdate, run: updateRate },
      remove: deleteRate,
    });

    // ------------------------------------------------------------ system configuration and profile
    app.get(
      "/api/system_settings/show/:id",
      { config: { permission: "system_settings/show" }, ...answers(dataOf(ZSettings)) },
      async (req) => {
        configId(req);
        return { data: await showSystemSettings(ctxOf(app, req)) };
      },
    );
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
    app.post(
      "/api/system_settings_update/:id",
      { config: { permission: "system_settings/update" }, ...answers(savedOf(ZSettings), { body: ZSystemSettings }) },
      updateSettings,
    );
    app.patch(
      "/api/system_settings_update/:id",
      { config: { permission: "system_settings/update" }, ...answers(savedOf(ZSettings), { body: ZSystemSettings }) },
      updateSettings,
    );

    app.get(
      "/api/system_profiles/show/:id",
      { config: { permission: "system_profiles/show" }, ...answers(dataOf(ZProfile)) },
      async (req) => {
        configId(req);
        return { data: await showSystemProfile(ctxOf(app, req)) };
      },
    );
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
    app.post(
      "/api/system_profiles_update/:id",
      {
        // The logo: a file part `shop_logo` (or `logo`), or the name of an image /api/images stored.
        config: { permission: "system_profiles/update", openapi: { files: ["shop_logo", "logo"] } },
        ...answers(savedOf(ZProfile), { body: ZSystemProfile }),
      },
      updateProfile,
    );
    app.patch(
      "/api/system_profiles_update/:id",
      {
        // The logo: a file part `shop_logo` (or `logo`), or the name of an image /api/images stored.
        config: { permission: "system_profiles/update", openapi: { files: ["shop_logo", "logo"] } },
        ...answers(savedOf(ZProfile), { body: ZSystemProfile }),
      },
      updateProfile,
    );

    // ------------------------------------------------------------ financial years
    app.get(
      "/api/financial_years/list",
      { config: { permission: "authenticated", openapi: rowsLike(yearsList, "dropdown") } },
      async (req) => ({
        message: await yearsDropdown(ctxOf(app, req)),
      }),
    );
    /** Archiving a year (the default), or taking it out of the archive (`archived: false`). */
    const ZArchive = z.object({
      archived: z
        .boolean()
        .or(z.enum(["0", "1", "true", "false"]))
        .default(true),
    });
    const yearAction = (action: "activate" | "archive") =>
      app.post(
        `/api/financial_years/:id/${action}`,
        {
          config: { permission: `financial_years/${action}`, openapi: rowsLike(yearsList, "saved") },
          ...(action === "archive" ? takes({ body: ZArchive }) : {}),
        },
        async (req) => {
          const id = parseId((req.params as { id: string }).id);
          const value = action === "archive" ? parse(ZArchive, bodyOf(req)).archived : true;
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
        },
      );
    yearAction("activate");
    yearAction("archive");
    registerCrud(app, {
      endpoint: "financial_years",
      section: "financial_years",
      list: yearsList,
      row: yearsList,
      show: showYear,
      create: { schema: ZFinancialYear, run: createYear },
      update: { schema: ZFinancialYear, run: updateYear },
      remove: deleteYear,
    });
  },
};
