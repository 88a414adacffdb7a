/**
 * The permission catalogue (SPEC §6). Keys are `section/action`; group keys start with `_`;
 * module log keys are `model_loges/{section}_log`. The server checks routes against these keys
 * and the web app shows menus, tiles and row actions with the same `can()` function.
 */

// The check itself has a file of its own: a screen that only asks can() loads no catalogue.
export { can, type PermissionRequirement, SUPER_USER_ID } from "./permission-check.js";

const CRUD = ["index", "show", "store", "update", "destroy"] as const;
/** A document drafted and completed, closed and opened again (SPEC §4). */
const DOC = [...CRUD, "complete", "return_to_draft", "close", "open", "unclose"] as const;
/** A return: booked as it is saved (no draft), closed and opened again. */
const RETURN = [...CRUD, "close", "open", "unclose"] as const;
/** Paid after the document, in part or whole (SPEC §6 Update/Destroy Payment): sales and purchases. */
const PAID = ["update_payment", "destroy_payment"] as const;

/*
 * Every key guards a route or a part of one (a route's `permission` or `checks` on the server);
 * `apps/server/test/permission-catalogue.db.test.ts` fails on one that guards nothing. Keys SPEC §6
 * names that guard nothing yet are left out, each with its reason, in ARCHITECTURE.md.
 */

export interface SectionDef {
  /** Section key, the part before the slash. */
  key: string;
  actions: readonly string[];
  /** Sections whose keys are whole keys of another namespace (reports/...). */
  namespace?: string;
}

export interface GroupDef {
  key: `_${string}`;
  sections: SectionDef[];
}

const s = (key: string, actions: readonly string[]): SectionDef => ({ key, actions });

export const PERMISSION_GROUPS: GroupDef[] = [
  {
    key: "_sales",
    sections: [
      s("sales", [...DOC, ...PAID, "discount", "view_all"]),
      s("salesman_sales", [...DOC, ...PAID, "discount"]),
      s("sale_returns", RETURN),
      s("quotations", [...CRUD, "convert_to_sale"]),
      s("sale_transfers", [...DOC, "transfer"]),
      s("promotions", CRUD),
      s("pos_sales", ["index", "show", "store", "update", "discount", "return", "open_drawer"]),
      s("pos_admin_sales", ["index", "show", "update", "view_all"]),
      s("closing_drawers", ["index", "show", "store", "destroy"]),
      // receive is the action labelled Confirm (SPEC §4); store delivers (the order's sale is stored).
      s("online_orders", ["show", "store", "update", "destroy", "history", "home_delivery", "receive"]),
    ],
  },
  {
    key: "_customers",
    sections: [s("customers", [...CRUD, "balance_view", "activate"]), s("customer_transactions", CRUD)],
  },
  {
    key: "_purchases",
    sections: [
      s("purchases", [...DOC, ...PAID, "apply_cost", "modify_sale_price", "order", "order_images", "over_receive", "import"]),
      s("purchase_returns", RETURN),
      s("suppliers", [...CRUD, "balance_view", "activate"]),
      s("supplier_transactions", CRUD),
    ],
  },
  {
    key: "_warehouse",
    sections: [
      s("stocks", ["index", "show"]),
      s("stock_transfers", [...CRUD, "transfer", "receive", "approve", "disapprove"]),
      s("items", [...CRUD, "import", "activate"]),
      s("categories", [...CRUD, "activate"]),
      s("asset_disposals", [...DOC, "approve", "disapprove"]),
      s("inventory_adjustments", [...CRUD, "complete"]),
    ],
  },
  {
    key: "_accounting",
    sections: [
      s("incomes", CRUD),
      s("income_types", CRUD),
      s("expenses", CRUD),
      s("expense_types", CRUD),
      s("cashes", [...CRUD, "balance_view"]),
      s("cash_transactions", CRUD),
      s("item_pricings", CRUD),
      s("currency_rates", CRUD),
      s("recalculations", ["index", "store"]),
      s("exchange_revaluations", ["index", "show", "store"]),
    ],
  },
  {
    key: "_reports",
    sections: [
      {
        key: "reports",
        actions: [
          "item_transactions",
          "sales",
          "expired_items",
          "suppliers_statement",
          "customers_statement",
          "items_profits",
          "inventory",
          "most_active_items",
          "promotions",
        ],
      },
      { key: "financial_reports", actions: ["trial_balance", "income_statement", "balance_sheet"] },
      // Not in SPEC §6: the dashboard's route needs a key of its own (each of its parts also asks the part's key).
      s("dashboard", ["show"]),
    ],
  },
  {
    key: "_staff",
    sections: [
      s("users", [...CRUD, "set_roles", "set_user_status", "change_outlets", "assign_permissions"]),
      // SPEC §6 "profile change password": one's own password, on the profile page.
      s("profile", ["change_password"]),
      s("roles", CRUD),
      s("user_pins", CRUD),
      s("outlets", CRUD),
    ],
  },
  {
    key: "_settings",
    sections: [
      s("system_settings", ["show", "update"]),
      s("system_profiles", ["show", "update"]),
      s("units", CRUD),
      s("cities", CRUD),
      s("brands", CRUD),
      s("inventories", CRUD),
      s("opening_balances", ["show", "update"]),
      s("inventory_opening_balances", [...CRUD]),
      s("financial_years", [...CRUD, "archive", "activate"]),
      s("backups", ["index", "store", "update", "restore"]),
    ],
  },
  {
    // The mobile app's settings screens (SPEC §6 "Settings and mobile app").
    key: "_mobile_app",
    sections: [
      // The home screen as the app shows it (sections and sliders with their items).
      s("mobile_app", ["show"]),
      s("mobile_app_sections", CRUD),
      // store: a back-office customer given an account in the app; update: block and unblock.
      s("online_customers", ["index", "show", "store", "update"]),
      s("mobile_app_settings", ["show", "update"]),
      s("order_cancellation_messages", CRUD),
    ],
  },
];

/** Sections that keep no module log of their own: reports and the dashboard read, and a password change is audited under `auth`. */
const UNLOGGED = new Set(["reports", "financial_reports", "dashboard", "profile"]);
/** Sections that keep a module log, readable with `model_loges/{section}_log`. */
export const LOGGED_SECTIONS: string[] = PERMISSION_GROUPS.flatMap((g) => g.sections.filter((x) => !UNLOGGED.has(x.key)).map((x) => x.key));

export const LOG_GROUP = "_model_loges";
export const logKey = (section: string) => `model_loges/${section}_log`;
/** Verifying the audit log's hash chain (not in SPEC §6): one key of the log group, no module's log. */
export const CHAIN_VERIFY_KEY = "model_loges/verify";

/** Every key a user can hold, including group keys and log keys. */
export const ALL_PERMISSIONS: string[] = [
  ...PERMISSION_GROUPS.flatMap((g) => [g.key, ...g.sections.flatMap((x) => x.actions.map((a) => `${x.key}/${a}`))]),
  LOG_GROUP,
  ...LOGGED_SECTIONS.map(logKey),
  CHAIN_VERIFY_KEY,
];

const ALL_SET = new Set(ALL_PERMISSIONS);
export const isKnownPermission = (key: string) => ALL_SET.has(key);

/** Group of every action key, so holding any key of a group also grants the group key. */
const GROUP_OF = new Map<string, string>();
for (const g of PERMISSION_GROUPS) for (const x of g.sections) for (const a of x.actions) GROUP_OF.set(`${x.key}/${a}`, g.key);
for (const sec of LOGGED_SECTIONS) GROUP_OF.set(logKey(sec), LOG_GROUP);
GROUP_OF.set(CHAIN_VERIFY_KEY, LOG_GROUP);

/** Adds the group keys implied by the member keys held (a group is visible when any member is). */
export function expandPermissions(keys: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const k of keys) {
    if (!ALL_SET.has(k)) continue;
    out.add(k);
    const g = GROUP_OF.get(k);
    if (g) out.add(g);
  }
  return [...out].sort();
}

export interface MenuTreeNode {
  name: string;
  code: string;
  children: MenuTreeNode[];
}

const title = (k: string) =>
  k
    .replace(/^_/, "")
    .split("_")
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(" ");

/** The tree used to assign permissions: group → section → action. */
export function buildMenuTree(): MenuTreeNode[] {
  const tree: MenuTreeNode[] = PERMISSION_GROUPS.map((g) => ({
    name: title(g.key),
    code: g.key,
    children: g.sections.map((x) => ({
      name: title(x.key),
      code: x.key,
      children: x.actions.map((a) => ({ name: title(a), code: `${x.key}/${a}`, children: [] })),
    })),
  }));
  tree.push({
    name: "Model Loges",
    code: LOG_GROUP,
    children: [
      ...LOGGED_SECTIONS.map((sec) => ({ name: `${title(sec)} Log`, code: logKey(sec), children: [] })),
      { name: "Verify Chain", code: CHAIN_VERIFY_KEY, children: [] },
    ],
  });
  return tree;
}
