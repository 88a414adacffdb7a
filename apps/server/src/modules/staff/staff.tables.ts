import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { inventories } from "../catalogue/inventories.tables.js";
import { outlets } from "../outlets/outlets.tables.js";

export const roles = pgTable(
  "roles",
  {
    role_id: serial("role_id").primaryKey(),
    role_name: text("role_name").notNull(),
    permissions: jsonb("permissions").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("roles_role_name_unique").on(sql`lower(${t.role_name})`)],
);

export const users = pgTable(
  "users",
  {
    user_id: serial("user_id").primaryKey(),
    user_name: text("user_name").notNull(),
    user_code: text("user_code"),
    user_full_name: text("user_full_name"),
    email: text("email").notNull(),
    password_hash: text("password_hash").notNull(),
    user_dob: date("user_dob"),
    user_joining_date: date("user_joining_date"),
    role_id: integer("role_id").references(() => roles.role_id, { onDelete: "restrict" }),
    outlet_fk: integer("outlet_fk").references(() => outlets.outlet_id, { onDelete: "restrict" }),
    gender: text("gender"),
    marital_status: text("marital_status"),
    blood_group: text("blood_group"),
    nationality: text("nationality"),
    status: text("status").notNull().default("active"),
    /** The main-cashier assignment that cashier login requires. */
    is_cashier: boolean("is_cashier").notNull().default(false),
    is_salesman: boolean("is_salesman").notNull().default(false),
    sale_man_name: text("sale_man_name"),
    sale_man_mail: text("sale_man_mail"),
    base_salary: numeric("base_salary", { precision: 20, scale: 3 }),
    commission_type: text("commission_type"),
    sale_man_commission_percentage: numeric("sale_man_commission_percentage", { precision: 5, scale: 2 }),
    sale_man_commission_percentage_1: numeric("sale_man_commission_percentage_1", { precision: 5, scale: 2 }),
    sale_man_commission_percentage_2: numeric("sale_man_commission_percentage_2", { precision: 5, scale: 2 }),
    sale_man_commission_percentage_3: numeric("sale_man_commission_percentage_3", { precision: 5, scale: 2 }),
    sale_man_quota_1: numeric("sale_man_quota_1", { precision: 20, scale: 3 }),
    sale_man_quota_2: numeric("sale_man_quota_2", { precision: 20, scale: 3 }),
    sale_man_quota_3: numeric("sale_man_quota_3", { precision: 20, scale: 3 }),
    /** Keys granted to this user directly; the role's keys add to them. */
    permissions: jsonb("permissions").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    user_image_path: text("user_image_path"),
    lang: text("lang").notNull().default("en"),
    theme: text("theme").notNull().default("light"),
    pagination_default: integer("pagination_default"),
    show_sidebar: boolean("show_sidebar").notNull().default(true),
    /** Bumped on password change, deactivation or block: older tokens stop working at once. */
    token_version: integer("token_version").notNull().default(0),
    last_login_at: timestamp("last_login_at", { withTimezone: true }),
    created_by: integer("created_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_user_name_unique").on(sql`lower(${t.user_name})`),
    uniqueIndex("users_user_code_unique").on(t.user_code),
    uniqueIndex("users_sale_man_name_unique").on(sql`lower(${t.sale_man_name})`),
    index("users_outlet_idx").on(t.outlet_fk),
    check("users_status_check", sql`${t.status} in ('active','inactive','blocked')`),
  ],
);

export const passwordHistory = pgTable(
  "password_history",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    password_hash: text("password_hash").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("password_history_user_idx").on(t.user_id)],
);

export const userInventories = pgTable(
  "user_inventories",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    inventory_id: integer("inventory_id")
      .notNull()
      .references(() => inventories.inventory_id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.inventory_id] })],
);

export const userPins = pgTable(
  "user_pins",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    pin_hash: text("pin_hash").notNull(),
    user_id: integer("user_id").references(() => users.user_id, { onDelete: "cascade" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex("user_pins_name_unique").on(sql`lower(${t.name})`), index("user_pins_user_idx").on(t.user_id)],
);

/**
 * Two-factor sign-in (TOTP) of a back-office user, apart from `users` so that the secret never
 * reaches a user's record, list or audit row. `pending_secret` waits for its first code;
 * `last_step` is the 30-second step of the last code accepted, so a code is used once.
 */
export const userTwoFactor = pgTable("user_two_factor", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.user_id, { onDelete: "cascade" }),
  secret: text("secret"),
  pending_secret: text("pending_secret"),
  enabled_at: timestamp("enabled_at", { withTimezone: true }),
  last_step: integer("last_step").notNull().default(0),
});

/** One-time recovery codes (SHA-256 of 80 random bits each); a used code keeps its row with `used_at`. */
export const twoFactorRecoveryCodes = pgTable(
  "two_factor_recovery_codes",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    code_hash: text("code_hash").notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("two_factor_recovery_codes_user_idx").on(t.user_id)],
);
