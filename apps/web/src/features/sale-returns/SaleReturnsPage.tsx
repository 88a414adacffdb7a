import { Button } from "@mantine/core";
import { IconEdit, IconEye, IconLock, IconLockOpen, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../app/session";
import { useCurrencyTotals } from "../../shared/CurrencyPicker";
import { type Column, DataTable, type FilterField, type RowAction } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { docDay, useInvalidateLedger } from "../accounting/ledger.queries";
import { DocBadges, useDocAction } from "../purchases/docActions";
import { PATHS, SALE_RETURNS, type SaleReturnRow } from "./saleReturns.queries";
import "../accounting/amount.css";

/** Sale returns (SPEC §2 `/sales/sales-returns`). */
export function SaleReturnsPage() {
  const { t } = useTranslation("salereturns");
  const fmt = useFormat();
  const can = useCan();
  const names = useSeededNames();
  const navigate = useNavigate();
  const act = useDocAction(SALE_RETURNS);
  const invalidateLedger = useInvalidateLedger();
  const del = useConfirmDelete<SaleReturnRow>(SALE_RETURNS, {
    idOf: (r) => r.id,
    nameOf: (r) => r.number ?? "",
    onDeleted: invalidateLedger,
  });
  const totals = useCurrencyTotals("total");

  const columns: Column<SaleReturnRow>[] = [
    { key: "number", label: "salereturns:fields.number" },
    { key: "date", label: "salereturns:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
    { key: "sale_number", label: "salereturns:fields.sale" },
    { key: "consumer_name", label: "salereturns:fields.customer", text: (r) => names.party(r.consumer_name) },
    { key: "inventory_name", label: "salereturns:fields.inventory", text: (r) => names.inventory(r.inventory_name) },
    {
      key: "total",
      label: "salereturns:fields.total",
      format: "amount",
      footer: totals,
      render: (r) => (
        <span className="amount">
          {fmt.amount(r.total)} {r.currency_name}
        </span>
      ),
    },
    { key: "received_type", label: "salereturns:fields.received_type", text: (r) => t(`receivedTypes.${r.received_type}`) },
    { key: "account_name", label: "salereturns:fields.account", text: (r) => names.account(r.account_name) },
    {
      key: "status",
      label: "salereturns:fields.status",
      text: (r) => t(`purchases:status.${r.status}`),
      render: (r) => <DocBadges status={r.status} closed={r.is_closed} />,
    },
    { key: "created_by_name", label: "salereturns:fields.created_by" },
  ];
  const filters: FilterField[] = [
    { key: "consumer_name", label: "salereturns:fields.customer", type: "text" },
    {
      key: "received_type",
      label: "salereturns:fields.received_type",
      type: "select",
      options: [
        { value: "Cash", label: "salereturns:receivedTypes.Cash" },
        { value: "On Account", label: "salereturns:receivedTypes.On Account" },
      ],
    },
  ];
  const actions: RowAction<SaleReturnRow>[] = [
    {
      key: "view",
      label: "salereturns:actions.view",
      icon: IconEye,
      permission: "sale_returns/show",
      onClick: (r) => void navigate(PATHS.view(r.id)),
    },
    {
      key: "edit",
      label: "common:edit",
      icon: IconEdit,
      permission: "sale_returns/update",
      onClick: (r) => void navigate(PATHS.upsert(r.id, 1, r.sale_id ?? 0)),
    },
    {
      key: "close",
      label: "salereturns:actions.close",
      icon: IconLock,
      permission: "sale_returns/close",
      onClick: (r) => act.mutate({ id: r.id, action: "close" }),
    },
    {
      key: "open",
      label: "salereturns:actions.open",
      icon: IconLockOpen,
      permission: "sale_returns/open",
      onClick: (r) => act.mutate({ id: r.id, action: "open" }),
    },
    { key: "delete", label: "common:delete", icon: IconTrash, color: "red", permission: "sale_returns/destroy", onClick: del.ask },
  ];

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <DataTable<SaleReturnRow>
        endpoint={SALE_RETURNS}
        model={SALE_RETURNS}
        title="salereturns:title"
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        dateFilter
        amountFilter
        defaultSort="date"
        toolbar={
          can("sale_returns/store") && (
            <Button
              data-list-add
              leftSection={<IconPlus size={16} />}
              onClick={() => void navigate(PATHS.upsert())}
              data-testid="sale-return-add"
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
