import { Badge } from "@mantine/core";
import { IconEdit, IconEye } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCurrencyTotals } from "../../shared/CurrencyPicker";
import { type Column, DataTable, type RowAction } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { PATHS, POS_SALES } from "./posAdmin.queries";
import "../../shared/amount.css";

interface PosSaleRow {
  id: number;
  number: string | null;
  date: string;
  cashier_name: string;
  consumer_name: string;
  currency_name: string;
  total: string;
  paid_amount: string;
  remaining: string;
  payment_type: string;
  closing_fk: number | null;
  offline: boolean;
}

/** POS sales (SPEC §2 `/sales/pos-sales`): a cashier's own receipts, every cashier's for `pos_admin_sales`. */
export function PosSalesPage() {
  const { t } = useTranslation("posadmin");
  const fmt = useFormat();
  const navigate = useNavigate();
  const totals = useCurrencyTotals("total");
  const names = useSeededNames();
  const columns: Column<PosSaleRow>[] = [
    { key: "number", label: "posadmin:fields.receipt_no" },
    { key: "date", label: "posadmin:fields.date", format: "datetime" },
    { key: "cashier_name", label: "posadmin:fields.cashier" },
    { key: "consumer_name", label: "posadmin:fields.customer", text: (r) => names.party(r.consumer_name) },
    {
      key: "total",
      label: "posadmin:fields.total",
      format: "amount",
      currency: (r) => r.currency_name,
      footer: totals,
      render: (r) => (
        <span className="amount">
          {fmt.money(r.total, r.currency_name)} {r.currency_name}
        </span>
      ),
    },
    { key: "paid_amount", label: "posadmin:fields.paid", format: "amount", currency: (r) => r.currency_name },
    {
      key: "closing_fk",
      label: "posadmin:fields.drawer",
      text: (r) => (r.closing_fk ? t("sales.closed") : t("sales.open")),
      render: (r) => <Badge color={r.closing_fk ? "gray" : "green"}>{r.closing_fk ? t("sales.closed") : t("sales.open")}</Badge>,
    },
  ];
  const actions: RowAction<PosSaleRow>[] = [
    {
      key: "view",
      label: "posadmin:actions.view",
      icon: IconEye,
      permission: "pos_sales/show##pos_admin_sales/show",
      onClick: (r) => void navigate(PATHS.saleView(r.id)),
    },
    {
      key: "edit",
      label: "posadmin:actions.edit",
      icon: IconEdit,
      permission: "pos_sales/update##pos_admin_sales/update",
      onClick: (r) => void navigate(PATHS.saleEdit(r.id)),
    },
  ];
  return (
    <>
      <PageHeader title={t("sales.title")} description={t("sales.description")} />
      <DataTable<PosSaleRow>
        endpoint={POS_SALES}
        model={POS_SALES}
        title="posadmin:sales.title"
        columns={columns}
        rowKey={(r) => r.id}
        filters={[
          { key: "cashier_name", label: "posadmin:fields.cashier", type: "text" },
          { key: "consumer_name", label: "posadmin:fields.customer", type: "text" },
        ]}
        dateFilter
        amountFilter
        defaultSort="date"
        actions={actions}
      />
    </>
  );
}
