import { IconCashBanknote, IconUsers } from "@tabler/icons-react";
import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

const transactions = page(() => import("./PartyTransactionsPage"), "CustomerTransactionsPage");

export const CUSTOMER_FEATURES: Feature[] = [
  {
    key: "customers",
    path: "/customers/customers",
    screen: page(() => import("./PartyListPage"), "CustomersPage"),
    icon: IconUsers,
    permission: "customers/index",
    area: "customers",
    menu: true,
    tile: false,
  },
  {
    key: "customerTransactions",
    path: "/customers/transactions",
    screen: transactions,
    icon: IconCashBanknote,
    permission: "customer_transactions/index",
    area: "customers",
    menu: true,
    tile: true,
  },
  {
    key: "customerTransactions",
    path: "/customers/:id/transactions",
    screen: transactions,
    icon: IconCashBanknote,
    permission: "customer_transactions/index",
    area: "customers",
    menu: false,
    tile: false,
  },
];
