import { Button } from "@mantine/core";
import { IconArrowBackUp, IconCheck, IconEdit, IconEye, IconLock, IconLockOpen, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../app/session";
import { docDay, useInvalidateLedger } from "../../shared/api/ledger";
import { ENDPOINTS, pathsOf, type SaleKind, type SaleRow } from "../../shared/api/sales";
import { useCurrencyTotals } from "../../shared/CurrencyPicker";
import { type Column, DataTable, docState, type FilterField, type RowAction } from "../../shared/DataTable";
import { DocBadges, useDocAction } from "../../shared/documents/docActions";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import "../../shared/amount.css";

/** Sales (SPEC §2 `/sales/sales`) or salesman sales (`/sales/salesman-sales`): the list with each sale's actions. */
export function SalesPage({ kind }: { kind: SaleKind }) {
  const { t } = useTranslation("salesdocs");
  const fmt = useFormat();
  const can = useCan();
  const names = useSeededNames();
  const navigate = useNavigate();
  const endpoint = ENDPOINTS[kind];
  const paths = pathsOf(kind);
  const act = useDocAction(endpoint, "salesdocs:done");
  const invalidateLedger = useInvalidateLedger();
  const del = useConfirmDelete<SaleRow>(endpoint, { idOf: (r) => r.id, nameOf: (r) => r.number ?? "", onDeleted: invalidateLedger });
  const totals = useCurrencyTotals("total");
  const amount = (key: "total" | "paid_amount" | "remaining") => (r: SaleRow) => (
    <span className="amount">
      {fmt.money(r[key], r.currency_name)} {r.currency_name}
    </span>
  );

  const columns: Column<SaleRow>[] = [
    { key: "number", label: "salesdocs:fields.number" },
    { key: "date", label: "salesdocs:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
    { key: "consumer_name", label: "salesdocs:fields.customer", text: (r) => names.party(r.consumer_name) },
    ...(kind === "salesman" ? [{ key: "salesman_name", label: "salesdocs:fields.salesman" } as Column<SaleRow>] : []),
    { key: "inventory_name", label: "salesdocs:fields.inventory", text: (r) => names.inventory(r.inventory_name) },
    {
      key: "total",
      label: "salesdocs:fields.total",
      format: "amount",
      currency: (r) => r.currency_name,
      footer: totals,
      render: amount("total"),
    },
    {
      key: "paid_amount",
      label: "salesdocs:fields.paid_amount",
      format: "amount",
      currency: (r) => r.currency_name,
      render: amount("paid_amount"),
    },
    {
      key: "remaining",
      label: "salesdocs:fields.remaining",
      format: "amount",
      currency: (r) => r.currency_name,
      render: amount("remaining"),
    },
    {
      key: "status",
      label: "salesdocs:fields.status",
      text: (r) => t(`status.${r.status}`),
      render: (r) => <DocBadges status={r.status} closed={r.is_closed} payment={r.payment_status} />,
    },
    { key: "payment_type", label: "salesdocs:fields.payment_type", text: (r) => t(`paymentTypes.${r.payment_type}`) },
    ...(kind === "salesman" ? [{ key: "commission", label: "salesdocs:fields.commission", format: "money" } as Column<SaleRow>] : []),
    { key: "created_by_name", label: "salesdocs:fields.created_by" },
  ];
  const filters: FilterField[] = [
    {
      key: "status",
      label: "salesdocs:fields.status",
      type: "select",
      options: [
        { value: "draft", label: "salesdocs:status.draft" },
        { value: "complete", label: "salesdocs:status.complete" },
      ],
    },
    {
      key: "payment_status",
      label: "salesdocs:fields.payment_status",
      type: "select",
      options: ["paid", "unpaid", "partially_paid"].map((s) => ({ value: s, label: `salesdocs:paymentStatus.${s}` })),
    },
    { key: "consumer_name", label: "salesdocs:fields.customer", type: "text" },
    ...(kind === "salesman" ? [{ key: "salesman_name", label: "salesdocs:fields.salesman", type: "text" } as FilterField] : []),
  ];
  const actions: RowAction<SaleRow>[] = [
    {
      key: "view",
      label: "salesdocs:actions.view",
      icon: IconEye,
      permission: `${endpoint}/show`,
      onClick: (r) => void navigate(paths.view(r.id)),
    },
    {
      key: "edit",
      label: "common:edit",
      icon: IconEdit,
      permission: `${endpoint}/update`,
      onClick: (r) => void navigate(paths.upsert(r.id, 1)),
      when: docState.open,
    },
    {
      key: "complete",
      label: "salesdocs:actions.complete",
      icon: IconCheck,
      permission: `${endpoint}/complete`,
      onClick: (r) => act.mutate({ id: r.id, action: "complete" }),
      when: docState.in("draft"),
      confirm: (r) => r.number ?? "",
    },
    {
      key: "return_to_draft",
      label: "salesdocs:actions.returnToDraft",
      icon: IconArrowBackUp,
      permission: `${endpoint}/return_to_draft`,
      onClick: (r) => act.mutate({ id: r.id, action: "return_to_draft" }),
      when: docState.in("complete"),
    },
    {
      key: "close",
      label: "salesdocs:actions.close",
      icon: IconLock,
      permission: `${endpoint}/close`,
      onClick: (r) => act.mutate({ id: r.id, action: "close" }),
      when: docState.open,
    },
    {
      key: "open",
      label: "salesdocs:actions.open",
      icon: IconLockOpen,
      permission: `${endpoint}/open`,
      onClick: (r) => act.mutate({ id: r.id, action: "open" }),
      when: docState.closed,
    },
    {
      key: "delete",
      label: "common:delete",
      icon: IconTrash,
      color: "red",
      permission: `${endpoint}/destroy`,
      onClick: del.ask,
      when: docState.open,
    },
  ];

  return (
    <>
      <PageHeader title={t(`title.${kind}`)} description={t(`description.${kind}`)} />
      <DataTable<SaleRow>
        endpoint={endpoint}
        model={endpoint}
        title={`salesdocs:title.${kind}`}
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        dateFilter
        amountFilter
        defaultSort="date"
        toolbar={
          can(`${endpoint}/store`) && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => void navigate(paths.upsert())} data-testid="sale-add">
              {t(`add.${kind}`)}
            </Button>
          )
        }
        actions={actions}
        onRowClick={can(`${endpoint}/show`) ? (r) => void navigate(paths.view(r.id)) : undefined}
      />
      {del.dialog}
    </>
  );
}
