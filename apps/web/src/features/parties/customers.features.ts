import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

const transactions = page(() => import("./PartyTransactionsPage"), "CustomerTransactionsPage");

export const CUSTOMER_FEATURES: Feature[] = [
  {
    key: "customers",
    path: "/customers/customers",
    screen: page(() => import("./PartyListPage"), "CustomersPage"),
    permission: "customers/index",
    area: "customers",
    menu: true,
    tile: false,
  },
  {
    key: "customerTransactions",
    path: "/customers/transactions",
    screen: transactions,
    permission: "customer_transactions/index",
    area: "customers",
    menu: true,
    tile: true,
  },
  {
    key: "customerTransactions",
    path: "/customers/:id/transactions",
    screen: transactions,
    permission: "customer_transactions/index",
    area: "customers",
    menu: false,
    tile: false,
  },
];
