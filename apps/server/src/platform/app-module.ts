import type { FastifyInstance } from "fastify";

/** What a module gives the registry: its name and its routes. Here, so no module imports the registry that imports it. */
export interface AppModule {
  name: string;
  register(app: FastifyInstance): Promise<void> | void;
}
