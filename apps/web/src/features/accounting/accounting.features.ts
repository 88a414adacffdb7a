import { LOG_GROUP } from "@app/contracts";
import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";
import { GENERAL_LEDGER_PERMISSION } from "../../shared/ledgerLinks";

const page = lazyScreen;

const generalLedger = page(() => import("./GeneralLedgerPage"), "GeneralLedgerPage");

/** Cash and banks, transfers, expenses, incomes, pricing profiles, exchange revaluations and the accounting opening balance. */
export const ACCOUNTING_FEATURES: Feature[] = [
  {
    key: "cashAndBanks",
    path: "/accounting/cash-and-banks",
    screen: page(() => import("./CashAndBanksPage"), "CashAndBanksPage"),
    permission: "cashes/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "transferTransactions",
    path: "/accounting/transfer-transactions",
    screen: page(() => import("./TransferTransactionsPage"), "TransferTransactionsPage"),
    permission: "cash_transactions/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "expenseTypes",
    path: "/accounting/expense-types",
    screen: page(() => import("./TypeListPage"), "ExpenseTypesPage"),
    permission: "expense_types/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "expenses",
    path: "/accounting/expenses",
    screen: page(() => import("./MoneyDocPage"), "ExpensesPage"),
    permission: "expenses/index",
    area: "accounting",
    menu: true,
    tile: true,
  },
  {
    key: "incomeTypes",
    path: "/accounting/income-types",
    screen: page(() => import("./TypeListPage"), "IncomeTypesPage"),
    permission: "income_types/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "incomes",
    path: "/accounting/incomes",
    screen: page(() => import("./MoneyDocPage"), "IncomesPage"),
    permission: "incomes/index",
    area: "accounting",
    menu: true,
    tile: true,
  },
  {
    key: "pricingProfiles",
    path: "/accounting/pricing-profile",
    screen: page(() => import("./PricingProfilesPage"), "PricingProfilesPage"),
    // The catalogue has no pricing-profile section; SPEC's item pricing record carries the profiles.
    permission: "item_pricings/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "exchangeRevaluations",
    path: "/accounting/exchange-revaluations",
    screen: page(() => import("./ExchangeRevaluationsPage"), "ExchangeRevaluationsPage"),
    permission: "exchange_revaluations/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "recalculations",
    path: "/accounting/recalculations",
    screen: page(() => import("./RecalculationsPage"), "RecalculationsPage"),
    permission: "recalculations/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "accountingOpeningBalance",
    path: "/settings/opening-balance/accounting-opening-balance",
    screen: page(() => import("./OpeningBalancePage"), "OpeningBalancePage"),
    permission: "opening_balances/show",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "generalLedger",
    path: "/accounting/general-ledger",
    screen: generalLedger,
    permission: [...GENERAL_LEDGER_PERMISSION],
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "generalLedger",
    path: "/accounting/general-ledger/:id",
    screen: generalLedger,
    permission: [...GENERAL_LEDGER_PERMISSION],
    area: "accounting",
    menu: false,
    tile: false,
  },
  {
    key: "journal",
    path: "/accounting/journal",
    screen: page(() => import("./JournalPage"), "JournalPage"),
    permission: LOG_GROUP,
    area: "accounting",
    menu: true,
    tile: false,
  },
];
