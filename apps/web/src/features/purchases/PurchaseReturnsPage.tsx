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
import { DocBadges, useDocAction } from "./docActions";
import { PATHS, PURCHASE_RETURNS } from "./purchases.queries";
import "../accounting/amount.css";

interface ReturnRow {
  id: number;
  number: string | null;
  date: string;
  purchase_number: string | null;
  consumer_name: string;
  reference_no: string | null;
  inventory_name: string;
  currency_name: string;
  total: string;
  payment_type: string;
  status: string;
  is_closed: boolean;
  created_by_name: string | null;
}

/** Purchase returns (SPEC §2 `/purchases/purchases-returns`). */
export function PurchaseReturnsPage() {
  const { t } = useTranslation("purchases");
  const fmt = useFormat();
  const can = useCan();
  const names = useSeededNames();
  const navigate = useNavigate();
  const act = useDocAction(PURCHASE_RETURNS);
  const invalidateLedger = useInvalidateLedger();
  const del = useConfirmDelete<ReturnRow>(PURCHASE_RETURNS, {
    idOf: (r) => r.id,
    nameOf: (r) => r.number ?? "",
    onDeleted: invalidateLedger,
  });
  const totals = useCurrencyTotals("total");

  const columns: Column<ReturnRow>[] = [
    { key: "number", label: "purchases:fields.number" },
    { key: "date", label: "purchases:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
    { key: "purchase_number", label: "purchases:fields.purchase" },
    { key: "consumer_name", label: "purchases:fields.supplier" },
    { key: "reference_no", label: "purchases:fields.reference_no" },
    { key: "inventory_name", label: "purchases:fields.inventory", text: (r) => names.inventory(r.inventory_name) },
    {
      key: "total",
      label: "purchases:fields.total",
      format: "amount",
      footer: totals,
      render: (r) => (
        <span className="amount">
          {fmt.amount(r.total)} {r.currency_name}
        </span>
      ),
    },
    { key: "payment_type", label: "purchases:fields.received_type", text: (r) => t(`paymentTypes.${r.payment_type}`) },
    {
      key: "status",
      label: "purchases:fields.status",
      text: (r) => t(`status.${r.status}`),
      render: (r) => <DocBadges status={r.status} closed={r.is_closed} />,
    },
    { key: "created_by_name", label: "purchases:fields.created_by" },
  ];
  const filters: FilterField[] = [
    { key: "reference_no", label: "purchases:fields.reference_no", type: "text" },
    { key: "consumer_name", label: "purchases:fields.supplier", type: "text" },
  ];
  const actions: RowAction<ReturnRow>[] = [
    {
      key: "view",
      label: "purchases:actions.view",
      icon: IconEye,
      permission: "purchase_returns/show",
      onClick: (r) => void navigate(PATHS.returnView(r.id)),
    },
    {
      key: "edit",
      label: "common:edit",
      icon: IconEdit,
      permission: "purchase_returns/update",
      onClick: (r) => void navigate(PATHS.returnUpsert(r.id, 1)),
    },
    {
      key: "close",
      label: "purchases:actions.close",
      icon: IconLock,
      permission: "purchase_returns/close",
      onClick: (r) => act.mutate({ id: r.id, action: "close" }),
    },
    {
      key: "open",
      label: "purchases:actions.open",
      icon: IconLockOpen,
      permission: "purchase_returns/open",
      onClick: (r) => act.mutate({ id: r.id, action: "open" }),
    },
    { key: "delete", label: "common:delete", icon: IconTrash, color: "red", permission: "purchase_returns/destroy", onClick: del.ask },
  ];

  return (
    <>
      <PageHeader title={t("returns.title")} description={t("returns.description")} />
      <DataTable<ReturnRow>
        endpoint={PURCHASE_RETURNS}
        model={PURCHASE_RETURNS}
        title="purchases:returns.title"
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        dateFilter
        amountFilter
        defaultSort="date"
        toolbar={
          can("purchase_returns/store") && (
            <Button
              data-list-add
              leftSection={<IconPlus size={16} />}
              onClick={() => void navigate(PATHS.returnUpsert())}
              data-testid="return-add"
            >
              {t("returns.add")}
            </Button>
          )
        }
        actions={actions}
      />
      {del.dialog}
    </>
  );
}
