import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { outlets } from "../outlets/outlets.tables.js";

export const inventories = pgTable(
  "inventories",
  {
    inventory_id: serial("inventory_id").primaryKey(),
    inventory_name: text("inventory_name").notNull(),
    outlet_fk: integer("outlet_fk").references(() => outlets.outlet_id, { onDelete: "restrict" }),
    is_active: boolean("is_active").notNull().default(true),
    description: text("description"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("inventories_inventory_name_unique").on(sql`lower(${t.inventory_name})`)],
);
