import { Badge, Button } from "@mantine/core";
import { IconBulb, IconEdit, IconEye, IconPackageImport, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../app/session";
import { type Column, DocumentList, docActions, type FilterField, type RowAction, useDocColumns } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { selectFilter } from "../../shared/ListPage";
import { useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { ORDER_PATHS, PURCHASE_ORDERS, type PurchaseOrderRow } from "./purchaseOrders.queries";
import "../../shared/amount.css";

const RECEIVE_COLORS = { not_received: "gray", partially_received: "orange", received: "green" } as const;
const STATUS_COLORS = { draft: "gray", ordered: "blue", closed: "dark" } as const;

/** An order's state and receive status, as badges. */
export function OrderBadges({ row }: { row: Pick<PurchaseOrderRow, "status" | "receive_status"> }) {
  const { t } = useTranslation("purchaseorders");
  return (
    <>
      <Badge color={STATUS_COLORS[row.status]} variant="light" data-testid="order-status">
        {t(`status.${row.status}`)}
      </Badge>{" "}
      {row.status !== "draft" && (
        <Badge color={RECEIVE_COLORS[row.receive_status]} variant="light" data-testid="order-receive-status">
          {t(`receiveStatus.${row.receive_status}`)}
        </Badge>
      )}
    </>
  );
}

/** Purchase orders: the list, each order's state and receive status, and its actions (all under `purchases/order`). */
export function PurchaseOrdersPage() {
  const { t } = useTranslation("purchaseorders");
  const navigate = useNavigate();
  const can = useCan();
  const fmt = useFormat();
  const doc = useDocColumns<PurchaseOrderRow>("purchaseorders");
  const names = useSeededNames();
  const del = useConfirmDelete<PurchaseOrderRow>(PURCHASE_ORDERS, { idOf: (r) => r.id, nameOf: (r) => r.number ?? "" });
  const a = docActions<PurchaseOrderRow>("purchases");
  const columns: Column<PurchaseOrderRow>[] = [
    doc.number,
    doc.date,
    {
      key: "expected_date",
      label: "purchaseorders:fields.expected_date",
      format: "date",
      render: (r) => (r.expected_date ? fmt.date(r.expected_date) : ""),
    },
    { key: "consumer_name", label: "purchaseorders:fields.supplier", text: (r) => names.party(r.consumer_name) },
    doc.inventory(),
    doc.total,
    {
      key: "receive_status",
      label: "purchaseorders:fields.status",
      text: (r) => `${t(`status.${r.status}`)} · ${t(`receiveStatus.${r.receive_status}`)}`,
      render: (r) => <OrderBadges row={r} />,
    },
    doc.createdBy,
  ];
  const filters: FilterField[] = [
    selectFilter(
      "status",
      "purchaseorders:fields.status",
      ["draft", "ordered", "closed"].map((v) => ({ value: v, label: `purchaseorders:status.${v}` })),
    ),
    selectFilter(
      "receive_status",
      "purchaseorders:fields.receive_status",
      ["not_received", "partially_received", "received"].map((v) => ({ value: v, label: `purchaseorders:receiveStatus.${v}` })),
    ),
    { key: "consumer_name", label: "purchaseorders:fields.supplier", type: "text" },
  ];
  const actions: RowAction<PurchaseOrderRow>[] = [
    a.own("view", "purchaseorders:actions.view", IconEye, (r) => void navigate(ORDER_PATHS.view(r.id)), "order"),
    {
      ...a.own("edit", "common:edit", IconEdit, (r) => void navigate(ORDER_PATHS.upsert(r.id, 1)), "order"),
      when: (r) => r.status === "draft",
    },
    {
      ...a.own("receive", "purchaseorders:actions.receive", IconPackageImport, (r) => void navigate(ORDER_PATHS.receive(r.id)), "order"),
      // Receiving makes and completes a purchase.
      when: (r) => r.status === "ordered" && r.receive_status !== "received" && can("purchases/store") && can("purchases/complete"),
    },
    { ...a.own("delete", "common:delete", IconTrash, del.ask, "order"), color: "red", when: (r) => r.status === "draft" },
  ];

  return (
    <DocumentList<PurchaseOrderRow>
      title={t("title")}
      description={t("description")}
      endpoint={PURCHASE_ORDERS}
      listTitle="purchaseorders:title"
      headerActions={
        can("purchases/order") && (
          <Button
            variant="light"
            leftSection={<IconBulb size={16} />}
            onClick={() => void navigate(ORDER_PATHS.suggestions)}
            data-testid="order-suggestions"
          >
            {t("suggestions.title")}
          </Button>
        )
      }
      columns={columns}
      filters={filters}
      actions={actions}
      add={{ permission: "purchases/order", label: t("add"), testId: "order-add", onClick: () => void navigate(ORDER_PATHS.upsert()) }}
      dialogs={del.dialog}
    />
  );
}
