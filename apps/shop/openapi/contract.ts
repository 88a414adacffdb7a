/**
 * The shop's calls against the client types openapi-typescript generates from the server's
 * OpenAPI document (compiled by apps/server/test/shop-openapi.db.test.ts beside a fresh
 * `schema.d.ts`, never part of the shop's build): every path it calls exists with that method,
 * every answer it reads can be read as the shop's type says, and every body it sends is one the
 * API takes. A change of the API that the shop does not follow fails to compile here.
 */
import type {
  Address,
  CancelMessage,
  Category,
  City,
  HomeSection,
  Order,
  OrderSummary,
  Page,
  Quote,
  Session,
  ShopItem,
} from "../src/types";
import type { paths } from "./schema";

type Method = "get" | "post" | "patch" | "delete";
type Json<R> = R extends { content: { "application/json": infer B } } ? B : never;
type Answer<P extends keyof paths, M extends Method & keyof paths[P]> = paths[P][M] extends { responses: infer R }
  ? R extends { 200: infer A }
    ? Json<A>
    : R extends { 201: infer A }
      ? Json<A>
      : R extends { 202: infer A }
        ? Json<A>
        : never
  : never;
type Body<P extends keyof paths, M extends Method & keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { "application/json": infer B } };
}
  ? B
  : never;

/** The API's answer can stand where the shop reads its own type. */
function reads<A extends T, T>(_answer?: A, _shop?: T) {}
/** The shop's body is one the API takes. */
function sends<B, S extends B>(_api?: B, _shop?: S) {}

const S = "/api/shop/v1";
type P<T extends string> = `${typeof S}${T}` & keyof paths;

reads<Answer<P<"/home">, "get">, { data: HomeSection[] }>();
reads<Answer<P<"/categories">, "get">, { data: Category[] }>();
reads<Answer<P<"/cities">, "get">, { data: City[] }>();
reads<Answer<P<"/items">, "get">, Page<ShopItem>>();
reads<Answer<P<"/items/{id}">, "get">, { data: ShopItem }>();
reads<Answer<P<"/cancellation_messages">, "get">, { data: CancelMessage[] }>();
reads<Answer<P<"/cart/quote">, "post">, { data: Quote }>();
reads<Answer<P<"/addresses">, "get">, { data: Address[] }>();
reads<Answer<P<"/addresses">, "post">, { data: Address }>();
reads<Answer<P<"/auth/code">, "post">, { message: string }>();
reads<Answer<P<"/auth/verify">, "post">, { data: Session }>();
reads<Answer<P<"/orders">, "get">, Page<OrderSummary>>();
reads<Answer<P<"/orders">, "post">, { data: Order }>();
reads<Answer<P<"/orders/{id}">, "get">, { data: Order }>();
reads<Answer<P<"/orders/{id}/cancel">, "post">, { data: Order }>();

const line = { item_id: 1, unit_id: 2, quantity: "3" };
sends<Body<P<"/auth/code">, "post">, { mobile: string }>();
sends<Body<P<"/auth/verify">, "post">, { mobile: string; code: string }>();
sends<Body<P<"/cart/quote">, "post">, { lines: (typeof line)[] }>();
sends<Body<P<"/addresses">, "post">, { city_id: number; landmark: string; street: string | null; is_default: boolean }>();
sends<Body<P<"/orders">, "post">, { lines: (typeof line)[]; address_id: number; note: string | null }>();
sends<Body<P<"/orders/{id}/cancel">, "post">, { message_id: number | null }>();
sends<Body<P<"/orders/{id}/cancel">, "post">, { other: true; reason: string | null }>();
