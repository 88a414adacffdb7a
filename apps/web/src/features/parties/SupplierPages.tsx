import { PartyListPage } from "./PartyListPage";
import { PartyTransactionsPage } from "./PartyTransactionsPage";

/** Suppliers share the party screens with customers; they pay at the out-rate and have no credit terms. */
export const SuppliersPage = () => <PartyListPage kind="supplier" />;
export const SupplierTransactionsPage = () => <PartyTransactionsPage kind="supplier" />;
