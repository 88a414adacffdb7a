/**
 * A small typed client of the Souq API: openapi-fetch over the types openapi-typescript generates
 * from `/api/docs/json` (`node tools/openapi-types/generate.mjs openapi.json
 * tools/openapi-types/client/schema.d.ts`; the generated file is not kept in the repository).
 * It compiles under `tsc --strict` without a cast: every body, path parameter and answer it
 * touches is typed by the document. apps/server/test/openapi-client.db.test.ts compiles it against
 * the served document and runs it against the server.
 */
import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

type Json<P extends keyof paths, M extends "post" | "patch"> = paths[P][M] extends {
  requestBody: { content: { "application/json": infer B } };
}
  ? B
  : never;

/** A new item, as `POST /api/items` takes it in JSON. */
export type NewItem = Json<"/api/items", "post">;
/** A new customer, as `POST /api/customers` takes it. */
export type NewCustomer = Json<"/api/customers", "post">;
/** A new sale (an invoice), as `POST /api/sales` takes it. */
export type NewSale = Json<"/api/sales", "post">;

/** A refusal, with the status and the catalogue's message and field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string; errors?: Record<string, string[]> },
    /** `Retry-After` on 429: the seconds to wait. */
    readonly retryAfter?: number,
  ) {
    super(`${status}: ${body.message}`);
  }
}

/** The answer's data, or the refusal thrown as an ApiError. */
function ok<D, E extends { message: string; errors?: Record<string, string[]> }>(result: { data?: D; error?: E; response: Response }): D {
  const { data, error, response } = result;
  if (error !== undefined || data === undefined) {
    const retry = response.headers.get("retry-after");
    throw new ApiError(response.status, error ?? { message: response.statusText }, retry === null ? undefined : Number(retry));
  }
  return data;
}

export function souqClient(baseUrl: string) {
  const api = createClient<paths>({ baseUrl });
  let token: string | undefined;
  api.use({
    onRequest({ request }) {
      if (token) request.headers.set("authorization", `Bearer ${token}`);
      return request;
    },
  });

  return {
    /** Signs in with e-mail and password; the token is kept for the calls that follow. */
    async login(email: string, password: string) {
      const answer = ok(await api.POST("/api/auth/login", { body: { email, password } }));
      if (!("access_token" in answer)) throw new ApiError(200, { message: answer.message });
      token = answer.access_token;
      return answer;
    },
    /** The units an item can be sold in. */
    async units() {
      return ok(await api.GET("/api/units/list")).message;
    },
    /** Adds a customer (a named one, whom a sale can leave an amount on account to). */
    async createCustomer(customer: NewCustomer) {
      return ok(await api.POST("/api/customers", { body: customer })).data;
    },
    async createItem(item: NewItem) {
      return ok(await api.POST("/api/items", { body: item })).data;
    },
    async item(id: number) {
      return ok(await api.GET("/api/items/{id}", { params: { path: { id } } })).data;
    },
    async createSale(sale: NewSale) {
      return ok(await api.POST("/api/sales", { body: sale })).data;
    },
    async sale(id: number) {
      return ok(await api.GET("/api/sales/{id}", { params: { path: { id } } })).data;
    },
  };
}
