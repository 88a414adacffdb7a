import { sql } from "drizzle-orm";
import { boolean, check, date, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The backups section of the settings (one row, id 1): the daily schedule and the folder.
 * `last_scheduled_on` is the business day of the last scheduled backup, so that of several
 * processes only one backs up each day.
 */
export const backupSettings = pgTable(
  "backup_settings",
  {
    id: integer("id").primaryKey().default(1),
    schedule_enabled: boolean("schedule_enabled").notNull().default(false),
    schedule_time: text("schedule_time").notNull().default("02:00"),
    keep_days: integer("keep_days").notNull().default(14),
    folder: text("folder"),
    last_scheduled_on: date("last_scheduled_on", { mode: "string" }),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [check("backup_settings_single_row", sql`${t.id} = 1`), check("backup_settings_keep_days", sql`${t.keep_days} >= 1`)],
);
