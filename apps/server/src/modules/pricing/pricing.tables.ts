import { sql } from "drizzle-orm";
import { boolean, check, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Customer price lists (SPEC's "Pricing profile"), picked on a customer as its pricing list.
 * `apply_on` says what the percentage works on:
 * - `sale_price`: the customer pays the item's sale price less `discount_percentage`;
 * - `cost`: the customer pays the item's cost plus `discount_percentage`.
 */
export const pricingProfiles = pgTable(
  "pricing_profiles",
  {
    profile_id: serial("profile_id").primaryKey(),
    profile_name: text("profile_name").notNull(),
    discount_percentage: numeric("discount_percentage", { precision: 5, scale: 2 }).notNull(),
    apply_on: text("apply_on").notNull(),
    /** The profile applies to a line from this amount up to the end amount (system currency); empty: no bound. */
    discount_start_amount: numeric("discount_start_amount", { precision: 20, scale: 2 }),
    discount_end_amount: numeric("discount_end_amount", { precision: 20, scale: 2 }),
    is_active: boolean("is_active").notNull().default(true),
    created_by: integer("created_by"),
    updated_by: integer("updated_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("pricing_profiles_profile_name_unique").on(sql`lower(${t.profile_name})`),
    check("pricing_profiles_discount_percentage_range", sql`${t.discount_percentage} between 0 and 100`),
    check("pricing_profiles_apply_on_check", sql`${t.apply_on} in ('sale_price','cost')`),
  ],
);
