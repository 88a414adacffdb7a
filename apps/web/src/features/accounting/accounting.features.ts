import {
  IconArrowsExchange,
  IconBuildingBank,
  IconCategory,
  IconCategory2,
  IconPercentage,
  IconReceipt,
  IconReceiptRefund,
  IconScale,
} from "@tabler/icons-react";
import { type ComponentType, lazy } from "react";
import type { Feature } from "../index";

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** Cash and banks, transfers, expenses, incomes, pricing profiles and the accounting opening balance. */
export const ACCOUNTING_FEATURES: Feature[] = [
  {
    key: "cashAndBanks",
    path: "/accounting/cash-and-banks",
    screen: page(() => import("./CashAndBanksPage"), "CashAndBanksPage"),
    icon: IconBuildingBank,
    permission: "cashes/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "transferTransactions",
    path: "/accounting/transfer-transactions",
    screen: page(() => import("./TransferTransactionsPage"), "TransferTransactionsPage"),
    icon: IconArrowsExchange,
    permission: "cash_transactions/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "expenseTypes",
    path: "/accounting/expense-types",
    screen: page(() => import("./TypeListPage"), "ExpenseTypesPage"),
    icon: IconCategory,
    permission: "expense_types/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "expenses",
    path: "/accounting/expenses",
    screen: page(() => import("./MoneyDocPage"), "ExpensesPage"),
    icon: IconReceipt,
    permission: "expenses/index",
    area: "accounting",
    menu: true,
    tile: true,
  },
  {
    key: "incomeTypes",
    path: "/accounting/income-types",
    screen: page(() => import("./TypeListPage"), "IncomeTypesPage"),
    icon: IconCategory2,
    permission: "income_types/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "incomes",
    path: "/accounting/incomes",
    screen: page(() => import("./MoneyDocPage"), "IncomesPage"),
    icon: IconReceiptRefund,
    permission: "incomes/index",
    area: "accounting",
    menu: true,
    tile: true,
  },
  {
    key: "pricingProfiles",
    path: "/accounting/pricing-profile",
    screen: page(() => import("./PricingProfilesPage"), "PricingProfilesPage"),
    icon: IconPercentage,
    // The catalogue has no pricing-profile section; SPEC's item pricing record carries the profiles.
    permission: "item_pricings/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "accountingOpeningBalance",
    path: "/settings/opening-balance/accounting-opening-balance",
    screen: page(() => import("./OpeningBalancePage"), "OpeningBalancePage"),
    icon: IconScale,
    permission: "opening_balances/show",
    area: "settings",
    menu: true,
    tile: false,
  },
];
