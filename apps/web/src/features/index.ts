import type { Feature } from "../app/feature";
import { lazyScreen } from "../shared/lazyScreen";
import { ACCOUNTING_FEATURES } from "./accounting/accounting.features";
import { AUDIT_FEATURES } from "./audit/audit.features";
import { BACKUP_FEATURES } from "./backups/backups.features";
import { CATALOGUE_FEATURES } from "./catalogue/catalogue.features";
import { DASHBOARD_FEATURES } from "./dashboard/dashboard.features";
import { DOC_CLOSING_FEATURES } from "./doc-closing/docClosing.features";
import { MOBILE_APP_FEATURES } from "./mobile-app/mobileApp.features";
import { ONLINE_ORDER_FEATURES } from "./online-orders/onlineOrders.features";
import { CUSTOMER_FEATURES } from "./parties/customers.features";
import { SUPPLIER_FEATURES } from "./parties/suppliers.features";
import { POS_FEATURES } from "./pos/pos.features";
import { POS_ADMIN_FEATURES } from "./pos-admin/posAdmin.features";
import { PRICING_FEATURES } from "./pricing/pricing.features";
import { PURCHASE_ORDER_FEATURES } from "./purchase-orders/purchaseOrders.features";
import { PURCHASE_FEATURES } from "./purchases/purchases.features";
import { QUOTATION_FEATURES } from "./quotations/quotations.features";
import { REPORT_FEATURES } from "./reports/reports.features";
import { SALE_RETURN_FEATURES } from "./sale-returns/saleReturns.features";
import { SALE_TRANSFER_FEATURES } from "./sale-transfers/saleTransfers.features";
import { SALES_FEATURES } from "./sales/sales.features";
import { SETTINGS_FEATURES } from "./settings/settings.features";
import { STOCK_FEATURES } from "./warehouse/warehouse.features";
import { WAREHOUSE_DOC_FEATURES } from "./warehouse/warehouse-docs.features";

const page = lazyScreen;

/** THE registry of screens: one entry per route, with its permission, menu entry and tile. */
export const FEATURES: Feature[] = [
  { key: "home", path: "/", screen: page(() => import("./home/HomePage"), "HomePage"), menu: true, tile: false },
  // First after home: the dashboard is the home grid's first tile.
  ...DASHBOARD_FEATURES,
  {
    key: "staff",
    path: "/staff",
    screen: page(() => import("./staff/StaffListPage"), "StaffListPage"),
    permission: "users/index",
    area: "staff",
    menu: true,
    tile: true,
  },
  {
    key: "roles",
    path: "/roles-and-permissions",
    screen: page(() => import("./roles/RoleListPage"), "RoleListPage"),
    permission: "roles/index",
    area: "staff",
    menu: true,
    tile: true,
  },
  {
    key: "pins",
    path: "/pins",
    screen: page(() => import("./pins/PinListPage"), "PinListPage"),
    permission: "user_pins/index",
    area: "staff",
    menu: true,
    tile: true,
  },
  ...AUDIT_FEATURES,
  {
    key: "profile",
    path: "/profile",
    screen: page(() => import("./profile/ProfilePage"), "ProfilePage"),
    menu: false,
    tile: false,
  },
  ...CATALOGUE_FEATURES,
  ...SETTINGS_FEATURES,
  ...MOBILE_APP_FEATURES,
  ...BACKUP_FEATURES,
  ...CUSTOMER_FEATURES,
  ...SUPPLIER_FEATURES,
  ...PURCHASE_FEATURES,
  ...PURCHASE_ORDER_FEATURES,
  ...ACCOUNTING_FEATURES,
  ...DOC_CLOSING_FEATURES,
  ...SALES_FEATURES,
  ...ONLINE_ORDER_FEATURES,
  ...PRICING_FEATURES,
  ...POS_ADMIN_FEATURES,
  ...POS_FEATURES,
  ...QUOTATION_FEATURES,
  ...SALE_TRANSFER_FEATURES,
  ...SALE_RETURN_FEATURES,
  ...REPORT_FEATURES,
  ...WAREHOUSE_DOC_FEATURES,
  ...STOCK_FEATURES,
];
