import type { AppModule } from "../platform/app-module.js";
import { adjustmentsModule } from "./adjustments/adjustments.module.js";
import { auditChainModule } from "./audit-chain/audit-chain.module.js";
import { auditLogModule } from "./audit-log/audit-log.module.js";
import { authModule } from "./auth/auth.module.js";
import { backupsModule } from "./backups/backups.module.js";
import { cashModule } from "./cash/cash.module.js";
import { catalogueModule } from "./catalogue/catalogue.module.js";
import { dashboardModule } from "./dashboard/dashboard.module.js";
import { disposalsModule } from "./disposals/disposals.module.js";
import { docClosingModule } from "./doc-closing/doc-closing.module.js";
import { docPaymentsModule } from "./doc-payments/doc-payments.module.js";
import { expensesModule } from "./expenses/expenses.module.js";
import { itemSheetsModule } from "./item-sheets/item-sheets.module.js";
import { jobsModule } from "./jobs/jobs.module.js";
import { ledgerModule } from "./ledger/ledger.module.js";
import { mobileAppModule } from "./mobile-app/mobile-app.module.js";
import { onlineBoardModule } from "./online-board/online-board.module.js";
import { onlineOrdersModule } from "./online-orders/online-orders.module.js";
import { openingBalancesModule } from "./opening-balances/opening-balances.module.js";
import { outletsModule } from "./outlets/outlets.module.js";
import { partiesModule } from "./parties/parties.module.js";
import { platformModule } from "./platform-tables/platform.module.js";
import { posModule } from "./pos/pos.module.js";
import { posCatalogueModule } from "./pos-catalogue/pos-catalogue.module.js";
import { pricingModule } from "./pricing/pricing.module.js";
import { purchaseOrdersModule } from "./purchase-orders/purchase-orders.module.js";
import { purchasesModule } from "./purchases/purchases.module.js";
import { quotationsModule } from "./quotations/quotations.module.js";
import { recalculationsModule } from "./recalculations/recalculations.module.js";
import { revaluationsModule } from "./revaluations/revaluations.module.js";
import { saleReturnsModule } from "./sale-returns/sale-returns.module.js";
import { saleTransfersModule } from "./sale-transfers/sale-transfers.module.js";
import { salesModule } from "./sales/sales.module.js";
import { salesReportsModule } from "./sales-reports/sales-reports.module.js";
import { settingsModule } from "./settings/settings.module.js";
import { staffModule } from "./staff/staff.module.js";
import { stockModule } from "./stock/stock.module.js";
import { stockOpeningModule } from "./stock-opening/stock-opening.module.js";
import { stockReportsModule } from "./stock-reports/stock-reports.module.js";

// THE module registry: one line per module.
export const MODULES: AppModule[] = [
  platformModule,
  authModule,
  staffModule,
  outletsModule,
  settingsModule,
  catalogueModule,
  ledgerModule,
  cashModule,
  expensesModule,
  pricingModule,
  itemSheetsModule,
  partiesModule,
  openingBalancesModule,
  revaluationsModule,
  adjustmentsModule,
  disposalsModule,
  stockOpeningModule,
  purchasesModule,
  purchaseOrdersModule,
  salesModule,
  saleReturnsModule,
  stockModule,
  stockReportsModule,
  posCatalogueModule,
  posModule,
  quotationsModule,
  saleTransfersModule,
  recalculationsModule,
  backupsModule,
  jobsModule,
  salesReportsModule,
  dashboardModule,
  docPaymentsModule,
  docClosingModule,
  auditChainModule,
  mobileAppModule,
  onlineBoardModule,
  auditLogModule,
  onlineOrdersModule,
];
