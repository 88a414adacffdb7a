import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { authorshipColumns } from "../../platform/columns.js";
import { brands, categories, cities, items } from "../catalogue/catalogue.tables.js";

/**
 * The reasons the app and the order board offer when an online order is cancelled, in
 * `arrangement` order. "Other" is no row: it is the free-text choice offered after them.
 */
export const orderCancellationMessages = pgTable(
  "order_cancellation_messages",
  {
    message_id: serial("message_id").primaryKey(),
    message: text("message").notNull(),
    active: boolean("active").notNull().default(true),
    arrangement: integer("arrangement").notNull().default(0),
    ...authorshipColumns(),
  },
  (t) => [
    uniqueIndex("order_cancellation_messages_message_unique").on(sql`lower(${t.message})`),
    index("order_cancellation_messages_arrangement_idx").on(t.arrangement),
  ],
);

/**
 * A block of the app's home screen, in `arrangement` order: a section (a row of items) or a
 * slider (an image). Its items are either chosen one by one (`mobile_section_items`) or found by
 * its filters (price range, category, brand), as `source` says.
 */
export const mobileSections = pgTable(
  "mobile_sections",
  {
    section_id: serial("section_id").primaryKey(),
    kind: text("kind").notNull().default("section"),
    title: text("title").notNull(),
    description: text("description"),
    /** items: the chosen items; filters: the items the filters find. */
    source: text("source").notNull().default("items"),
    start_price: numeric("start_price", { precision: 20, scale: 3 }),
    end_price: numeric("end_price", { precision: 20, scale: 3 }),
    category_fk: integer("category_fk").references(() => categories.category_id, { onDelete: "restrict" }),
    brand_fk: integer("brand_fk").references(() => brands.brand_id, { onDelete: "restrict" }),
    /** A slider's picture: a name the server issued. */
    image: text("image"),
    active: boolean("active").notNull().default(true),
    arrangement: integer("arrangement").notNull().default(0),
    ...authorshipColumns(),
  },
  (t) => [
    index("mobile_sections_arrangement_idx").on(t.arrangement),
    check("mobile_sections_kind", sql`${t.kind} in ('section', 'slider')`),
    check("mobile_sections_source", sql`${t.source} in ('items', 'filters')`),
    check("mobile_sections_price_range", sql`${t.start_price} is null or ${t.end_price} is null or ${t.end_price} >= ${t.start_price}`),
  ],
);

/** The items chosen for a section, in their order. */
export const mobileSectionItems = pgTable(
  "mobile_section_items",
  {
    section_fk: integer("section_fk")
      .notNull()
      .references(() => mobileSections.section_id, { onDelete: "cascade" }),
    item_fk: integer("item_fk")
      .notNull()
      .references(() => items.item_id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.section_fk, t.item_fk] }), index("mobile_section_items_item_idx").on(t.item_fk)],
);

/**
 * The shop app's own settings (one row, id 1). The accepted time of an online order and the
 * out-of-stock minimum stay on `system_config`; amounts here are in the shop's main currency.
 */
export const mobileAppSettings = pgTable(
  "mobile_app_settings",
  {
    id: integer("id").primaryKey().default(1),
    shop_open: boolean("shop_open").notNull().default(true),
    min_order_amount: numeric("min_order_amount", { precision: 20, scale: 3 }).notNull().default("0"),
    /** flat: `delivery_fee` for every order; per_city: `mobile_delivery_fees`, `delivery_fee` for a city not listed. */
    delivery_fee_mode: text("delivery_fee_mode").notNull().default("flat"),
    delivery_fee: numeric("delivery_fee", { precision: 20, scale: 3 }).notNull().default("0"),
    /** The currencies the app shows prices in. */
    currency_ids: integer("currency_ids").array().notNull().default(sql`'{}'::integer[]`),
    contact_phone: text("contact_phone"),
    updated_by: integer("updated_by"),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    check("mobile_app_settings_single_row", sql`${t.id} = 1`),
    check("mobile_app_settings_fee_mode", sql`${t.delivery_fee_mode} in ('flat', 'per_city')`),
    check("mobile_app_settings_amounts", sql`${t.min_order_amount} >= 0 and ${t.delivery_fee} >= 0`),
  ],
);

/** The delivery fee of a city when the fee is per city. */
export const mobileDeliveryFees = pgTable(
  "mobile_delivery_fees",
  {
    city_fk: integer("city_fk")
      .primaryKey()
      .references(() => cities.city_id, { onDelete: "cascade" }),
    fee: numeric("fee", { precision: 20, scale: 3 }).notNull(),
  },
  (t) => [check("mobile_delivery_fees_fee", sql`${t.fee} >= 0`)],
);
