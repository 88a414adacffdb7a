import { sql } from "drizzle-orm";
import { pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const units = pgTable(
  "units",
  {
    unit_id: serial("unit_id").primaryKey(),
    unit_name: text("unit_name").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("units_unit_name_unique").on(sql`lower(${t.unit_name})`)],
);

export const countries = pgTable("countries", {
  country_id: serial("country_id").primaryKey(),
  country_name: text("country_name").notNull().unique(),
});
