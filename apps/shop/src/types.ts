import type {
  ZShopAddress,
  ZShopAddressInput,
  ZShopCancelOrder,
  ZShopCart,
  ZShopOrder,
  ZShopOrderSummary,
  ZShopPlaceOrder,
  ZShopQuote,
  ZShopSession,
} from "@app/contracts";
import type { z } from "zod";

/** The customer API's bodies and answers, as the contracts the server checks them by say. */
export type Quote = z.infer<typeof ZShopQuote>;
export type CartBody = z.input<typeof ZShopCart>;
export type PlaceBody = z.input<typeof ZShopPlaceOrder>;
export type CancelBody = z.input<typeof ZShopCancelOrder>;
export type Order = z.infer<typeof ZShopOrder>;
export type OrderSummary = z.infer<typeof ZShopOrderSummary>;
export type Address = z.infer<typeof ZShopAddress>;
export type AddressBody = z.input<typeof ZShopAddressInput>;
export type Session = z.infer<typeof ZShopSession>;

/** The answers the server's route schemas give (online-orders.module.ts). */
export interface ShopItem {
  item_id: number;
  item_name: string;
  scientific_name: string | null;
  description: string | null;
  category_id: number | null;
  images: string[];
  unit_id: number;
  unit_name: string;
  sale_price: string;
  price: string;
  in_stock: boolean;
}
export interface Page<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number };
}
export interface Category {
  category_id: number;
  category_name: string;
  parent_id: number | null;
}
export interface City {
  city_id: number;
  city_name: string;
}
export interface HomeSection {
  section_id: number;
  kind: "section" | "slider";
  title: string;
  description: string | null;
  image: string | null;
  items: { item_id: number; item_name: string; price: string | number | null }[];
}
export interface CancelMessage {
  message_id: number;
  message: string;
}
