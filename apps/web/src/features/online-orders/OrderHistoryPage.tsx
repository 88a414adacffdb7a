import { IconEye } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Column, DataTable, type FilterField, type RowAction } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { OrderDetail, StatusBadge } from "./OrderParts";
import { type BoardOrder, ONLINE_ORDERS } from "./onlineOrders.queries";

type HistoryRow = Pick<
  BoardOrder,
  "order_id" | "order_no" | "ordered_at" | "customer_name" | "customer_mobile" | "status" | "currency_id" | "total" | "driver_name"
> & { city_name: string | null; invoice_status: string | null; confirmed_by_name: string | null; delivered_by_name: string | null };

const FILTERS: FilterField[] = [
  {
    key: "status",
    label: "onlineorders:fields.status",
    type: "select",
    options: ["pending", "confirmed", "delivered", "cancelled"].map((s) => ({ value: s, label: `onlineorders:status.${s}` })),
  },
  {
    key: "invoice_status",
    label: "onlineorders:fields.invoice",
    type: "select",
    options: ["delivered", "returned"].map((s) => ({ value: s, label: `onlineorders:status.${s}` })),
  },
];

/** Every online order (SPEC §2 /sales/order-history): the generic list with its search, filters, sort and export. */
export function OrderHistoryPage() {
  const { t } = useTranslation("onlineorders");
  const f = useFormat();
  const [open, setOpen] = useState<number | null>(null);
  const columns: Column<HistoryRow>[] = [
    { key: "order_no", label: "onlineorders:fields.orderNo", render: (r) => <span dir="ltr">{r.order_no}</span> },
    { key: "ordered_at", label: "onlineorders:fields.ordered", format: "datetime" },
    { key: "customer_name", label: "onlineorders:fields.customer" },
    { key: "customer_mobile", label: "onlineorders:fields.mobile", render: (r) => <span dir="ltr">{r.customer_mobile}</span> },
    { key: "city_name", label: "onlineorders:fields.city" },
    { key: "status", label: "onlineorders:fields.status", render: (r) => <StatusBadge value={r.status} /> },
    { key: "total", label: "onlineorders:fields.total", render: (r) => f.money(r.total, r.currency_id) },
    { key: "confirmed_by_name", label: "onlineorders:fields.confirmedBy" },
    { key: "delivered_by_name", label: "onlineorders:fields.deliveredBy" },
    { key: "driver_name", label: "onlineorders:fields.driver" },
    {
      key: "invoice_status",
      label: "onlineorders:fields.invoice",
      render: (r) => (r.invoice_status ? <StatusBadge value={r.invoice_status} /> : null),
    },
  ];
  const actions: RowAction<HistoryRow>[] = [
    { key: "view", label: "onlineorders:actions.view", icon: IconEye, onClick: (r) => setOpen(r.order_id) },
  ];
  return (
    <>
      <PageHeader title={t("history.title")} description={t("history.description")} />
      <DataTable<HistoryRow>
        endpoint={ONLINE_ORDERS}
        model="online_orders"
        title="onlineorders:history.title"
        columns={columns}
        rowKey={(r) => r.order_id}
        defaultSort="ordered_at"
        defaultDir="desc"
        filters={FILTERS}
        dateFilter
        actions={actions}
      />
      {open !== null && <OrderDetail orderId={open} onClose={() => setOpen(null)} />}
    </>
  );
}
