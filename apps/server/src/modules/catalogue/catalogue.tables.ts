import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { fold } from "../../db/fold.js";
import { countries, units } from "./units.tables.js";

export const cities = pgTable(
  "cities",
  {
    city_id: serial("city_id").primaryKey(),
    city_name: text("city_name").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("cities_city_name_unique").on(sql`lower(${t.city_name})`)],
);

export const brands = pgTable(
  "brands",
  {
    brand_id: serial("brand_id").primaryKey(),
    brand_name: text("brand_name").notNull(),
    brand_made_in: integer("brand_made_in").references(() => countries.country_id, { onDelete: "restrict" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("brands_brand_name_unique").on(sql`lower(${t.brand_name})`)],
);

/** A tree: roots are categories, their children sub-categories, and theirs product types. */
export const categories = pgTable(
  "categories",
  {
    category_id: serial("category_id").primaryKey(),
    category_name: text("category_name").notNull(),
    category_code: text("category_code"),
    parent_id: integer("parent_id").references((): AnyPgColumn => categories.category_id, { onDelete: "restrict" }),
    is_active_online: boolean("is_active_online").notNull().default(true),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("categories_category_code_unique").on(t.category_code),
    // The same name may appear under different parents, not twice under one.
    uniqueIndex("categories_category_name_unique").on(sql`coalesce(${t.parent_id}, 0)`, sql`lower(${t.category_name})`),
    index("categories_parent_idx").on(t.parent_id),
  ],
);

export const items = pgTable(
  "items",
  {
    item_id: serial("item_id").primaryKey(),
    item_name: text("item_name").notNull(),
    item_code: text("item_code"),
    /** The name as search sees it: letter variants and digits folded (see normalizeSearch). */
    search_name: text("search_name").generatedAlwaysAs(fold(sql.raw("item_name"))),
    category_fk: integer("category_fk").references(() => categories.category_id, { onDelete: "restrict" }),
    brand_fk: integer("brand_fk").references(() => brands.brand_id, { onDelete: "restrict" }),
    made_in_fk: integer("made_in_fk").references(() => countries.country_id, { onDelete: "restrict" }),
    scientific_name: text("scientific_name"),
    /** The scientific name as search sees it, stored like search_name. */
    search_scientific_name: text("search_scientific_name").generatedAlwaysAs(fold(sql.raw("scientific_name"))),
    direction_of_use: text("direction_of_use"),
    side_effect: text("side_effect"),
    shortage_alert: integer("shortage_alert"),
    expire_alert: integer("expire_alert"),
    has_expire: boolean("has_expire").notNull().default(false),
    has_batch_number: boolean("has_batch_number").notNull().default(false),
    sale_price_editable: boolean("sale_price_editable").notNull().default(false),
    has_revenue_tax: boolean("has_revenue_tax").notNull().default(false),
    revenue_tax_percent: numeric("revenue_tax_percent", { precision: 5, scale: 2 }),
    profit_percent: numeric("profit_percent", { precision: 9, scale: 2 }),
    description: text("description"),
    is_active_online: boolean("is_active_online").notNull().default(true),
    images: jsonb("images").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    created_by: integer("created_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("items_item_name_unique").on(sql`lower(${t.item_name})`),
    uniqueIndex("items_item_code_unique").on(t.item_code),
    // text_pattern_ops: `like 'term%'` (one- and two-letter searches) uses the index whatever the
    // database collation is.
    index("items_search_name_idx").on(t.search_name.op("text_pattern_ops")),
    // A search's ranks in order (itemSearchRanks): the folded name in code-point order, whatever the
    // database collation, so that its first rows, and a prefix's, are read without a sort.
    index("items_search_name_c_idx").using("btree", sql`${t.search_name} collate "C"`),
    // pg_trgm: `like '%word%'` anywhere in the name, for words of three letters or more.
    index("items_search_name_trgm_idx").using("gin", t.search_name.op("gin_trgm_ops")),
    // The scientific name is searched too (Acetaminophen finds Panadol); trigrams also serve prefixes.
    index("items_search_scientific_name_trgm_idx").using("gin", t.search_scientific_name.op("gin_trgm_ops")),
    index("items_category_idx").on(t.category_fk),
    // The item code found without case and by its beginning (`lower(item_code) like 'ab12%'`).
    index("items_item_code_lower_idx").using("btree", sql`lower(${t.item_code}) text_pattern_ops`),
  ],
);

/** The units an item is sold and bought in; quantities are in base units. */
export const itemUnits = pgTable(
  "item_units",
  {
    item_unit_id: serial("item_unit_id").primaryKey(),
    item_fk: integer("item_fk")
      .notNull()
      .references(() => items.item_id, { onDelete: "cascade" }),
    unit_fk: integer("unit_fk")
      .notNull()
      .references(() => units.unit_id, { onDelete: "restrict" }),
    quantity: numeric("quantity", { precision: 20, scale: 4 }).notNull(),
    price: numeric("price", { precision: 20, scale: 2 }).notNull().default("0"),
    is_base: boolean("is_base").notNull().default(false),
    is_default: boolean("is_default").notNull().default(false),
  },
  (t) => [
    uniqueIndex("item_units_unit_fk_unique").on(t.item_fk, t.unit_fk),
    uniqueIndex("item_units_one_base").on(t.item_fk).where(sql`${t.is_base}`),
    uniqueIndex("item_units_one_default").on(t.item_fk).where(sql`${t.is_default}`),
    check("item_units_quantity_positive", sql`${t.quantity} > 0`),
    check("item_units_price_positive", sql`${t.price} >= 0`),
  ],
);

/** Every barcode of every item, unique across items; a unit's barcode points at its unit. */
export const itemBarcodes = pgTable(
  "item_barcodes",
  {
    id: serial("id").primaryKey(),
    barcode: text("barcode").notNull(),
    item_fk: integer("item_fk")
      .notNull()
      .references(() => items.item_id, { onDelete: "cascade" }),
    item_unit_fk: integer("item_unit_fk").references(() => itemUnits.item_unit_id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("item_barcodes_barcode_unique").on(t.barcode),
    index("item_barcodes_item_idx").on(t.item_fk),
    index("item_barcodes_unit_idx").on(t.item_unit_fk),
  ],
);
