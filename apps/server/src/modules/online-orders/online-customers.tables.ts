import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { cities } from "../catalogue/catalogue.tables.js";
import { consumers } from "../parties/parties.tables.js";

/**
 * A customer of the mobile app: signed in by mobile number and a one-time code, and a customer
 * (consumer) of the back office, so that a delivered order is a sale to them like any other.
 */
export const onlineCustomers = pgTable(
  "online_customers",
  {
    customer_id: serial("customer_id").primaryKey(),
    consumer_fk: integer("consumer_fk")
      .notNull()
      .unique("online_customers_consumer_unique")
      .references(() => consumers.consumer_id, { onDelete: "restrict" }),
    /** The mobile number signed in with, in its one stored form (`normalizeMobile`: +9647XXXXXXXXX). */
    mobile: text("mobile").notNull().unique("online_customers_mobile_unique"),
    name: text("name"),
    /** active or blocked: a blocked customer cannot sign in or order. */
    status: text("status").notNull().default("active"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    last_seen: timestamp("last_seen", { withTimezone: true }),
  },
  (t) => [check("online_customers_status_check", sql`${t.status} in ('active','blocked')`)],
);

export const onlineCustomerFk = () =>
  integer("customer_fk")
    .notNull()
    .references(() => onlineCustomers.customer_id, { onDelete: "cascade" });

/** A delivery address: a city from the cities list, a landmark, the street and an optional pin. */
export const onlineCustomerAddresses = pgTable(
  "online_customer_addresses",
  {
    address_id: serial("address_id").primaryKey(),
    customer_fk: onlineCustomerFk(),
    city_fk: integer("city_fk")
      .notNull()
      .references(() => cities.city_id, { onDelete: "restrict" }),
    landmark: text("landmark").notNull(),
    street: text("street"),
    lat: numeric("lat", { precision: 9, scale: 6 }),
    lng: numeric("lng", { precision: 9, scale: 6 }),
    is_default: boolean("is_default").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [
    index("online_customer_addresses_customer_idx").on(t.customer_fk),
    uniqueIndex("online_customer_addresses_one_default").on(t.customer_fk).where(sql`${t.is_default}`),
  ],
);

/** A phone the app runs on, with its push token, so the customer can be told of an order's change. */
export const onlineCustomerDevices = pgTable(
  "online_customer_devices",
  {
    device_id: serial("device_id").primaryKey(),
    customer_fk: onlineCustomerFk(),
    push_token: text("push_token").notNull(),
    /** android or ios */
    platform: text("platform").notNull(),
    app_version: text("app_version"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    last_seen: timestamp("last_seen", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [unique("online_customer_devices_token_unique").on(t.customer_fk, t.push_token)],
);

/** A one-time sign-in code sent to a mobile number: kept hashed, a few tries, a short life. */
export const onlineLoginCodes = pgTable(
  "online_login_codes",
  {
    code_id: serial("code_id").primaryKey(),
    mobile: text("mobile").notNull(),
    code_hash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index("online_login_codes_mobile_idx").on(t.mobile, t.created_at)],
);

/**
 * A signed-in app's token, kept hashed: of its own kind, so it opens only the shop API, and
 * a back-office session never opens the shop API.
 */
export const onlineTokens = pgTable(
  "online_tokens",
  {
    token_hash: text("token_hash").primaryKey(),
    customer_fk: onlineCustomerFk(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("online_tokens_customer_idx").on(t.customer_fk)],
);

/**
 * The codes to send by SMS: the default sender writes them here (and logs a line); an SMS
 * gateway's sender reads and marks them sent.
 */
export const onlineCodeOutbox = pgTable("online_code_outbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  mobile: text("mobile").notNull(),
  message: text("message").notNull(),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().default(sql`now()`),
  sent_at: timestamp("sent_at", { withTimezone: true }),
});
