import { sql } from "drizzle-orm";
import { pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const outlets = pgTable(
  "outlets",
  {
    outlet_id: serial("outlet_id").primaryKey(),
    outlet_name: text("outlet_name").notNull(),
    outlet_email: text("outlet_email"),
    outlet_phone: text("outlet_phone"),
    outlet_address: text("outlet_address"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("outlets_outlet_name_unique").on(sql`lower(${t.outlet_name})`)],
);
