import { sql } from "drizzle-orm";
import { integer, timestamp } from "drizzle-orm/pg-core";

/** Who made a record and who changed it last, and when: the four columns closing most documents. */
export const authorshipColumns = () => ({
  created_by: integer("created_by"),
  updated_by: integer("updated_by"),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
});
