import {
  IconAlarm,
  IconBuildingWarehouse,
  IconFileInvoice,
  IconListDetails,
  IconReportMoney,
  IconScale,
  IconUserDollar,
} from "@tabler/icons-react";
import { type ComponentType, lazy } from "react";
import type { Feature } from "../index";

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

export const REPORT_FEATURES: Feature[] = [
  {
    key: "customerStatements",
    path: "/reports/customer-statements",
    screen: page(() => import("./PartyStatementReportPage"), "CustomerStatementsPage"),
    icon: IconUserDollar,
    permission: "reports/customers_statement",
    area: "reports",
    menu: true,
    tile: false,
  },
  {
    key: "supplierStatements",
    path: "/reports/supplier-statements",
    screen: page(() => import("./PartyStatementReportPage"), "SupplierStatementsPage"),
    icon: IconFileInvoice,
    permission: "reports/suppliers_statement",
    area: "reports",
    menu: true,
    tile: false,
  },
  {
    key: "trialBalance",
    path: "/reports/financial-reports/trial-balance",
    screen: page(() => import("./TrialBalancePage"), "TrialBalancePage"),
    icon: IconScale,
    permission: "financial_reports/trial_balance",
    area: "reports",
    menu: true,
    tile: false,
  },
  {
    key: "incomeStatement",
    path: "/reports/financial-reports/income-statement",
    screen: page(() => import("./IncomeStatementPage"), "IncomeStatementPage"),
    icon: IconReportMoney,
    permission: "financial_reports/income_statement",
    area: "reports",
    menu: true,
    tile: false,
  },
  {
    key: "itemTransaction",
    path: "/reports/item-transaction",
    screen: page(() => import("./StockReportsPages"), "ItemTransactionPage"),
    icon: IconListDetails,
    permission: "reports/item_transactions",
    area: "reports",
    menu: true,
    tile: false,
  },
  {
    key: "inventoriesReport",
    path: "/reports/inventories",
    screen: page(() => import("./StockReportsPages"), "InventoriesReportPage"),
    icon: IconBuildingWarehouse,
    permission: "reports/inventory",
    area: "reports",
    menu: true,
    tile: false,
  },
  {
    key: "expiredItems",
    path: "/reports/expired-items",
    screen: page(() => import("./StockReportsPages"), "ExpiredItemsPage"),
    icon: IconAlarm,
    permission: "reports/expired_items",
    area: "reports",
    menu: true,
    tile: false,
  },
];
