import { useTranslation } from "react-i18next";
import { docDay } from "../../shared/api/ledger";
import { type Column, DataTable, type FilterField } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import "../../shared/amount.css";

interface CommissionRow {
  id: number;
  number: string | null;
  date: string;
  salesman_name: string;
  commission_type: string | null;
  consumer_name: string;
  total: string;
  commission_base: string;
  cost_total: string;
  commission: string;
  commission_returned: string;
  commission_net: string;
}

/** The salesmen's commissions (SPEC §3): each complete salesman sale's base, its commission, what its returns took back and what is left, with totals. */
export function CommissionsPage() {
  const { t } = useTranslation("salesdocs");
  const fmt = useFormat();
  const names = useSeededNames();
  const columns: Column<CommissionRow>[] = [
    { key: "number", label: "salesdocs:fields.number" },
    { key: "date", label: "salesdocs:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
    { key: "salesman_name", label: "salesdocs:fields.salesman" },
    {
      key: "commission_type",
      label: "salesdocs:fields.commission_type",
      text: (r) => (r.commission_type ? t(`commissionTypes.${r.commission_type}`) : ""),
    },
    { key: "consumer_name", label: "salesdocs:fields.customer", text: (r) => names.party(r.consumer_name) },
    { key: "commission_base", label: "salesdocs:fields.commission_base", format: "money", footer: (f) => fmt.sysMoney(f.commission_base) },
    { key: "cost_total", label: "salesdocs:fields.cost_total", format: "money", footer: (f) => fmt.sysMoney(f.cost_total) },
    { key: "commission", label: "salesdocs:fields.commission", format: "money", footer: (f) => fmt.sysMoney(f.commission) },
    {
      key: "commission_returned",
      label: "salesdocs:fields.commission_returned",
      format: "money",
      footer: (f) => fmt.sysMoney(f.commission_returned),
    },
    { key: "commission_net", label: "salesdocs:fields.commission_net", format: "money", footer: (f) => fmt.sysMoney(f.commission_net) },
  ];
  const filters: FilterField[] = [{ key: "salesman_name", label: "salesdocs:fields.salesman", type: "text" }];
  return (
    <>
      <PageHeader title={t("commissions.title")} description={t("commissions.description")} />
      <DataTable<CommissionRow>
        endpoint="salesman_commissions"
        model="salesman_commissions"
        title="salesdocs:commissions.title"
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        dateFilter
        defaultSort="date"
      />
    </>
  );
}
