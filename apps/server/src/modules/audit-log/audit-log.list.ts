import { LOGGED_SECTIONS, logKey, SUPER_USER_ID } from "@app/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { AuthUser } from "../../platform/context.js";
import { unprocessable } from "../../platform/errors.js";
import { escapeLike, type ListModel } from "../../platform/list.js";

export const AUDIT_MSG = {
  module: "The selected module is invalid.",
  userId: "The user must be an integer.",
  recordId: "The record id may not be greater than 64 characters.",
  ip: "The IP address may only hold digits, letters a to f, dots and colons.",
} as const;

/**
 * Logged modules that are no section of the catalogue: the section whose log holds them and the
 * key that shows one of their records (a purchase order is the purchases' `order`).
 */
export const OTHER_MODULES: Record<string, { section: string; show: string }> = {
  purchase_orders: { section: "purchases", show: "purchases/order" },
  sale_transfer_returns: { section: "sale_transfers", show: "sale_transfers/show" },
};

/** Every module a log key names: the catalogue's logged sections and the modules filed under one. */
export const LOGGED_MODULES: string[] = [...LOGGED_SECTIONS, ...Object.keys(OTHER_MODULES)];
const LOGGED = new Set(LOGGED_MODULES);

/** The section whose log key reads the module's rows. */
const sectionOf = (module: string) => OTHER_MODULES[module]?.section ?? module;

/** The key that shows a record of the module, when the catalogue has one. */
export const showKeyOf = (module: string) => OTHER_MODULES[module]?.show ?? `${module}/show`;

/** The modules whose log the user may read: every one for the super user. */
export function readableModules(user: Pick<AuthUser, "user_id" | "permissions"> | null): string[] {
  if (!user) return [];
  if (user.user_id === SUPER_USER_ID) return LOGGED_MODULES;
  return LOGGED_MODULES.filter((m) => user.permissions.has(logKey(sectionOf(m))));
}

/** The user may read this module's log. */
export const mayReadLog = (user: Pick<AuthUser, "user_id" | "permissions"> | null, module: string) =>
  !!user && (user.user_id === SUPER_USER_ID || user.permissions.has(logKey(sectionOf(module))));

const inList = (column: SQL, values: string[]) =>
  values.length
    ? sql`${column} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql`false`;

/**
 * The audit log as a list: a reader sees the modules whose `model_loges/{module}_log` key they
 * hold (rows of other modules, and of modules outside the catalogue, to the super user alone).
 * Filters: module, action, user (by id or a part of the name), record id, the start of the
 * address, and a date range on the business's days.
 */
export const auditList: ListModel = {
  model: "model_loges",
  from: sql`from audit_logs a left join users u on u.user_id = a.user_id`,
  idColumn: "id",
  defaultSort: "id",
  dateColumn: sql`a.created_at`,
  scope: (ctx) => {
    const user = ctx.user;
    if (!user || user.user_id === SUPER_USER_ID) return undefined;
    return inList(sql`a.module`, readableModules(user));
  },
  filters: {
    module: (v) => {
      if (!LOGGED.has(v) && !/^[a-z_]{1,64}$/.test(v)) throw unprocessable({ "filter.module": [AUDIT_MSG.module] });
      return sql`a.module = ${v}`;
    },
    user_id: (v) => {
      if (!/^\d{1,9}$/.test(v)) throw unprocessable({ "filter.user_id": [AUDIT_MSG.userId] });
      return sql`a.user_id = ${Number(v)}`;
    },
    user_name: (v) => sql`u.user_name ilike ${`%${escapeLike(v)}%`}`,
    record_id: (v) => {
      if (v.length > 64) throw unprocessable({ "filter.record_id": [AUDIT_MSG.recordId] });
      return sql`a.record_id = ${v}`;
    },
    ip: (v) => {
      if (!/^[0-9a-fA-F:.]{1,45}$/.test(v)) throw unprocessable({ "filter.ip": [AUDIT_MSG.ip] });
      return sql`host(a.ip) like ${`${v.replace(/[%_\\]/g, "")}%`}`;
    },
  },
  columns: {
    id: { expr: sql`a.id`, notNull: true },
    module: { expr: sql`a.module`, search: true },
    action: { expr: sql`a.action`, filter: "eq", search: true },
    record_id: { expr: sql`a.record_id` },
    user_id: { expr: sql`a.user_id` },
    user_name: { expr: sql`u.user_name`, search: true },
    ip: { expr: sql`host(a.ip)` },
    before: { expr: sql`a.before`, sortable: false },
    after: { expr: sql`a.after`, sortable: false },
    created_at: { expr: sql`a.created_at` },
  },
};
