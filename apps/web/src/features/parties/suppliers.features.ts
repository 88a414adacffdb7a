import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

const transactions = page(() => import("./SupplierPages"), "SupplierTransactionsPage");

export const SUPPLIER_FEATURES: Feature[] = [
  {
    key: "suppliers",
    path: "/suppliers/suppliers",
    screen: page(() => import("./SupplierPages"), "SuppliersPage"),
    permission: "suppliers/index",
    area: "suppliers",
    menu: true,
    tile: false,
  },
  {
    key: "supplierTransactions",
    path: "/suppliers/transactions",
    screen: transactions,
    permission: "supplier_transactions/index",
    area: "suppliers",
    menu: true,
    tile: true,
  },
  {
    key: "supplierTransactions",
    path: "/suppliers/:id/transactions",
    screen: transactions,
    permission: "supplier_transactions/index",
    area: "suppliers",
    menu: false,
    tile: false,
  },
];
