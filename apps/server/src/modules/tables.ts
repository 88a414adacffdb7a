// THE table registry: one line per module's tables file.

export * from "./adjustments/adjustments.tables.js";
export * from "./cash/cash.tables.js";
export * from "./catalogue/catalogue.tables.js";
export * from "./catalogue/inventories.tables.js";
export * from "./catalogue/units.tables.js";
export * from "./disposals/disposals.tables.js";
export * from "./expenses/expenses.tables.js";
export * from "./ledger/accounts.tables.js";
export * from "./ledger/ledger.tables.js";
export * from "./numbering/numbering.tables.js";
export * from "./opening-balances/opening-balances.tables.js";
export * from "./outlets/outlets.tables.js";
export * from "./parties/parties.tables.js";
export * from "./platform-tables/platform.tables.js";
export * from "./pos/pos.tables.js";
export * from "./pricing/pricing.tables.js";
export * from "./pricing/promotions.tables.js";
export * from "./purchases/purchases.tables.js";
export * from "./quotations/quotations.tables.js";
export * from "./recalculations/recalculations.tables.js";
export * from "./revaluations/revaluations.tables.js";
export * from "./sale-transfers/sale-transfers.tables.js";
export * from "./settings/settings.tables.js";
export * from "./staff/staff.tables.js";
export * from "./stock/stock.tables.js";
export * from "./stock-opening/stock-opening.tables.js";
