import { Button } from "@mantine/core";
import {
  IconArrowBackUp,
  IconCalculator,
  IconCheck,
  IconEdit,
  IconEye,
  IconLock,
  IconLockOpen,
  IconPlus,
  IconReceiptRefund,
  IconTag,
  IconTrash,
} from "@tabler/icons-react";
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
import { PATHS, PURCHASES, type PurchaseRow } from "./purchases.queries";
import "../accounting/amount.css";

/** Purchases (SPEC §2 `/purchases/purchases`): the list with each purchase's actions. */
export function PurchasesPage() {
  const { t } = useTranslation("purchases");
  const fmt = useFormat();
  const can = useCan();
  const names = useSeededNames();
  const navigate = useNavigate();
  const act = useDocAction(PURCHASES);
  const invalidateLedger = useInvalidateLedger();
  const del = useConfirmDelete<PurchaseRow>(PURCHASES, { idOf: (r) => r.id, nameOf: (r) => r.number ?? "", onDeleted: invalidateLedger });
  const totals = useCurrencyTotals("total");

  const columns: Column<PurchaseRow>[] = [
    { key: "number", label: "purchases:fields.number" },
    { key: "date", label: "purchases:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
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
    {
      key: "paid_amount",
      label: "purchases:fields.paid_amount",
      format: "amount",
      render: (r) => (
        <span className="amount">
          {fmt.amount(r.paid_amount)} {r.currency_name}
        </span>
      ),
    },
    {
      key: "status",
      label: "purchases:fields.status",
      text: (r) => t(`status.${r.status}`),
      render: (r) => <DocBadges status={r.status} closed={r.is_closed} payment={r.payment_status} />,
    },
    { key: "payment_type", label: "purchases:fields.payment_type", text: (r) => t(`paymentTypes.${r.payment_type}`) },
    { key: "created_by_name", label: "purchases:fields.created_by" },
  ];
  const filters: FilterField[] = [
    {
      key: "status",
      label: "purchases:fields.status",
      type: "select",
      options: [
        { value: "draft", label: "purchases:status.draft" },
        { value: "complete", label: "purchases:status.complete" },
      ],
    },
    {
      key: "payment_status",
      label: "purchases:fields.payment_status",
      type: "select",
      options: ["paid", "unpaid", "partially_paid"].map((s) => ({ value: s, label: `purchases:paymentStatus.${s}` })),
    },
    { key: "reference_no", label: "purchases:fields.reference_no", type: "text" },
    { key: "consumer_name", label: "purchases:fields.supplier", type: "text" },
  ];
  const actions: RowAction<PurchaseRow>[] = [
    {
      key: "view",
      label: "purchases:actions.view",
      icon: IconEye,
      permission: "purchases/show",
      onClick: (r) => void navigate(PATHS.view(r.id)),
    },
    {
      key: "edit",
      label: "common:edit",
      icon: IconEdit,
      permission: "purchases/update",
      onClick: (r) => void navigate(PATHS.upsert(r.id, 1)),
    },
    {
      key: "complete",
      label: "purchases:actions.complete",
      icon: IconCheck,
      permission: "purchases/complete",
      onClick: (r) => act.mutate({ id: r.id, action: "complete" }),
    },
    {
      key: "return_to_draft",
      label: "purchases:actions.returnToDraft",
      icon: IconArrowBackUp,
      permission: "purchases/return_to_draft",
      onClick: (r) => act.mutate({ id: r.id, action: "return_to_draft" }),
    },
    {
      key: "apply_cost",
      label: "purchases:actions.applyCost",
      icon: IconCalculator,
      permission: "purchases/apply_cost",
      onClick: (r) => void navigate(PATHS.applyCost(r.id)),
    },
    {
      key: "sale_price",
      label: "purchases:actions.modifySalePrice",
      icon: IconTag,
      permission: "purchases/modify_sale_price",
      onClick: (r) => void navigate(PATHS.salePrices(r.id)),
    },
    {
      key: "return",
      label: "purchases:actions.return",
      icon: IconReceiptRefund,
      permission: "purchase_returns/store",
      onClick: (r) => void navigate(PATHS.returnUpsert(0, 0, r.id)),
    },
    {
      key: "close",
      label: "purchases:actions.close",
      icon: IconLock,
      permission: "purchases/close",
      onClick: (r) => act.mutate({ id: r.id, action: "close" }),
    },
    {
      key: "open",
      label: "purchases:actions.open",
      icon: IconLockOpen,
      permission: "purchases/open",
      onClick: (r) => act.mutate({ id: r.id, action: "open" }),
    },
    { key: "delete", label: "common:delete", icon: IconTrash, color: "red", permission: "purchases/destroy", onClick: del.ask },
  ];

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <DataTable<PurchaseRow>
        endpoint={PURCHASES}
        model={PURCHASES}
        title="purchases:title"
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        dateFilter
        amountFilter
        defaultSort="date"
        toolbar={
          can("purchases/store") && (
            <Button
              data-list-add
              leftSection={<IconPlus size={16} />}
              onClick={() => void navigate(PATHS.upsert())}
              data-testid="purchase-add"
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
