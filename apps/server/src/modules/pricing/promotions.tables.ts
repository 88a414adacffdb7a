import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { brands, categories, items } from "../catalogue/catalogue.tables.js";
import { consumers } from "../parties/parties.tables.js";
import { pricingProfiles } from "./pricing.tables.js";

/** Promotions (SPEC §3 "Promotion rules"), active between two days; the price function applies them. */
export const promotions = pgTable(
  "promotions",
  {
    promotion_id: serial("promotion_id").primaryKey(),
    title: text("title").notNull(),
    customer_rule: text("customer_rule").notNull(),
    customer_fk: integer("customer_fk").references(() => consumers.consumer_id, { onDelete: "restrict" }),
    profile_fk: integer("profile_fk").references(() => pricingProfiles.profile_id, { onDelete: "restrict" }),
    product_rule: text("product_rule").notNull(),
    category_fk: integer("category_fk").references(() => categories.category_id, { onDelete: "restrict" }),
    brand_fk: integer("brand_fk").references(() => brands.brand_id, { onDelete: "restrict" }),
    item_fk: integer("item_fk").references(() => items.item_id, { onDelete: "restrict" }),
    amount_rule_type: text("amount_rule_type").notNull(),
    rule_value: numeric("rule_value", { precision: 20, scale: 2 }).notNull().default("0"),
    reward_type: text("reward_type").notNull(),
    reward_value: numeric("reward_value", { precision: 20, scale: 2 }).notNull(),
    start_date: date("start_date").notNull(),
    end_date: date("end_date").notNull(),
    is_active: boolean("is_active").notNull().default(true),
    created_by: integer("created_by"),
    updated_by: integer("updated_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("promotions_active_dates").on(t.start_date, t.end_date).where(sql`${t.is_active}`),
    check("promotions_dates", sql`${t.end_date} >= ${t.start_date}`),
    check("promotions_values", sql`${t.rule_value} >= 0 and ${t.reward_value} >= 0`),
    check("promotions_customer_rule", sql`${t.customer_rule} in ('all','customer','profile')`),
    check("promotions_product_rule", sql`${t.product_rule} in ('all','category','brand','item')`),
    check("promotions_amount_rule_type", sql`${t.amount_rule_type} in ('none','quantity','amount')`),
    check("promotions_reward_type", sql`${t.reward_type} in ('get_free','get_discount','get_amount')`),
  ],
);

/**
 * Bulk sale price changes (SPEC §3 "Item pricing"): what was asked, who recalculated and when;
 * each changed unit price is in `item_pricing_lines` (and the audit row).
 */
export const itemPricings = pgTable("item_pricings", {
  item_pricing_id: serial("item_pricing_id").primaryKey(),
  apply_on: text("apply_on").notNull(),
  category_fk: integer("category_fk").references(() => categories.category_id, { onDelete: "set null" }),
  brand_fk: integer("brand_fk").references(() => brands.brand_id, { onDelete: "set null" }),
  made_in_fk: integer("made_in_fk"),
  item_fk: integer("item_fk").references(() => items.item_id, { onDelete: "set null" }),
  amount_type: text("amount_type").notNull(),
  amount: numeric("amount", { precision: 20, scale: 2 }).notNull(),
  direction: text("direction").notNull(),
  changed_count: integer("changed_count").notNull(),
  recalculated_by: integer("recalculated_by"),
  recalculated_at: timestamp("recalculated_at", { withTimezone: true }).notNull().default(sql`now()`),
});

export const itemPricingLines = pgTable(
  "item_pricing_lines",
  {
    line_id: serial("line_id").primaryKey(),
    item_pricing_fk: integer("item_pricing_fk")
      .notNull()
      .references(() => itemPricings.item_pricing_id, { onDelete: "cascade" }),
    item_unit_fk: integer("item_unit_fk").notNull(),
    old_price: numeric("old_price", { precision: 20, scale: 2 }).notNull(),
    new_price: numeric("new_price", { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [index("item_pricing_lines_pricing").on(t.item_pricing_fk)],
);
