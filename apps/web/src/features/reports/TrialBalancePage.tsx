import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { type Column, DataTable } from "../../shared/DataTable";
import { PageHeader } from "../../shared/PageHeader";
import { EP } from "../accounting/ledger.queries";
import { ReportFilters, useReportFilters } from "./ReportFilters";

export interface TrialBalanceRow {
  account_id: number;
  code: string;
  account_name: string;
  type?: string;
  opening_debit: string;
  opening_credit: string;
  debit: string;
  credit: string;
  balance_debit: string;
  balance_credit: string;
}

const columns: Column<TrialBalanceRow>[] = [
  { key: "code", label: "reports:fields.code" },
  { key: "account_name", label: "reports:fields.account_name" },
  { key: "opening_debit", label: "reports:fields.opening_debit", format: "amount" },
  { key: "opening_credit", label: "reports:fields.opening_credit", format: "amount" },
  { key: "debit", label: "reports:fields.debit", format: "amount" },
  { key: "credit", label: "reports:fields.credit", format: "amount" },
  { key: "balance_debit", label: "reports:fields.balance_debit", format: "amount" },
  { key: "balance_credit", label: "reports:fields.balance_credit", format: "amount" },
];

/**
 * The trial balance from the ledger, per account for the chosen period and currency. It is a
 * list like any other, so search, paging, print, export and the debit/credit footer come with it.
 */
export function TrialBalancePage() {
  const { t } = useTranslation("reports");
  const filters = useReportFilters();
  const [params, setParams] = useSearchParams();
  // Accounts read in chart order, by code ascending, unless the user sorts otherwise.
  useEffect(() => {
    if (params.has("sortColumn")) return;
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set("sortColumn", "code");
        p.set("sortDir", "asc");
        return p;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return (
    <>
      <PageHeader title={t("trialBalance.title")} description={t("trialBalance.description")} />
      <ReportFilters filters={filters} />
      <DataTable<TrialBalanceRow>
        endpoint={EP.trialBalance}
        model="trial_balance"
        title="reports:trialBalance.title"
        columns={columns}
        rowKey={(r) => r.account_id}
        defaultSort="code"
        query={filters.query}
      />
    </>
  );
}
