import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import { MSG, PRODUCT_NAME } from "@app/contracts";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { AppConfig } from "./config.js";
import type { Database } from "./db/client.js";
import * as schema from "./db/schema.js";
import { MODULES } from "./modules/index.js";
import { installMultipart, installTextChecks } from "./platform/body.js";
import { setBusinessTimeZone } from "./platform/business-time.js";
import { installErrorHandler, uniqueFieldsOf } from "./platform/errors.js";
import { imagePath } from "./platform/files.js";
import { installAccessControl, type RouteInfo } from "./platform/http.js";
import { createTokenService, loadSigningKey } from "./platform/tokens.js";

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
    trustProxy: process.env.TRUST_PROXY === "1",
    bodyLimit: 4 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", database.db);
  app.decorate("config", config);
  app.decorate("tokens", createTokenService(await loadSigningKey(database.db, config.jwtSecret), config.tokenTtlSeconds));

  const routes: RouteInfo[] = [];
  installErrorHandler(app, uniqueFieldsOf(Object.values(schema)));
  installAccessControl(app, routes);

  await installMultipart(app);
  installTextChecks(app);
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: "1.0.0" },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  for (const mod of MODULES) await mod.register(app);

  app.get("/images/:file", async (req, reply) => {
    const file = imagePath(config.uploadDir, (req.params as { file: string }).file);
    if (!file || !existsSync(file)) return reply.status(404).send({ message: MSG.imageLinkUnavailable });
    const type = file.endsWith(".png") ? "image/png" : "image/jpeg";
    return reply.header("content-type", type).header("x-content-type-options", "nosniff").send(createReadStream(file));
  });

  // One not-found handler: unknown API paths answer JSON; any other GET gets the web app, whose
  // router shows its own not-found page.
  const webDist = config.webDist;
  const hasWeb = Boolean(webDist && existsSync(path.join(webDist, "index.html")));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist!, wildcard: false, index: false });
    app.get("/", (_req, reply) => reply.type("text/html").sendFile("index.html"));
  }
  app.setNotFoundHandler((req, reply) => {
    const pathOnly = req.url.split("?")[0]!;
    const isPage =
      req.method === "GET" && !pathOnly.startsWith("/api") && !pathOnly.startsWith("/images") && !/\.[a-z0-9]+$/i.test(pathOnly);
    if (hasWeb && isPage) return reply.type("text/html").sendFile("index.html");
    return reply.status(404).send({ message: MSG.notFound });
  });
  await app.ready();
  return { app, routes };
}
