import { sql } from "drizzle-orm";
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { outlets } from "../outlets/outlets.tables.js";
import { consumers } from "../parties/parties.tables.js";

export const inventories = pgTable(
  "inventories",
  {
    inventory_id: serial("inventory_id").primaryKey(),
    inventory_name: text("inventory_name").notNull(),
    outlet_fk: integer("outlet_fk").references(() => outlets.outlet_id, { onDelete: "restrict" }),
    is_active: boolean("is_active").notNull().default(true),
    description: text("description"),
    /** Set on a customer's consignment location (sale transfers): goods sent to that customer, not yet invoiced. */
    consignment_consumer_fk: integer("consignment_consumer_fk").references(() => consumers.consumer_id, { onDelete: "restrict" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("inventories_inventory_name_unique").on(sql`lower(${t.inventory_name})`),
    uniqueIndex("inventories_consignment_consumer_unique").on(t.consignment_consumer_fk),
  ],
);

/** The inventory a document or a stock row belongs to; an inventory in use is never deleted. */
export const inventoryFk = () =>
  integer("inventory_fk")
    .notNull()
    .references(() => inventories.inventory_id, { onDelete: "restrict" });
