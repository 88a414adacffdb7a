import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { constants as zlib } from "node:zlib";
import { MSG, PRODUCT_NAME } from "@app/contracts";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";
import * as schema from "./db/schema.js";
import { MODULES } from "./modules/index.js";
import { installMultipart, installTextChecks } from "./platform/body.js";
import { setBusinessTimeZone } from "./platform/business-time.js";
import { answerClientError } from "./platform/client-errors.js";
import { installErrorHandler, uniqueFieldsOf } from "./platform/errors.js";
import { imagePath } from "./platform/files.js";
import { installAccessControl, type RouteInfo } from "./platform/http.js";
import { forgetEstimatesOnWrites } from "./platform/list.js";
import { documentingSerializer, installOpenapi, openapiTransform } from "./platform/openapi.js";
import { installOperations } from "./platform/operations.js";

export { operationsOf } from "./platform/operations.js";

import { installSecurityHeaders, NONCE_PLACEHOLDER, pageStyleNonce } from "./platform/security-headers.js";
import { startupPhase } from "./platform/startup-timing.js";
import { createTokenService, loadSigningKey } from "./platform/tokens.js";

/**
 * The OpenAPI UI is a third-party page whose script writes <style> tags without a nonce: its own
 * policy, as strict as the app's but for inline styles (no token lives on that page).
 */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

export interface BuiltApp {
  app: FastifyInstance;
  /** Every /api route with the permission it declares. */
  routes: RouteInfo[];
}

/** Plugins and modules, without listening: tests drive it through app.inject(). */
export async function buildApp({ database, config }: { database: Database; config: AppConfig }): Promise<BuiltApp> {
  setBusinessTimeZone(config.timeZone);
  const app = Fastify({
    logger: config.logLevel === "silent" ? false : { level: config.logLevel, redact: ["req.headers.authorization", "req.headers.cookie"] },
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    trustProxy: config.trustProxy,
    bodyLimit: 4 * 1024 * 1024,
    // Refusals of Node's parser (431, 400, 408) answer completely, with Connection: close.
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(documentingSerializer);
  app.decorate("db", database.db);
  // Reports may read a replica: a report a moment behind the primary is as good, and its long
  // reads then leave the primary's connections and CPU to the postings.
  const reportDatabase = config.databaseReadUrl ? await openDatabase({ url: config.databaseReadUrl, max: 5 }) : undefined;
  app.decorate("reportDb", reportDatabase?.db ?? database.db);
  if (reportDatabase) app.addHook("onClose", () => reportDatabase.close());
  app.decorate("notices", (channel: string) => database.notices(channel));
  app.decorate("config", config);
  app.decorate("tokens", createTokenService(await loadSigningKey(database.db, config.jwtSecret), config.tokenTtlSeconds));

  startupPhase("fastify and signing key");
  // First, so that every answer carries the headers, a refusal of the access check included.
  installSecurityHeaders(app, { tls: config.tls });
  const routes: RouteInfo[] = [];
  installErrorHandler(app, uniqueFieldsOf(Object.values(schema)));
  installAccessControl(app, routes);
  forgetEstimatesOnWrites(app);
  // Before the modules: the request latency histogram learns each route as it is added.
  await installOperations(app, database, config.metricsToken);

  // API answers (JSON lists, exports) are compressed on the fly; brotli at a quality that costs
  // about what gzip does. The web app's files come precompressed from the build.
  await app.register(compress, {
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  startupPhase("operations and compress");
  await installMultipart(app);
  installTextChecks(app);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${PRODUCT_NAME} API`,
        version: "1.0.0",
        description: "The back office's JSON API. Sign in with POST /api/auth/login and send the access token as a bearer token.",
        license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      },
      servers: [{ url: "/", description: "The server that serves this document" }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
    transform: openapiTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: DOCS_CSP });
  installOpenapi(app, "/api/docs");
  startupPhase("multipart, swagger plugins");

  for (const mod of MODULES) await mod.register(app);
  startupPhase("module routes registered");

  const serveImage = (thumb: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
    const name = (req.params as { file: string }).file;
    // Images stored before thumbnails were made are their own thumbnail.
    const file = [imagePath(config.uploadDir, name, thumb), imagePath(config.uploadDir, name)].find((f) => f && existsSync(f));
    if (!file) return reply.status(404).send({ message: MSG.imageLinkUnavailable });
    const type = file.endsWith(".png") ? "image/png" : "image/jpeg";
    return reply.header("content-type", type).header("x-content-type-options", "nosniff").send(createReadStream(file));
  };
  const image = { config: { openapi: { file: "image/*" } }, schema: { summary: "An uploaded image (JPEG or PNG)" } };
  app.get("/images/:file", image, serveImage(false));
  app.get("/images/thumbs/:file", { ...image, schema: { summary: "An uploaded image's thumbnail" } }, serveImage(true));

  // One not-found handler: unknown API paths answer JSON; any other page path (GET or HEAD) gets
  // the web app, whose router shows its own not-found page.
  const webDist = config.webDist;
  const indexFile = webDist && path.join(webDist, "index.html");
  const hasWeb = Boolean(indexFile && existsSync(indexFile));
  // Each answer carries its own style nonce, so index.html is written per request and never
  // stored; the build names every asset by its content hash, so a browser keeps those for good.
  // The page is read again when the build changes it: a web build made while the server runs
  // (an update) is served at once, never the old page naming assets the build has removed.
  let page = { at: -1, html: "" };
  const indexHtml = () => {
    const at = statSync(indexFile!, { throwIfNoEntry: false })?.mtimeMs ?? page.at;
    if (at === page.at) return page.html;
    const html = readFileSync(indexFile!, "utf8");
    // A page caught half written by a build is not kept; the next request reads it again.
    if (html.includes("</html>")) page = { at, html };
    return html.includes("</html>") || !page.html ? html : page.html;
  };
  const sendIndex = (reply: FastifyReply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(indexHtml().replaceAll(NONCE_PLACEHOLDER, pageStyleNonce(app, reply)));
  const shop = shopPage(config.shopDist);
  const sendShop = (reply: FastifyReply) =>
    reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(shop!.html().replaceAll(NONCE_PLACEHOLDER, pageStyleNonce(app, reply)));
  if (shop) {
    // The web shop (apps/shop) under /shop/: its page as the app's (its own style nonce, never
    // stored; every page address, /shop/ too, reaches it through the not-found handler below), its
    // hashed assets kept for good, its service worker and manifest checked each time.
    await app.register(fastifyStatic, {
      root: shop.dist,
      prefix: "/shop/",
      decorateReply: false,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (p) => !/^\/index\.html(\.(br|gz))?$/.test(p),
      setHeaders: (res, file) => {
        const hashed = file.startsWith(path.join(shop.dist, "assets") + path.sep);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist!,
      // Files are looked up when asked for, not listed at start, so a new build's are found too;
      // a path that is no file goes on to the not-found handler below.
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // index.html only through sendIndex: the file itself holds the nonce placeholder.
      allowedPath: (p) => !/^\/index\.html(\.(br|gz))?$/.test(p),
      setHeaders: (res, file) => {
        const hashed = file.startsWith(path.join(webDist!, "assets") + path.sep);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    app.get("/", (_req, reply) => sendIndex(reply));
  }
  app.setNotFoundHandler((req, reply) => {
    const pathOnly = req.url.split("?")[0]!;
    const isPage =
      (req.method === "GET" || req.method === "HEAD") &&
      !pathOnly.startsWith("/api") &&
      !pathOnly.startsWith("/images") &&
      !/\.[a-z0-9]+$/i.test(pathOnly);
    if (shop && isPage && (pathOnly === "/shop" || pathOnly.startsWith("/shop/"))) return sendShop(reply);
    if (hasWeb && isPage) return sendIndex(reply);
    return reply.status(404).send({ message: MSG.notFound });
  });
  startupPhase("static files and not-found");
  await app.ready();
  startupPhase("fastify ready");
  return { app, routes };
}

/**
 * The web shop's page from its build, read again when a new build changes it (as the app's page
 * is); null when the shop is not built.
 */
function shopPage(dist: string | undefined) {
  const file = dist && path.join(dist, "index.html");
  if (!dist || !file || !existsSync(file)) return null;
  let page = { at: -1, html: "" };
  const html = () => {
    const at = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? page.at;
    if (at === page.at) return page.html;
    const text = readFileSync(file, "utf8");
    if (text.includes("</html>")) page = { at, html: text };
    return text.includes("</html>") || !page.html ? text : page.html;
  };
  return { dist, html };
}
