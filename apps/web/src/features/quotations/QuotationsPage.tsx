import { Button } from "@mantine/core";
import { IconCopy, IconEdit, IconEye, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../app/session";
import { useCurrencyTotals } from "../../shared/CurrencyPicker";
import { type Column, DataTable, type FilterField, type RowAction } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { docDay } from "../accounting/ledger.queries";
import { QuotationBadge } from "./QuotationBadge";
import { QUOTATION_PATHS, QUOTATIONS, type QuotationRow } from "./quotations.queries";
import "../accounting/amount.css";

/** Quotations (SPEC §2 `/sales/sale-quotations`): the list with each quotation's actions. */
export function QuotationsPage() {
  const { t } = useTranslation("quotations");
  const fmt = useFormat();
  const can = useCan();
  const names = useSeededNames();
  const navigate = useNavigate();
  const del = useConfirmDelete<QuotationRow>(QUOTATIONS, { idOf: (r) => r.id, nameOf: (r) => r.number ?? "" });
  const totals = useCurrencyTotals("total");

  const columns: Column<QuotationRow>[] = [
    { key: "number", label: "quotations:fields.number" },
    { key: "date", label: "quotations:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
    { key: "valid_until", label: "quotations:fields.valid_until", format: "date", render: (r) => fmt.date(r.valid_until) },
    { key: "consumer_name", label: "quotations:fields.customer" },
    { key: "inventory_name", label: "quotations:fields.inventory", text: (r) => names.inventory(r.inventory_name) },
    {
      key: "total",
      label: "quotations:fields.total",
      format: "amount",
      footer: totals,
      render: (r) => (
        <span className="amount">
          {fmt.amount(r.total)} {r.currency_name}
        </span>
      ),
    },
    {
      key: "status",
      label: "quotations:fields.status",
      text: (r) => t(`status.${r.shown_status}`),
      render: (r) => <QuotationBadge state={r.shown_status} />,
    },
    { key: "created_by_name", label: "quotations:fields.created_by" },
  ];
  const filters: FilterField[] = [
    {
      key: "status",
      label: "quotations:fields.status",
      type: "select",
      options: [
        { value: "open", label: "quotations:status.open" },
        { value: "converted", label: "quotations:status.converted" },
      ],
    },
    { key: "consumer_name", label: "quotations:fields.customer", type: "text" },
  ];
  const actions: RowAction<QuotationRow>[] = [
    {
      key: "view",
      label: "quotations:actions.view",
      icon: IconEye,
      permission: "quotations/show",
      onClick: (r) => void navigate(QUOTATION_PATHS.view(r.id)),
    },
    {
      key: "edit",
      label: "common:edit",
      icon: IconEdit,
      permission: "quotations/update",
      onClick: (r) => void navigate(QUOTATION_PATHS.upsert(r.id, 1)),
    },
    {
      key: "copy",
      label: "quotations:actions.copy",
      icon: IconCopy,
      permission: "quotations/store",
      onClick: (r) => void navigate(QUOTATION_PATHS.upsert(0, 0, r.id)),
    },
    { key: "delete", label: "common:delete", icon: IconTrash, color: "red", permission: "quotations/destroy", onClick: del.ask },
  ];

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <DataTable<QuotationRow>
        endpoint={QUOTATIONS}
        model={QUOTATIONS}
        title="quotations:title"
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        dateFilter
        amountFilter
        defaultSort="date"
        toolbar={
          can("quotations/store") && (
            <Button
              data-list-add
              leftSection={<IconPlus size={16} />}
              onClick={() => void navigate(QUOTATION_PATHS.upsert())}
              data-testid="quotation-add"
            >
              {t("add")}
            </Button>
          )
        }
        actions={actions}
      />
      {del.dialog}
    </>
  );
}
