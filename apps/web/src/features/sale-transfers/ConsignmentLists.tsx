import { Button } from "@mantine/core";
import { type Icon, IconArrowBackUp, IconFileInvoice, IconPackages, IconReceiptRefund, IconSend } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api/client";
import { docDay } from "../../shared/api/ledger";
import { type Column, DataTable, docState, type FilterField, type RowAction, useDocColumns } from "../../shared/DataTable";
import { StateBadges } from "../../shared/documents/docActions";
import { useDocListKit } from "../../shared/documents/useDocListKit";
import { useFormat } from "../../shared/format";
import { DocListPage } from "../../shared/ListPage";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { InvoiceDialog } from "./InvoiceDialog";
import {
  CONSIGNMENTS,
  type ConsignmentRow,
  SALE_TRANSFER_RETURNS,
  SALE_TRANSFERS,
  type SaleTransferReturnRow,
  type SaleTransferRow,
  TRANSFER_PATHS,
} from "./saleTransfers.queries";
import "../../shared/amount.css";

export type TransferAction = "send" | "return_to_draft" | "close" | "open";

/** A state change of a sale transfer (send, return to draft, close, open); stock lists follow. */
export function useTransferAction() {
  const { t } = useTranslation("saletransfers");
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: TransferAction }) =>
      api(`${SALE_TRANSFERS}/${id}/${action}`, { method: "POST", body: {} }),
    onSuccess: (_r, { action }) => {
      notifySuccess(t(`done.${action}`));
      void queryClient.invalidateQueries({ queryKey: [SALE_TRANSFERS] });
      void queryClient.invalidateQueries({ queryKey: ["stocks"] });
    },
    onError: notifyError,
    meta: { silent: true },
  });
}

/** A sale transfer's state: pending or sent, and closed. */
export function TransferBadges({ status, closed }: { status: "pending" | "sent"; closed: boolean }) {
  const { t } = useTranslation("saletransfers");
  return (
    <StateBadges state={t(`status.${status}`)} done={status === "sent"} testId="transfer-status" closed={closed && t("status.closed")} />
  );
}

/** Sale transfers (SPEC §2 `/sales/sale-transfers`): goods sent to customers on consignment. */
export function SaleTransfersPage() {
  const kit = useDocListKit<SaleTransferRow>({
    ns: "saletransfers",
    name: "transfer",
    endpoint: SALE_TRANSFERS,
    section: "sale_transfers",
  });
  const { t, navigate, del, docActions: a } = kit;
  const act = useTransferAction();
  const doc = useDocColumns<SaleTransferRow>("saletransfers");
  const columns: Column<SaleTransferRow>[] = [
    doc.number,
    doc.date,
    { key: "consumer_name", label: "saletransfers:fields.customer" },
    doc.inventory("saletransfers:fields.from_inventory"),
    doc.total,
    { key: "cost", label: "saletransfers:fields.cost", format: "money" },
    {
      key: "status",
      label: "saletransfers:fields.status",
      text: (r) => t(`status.${r.status}`),
      render: (r) => <TransferBadges status={r.status} closed={r.is_closed} />,
    },
    doc.createdBy,
  ];
  const filters: FilterField[] = [
    {
      key: "status",
      label: "saletransfers:fields.status",
      type: "select",
      options: [
        { value: "pending", label: "saletransfers:status.pending" },
        { value: "sent", label: "saletransfers:status.sent" },
      ],
    },
    { key: "consumer_name", label: "saletransfers:fields.customer", type: "text" },
  ];
  const stateAction = (action: TransferAction, icon: Icon) =>
    a.own(
      action,
      `saletransfers:actions.${action}`,
      icon,
      (r) => act.mutate({ id: r.id, action }),
      action === "send" ? "transfer" : action,
    );
  const actions: RowAction<SaleTransferRow>[] = [
    a.view("saletransfers:actions.view", (r) => void navigate(TRANSFER_PATHS.view(r.id))),
    { ...a.edit((r) => void navigate(TRANSFER_PATHS.upsert(r.id, 1))), when: docState.in("pending") },
    { ...stateAction("send", IconSend), when: docState.in("pending"), confirm: (r) => r.number ?? "" },
    { ...stateAction("return_to_draft", IconArrowBackUp), when: docState.in("sent") },
    {
      ...a.own(
        "return",
        "saletransfers:actions.return",
        IconReceiptRefund,
        (r) => void navigate(TRANSFER_PATHS.returnUpsert(0, 0, r.id)),
        "store",
      ),
      when: docState.in("sent"),
    },
    ...a.closeOpen("saletransfers:actions", (r, action) => act.mutate({ id: r.id, action })),
    { ...a.delete(del.ask), when: docState.in("pending") },
  ];
  return (
    <DocListPage<SaleTransferRow>
      of={kit.of}
      headerActions={
        <Button variant="light" leftSection={<IconPackages size={16} />} onClick={() => void navigate(TRANSFER_PATHS.consignments)}>
          {t("consignments.title")}
        </Button>
      }
      columns={columns}
      filters={filters}
      add={{ testId: "transfer-add", onClick: () => void navigate(TRANSFER_PATHS.upsert()) }}
      actions={actions}
    />
  );
}

/** Sale-transfer returns (SPEC §2 `/sales/sale-transfer-return`): goods back from customers' consignment. */
export function SaleTransferReturnsPage() {
  const kit = useDocListKit<SaleTransferReturnRow>({
    ns: "saletransfers",
    name: "return",
    endpoint: SALE_TRANSFER_RETURNS,
    section: "sale_transfers",
  });
  const { navigate, del, docActions: a } = kit;
  const fmt = useFormat();
  const names = useSeededNames();
  const columns: Column<SaleTransferReturnRow>[] = [
    { key: "number", label: "saletransfers:fields.number" },
    { key: "date", label: "saletransfers:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
    { key: "consumer_name", label: "saletransfers:fields.customer" },
    { key: "sale_transfer_number", label: "saletransfers:fields.sale_transfer" },
    { key: "inventory_name", label: "saletransfers:fields.to_inventory", text: (r) => names.inventory(r.inventory_name) },
    { key: "value", label: "saletransfers:fields.cost", format: "money" },
    { key: "created_by_name", label: "saletransfers:fields.created_by" },
  ];
  const actions: RowAction<SaleTransferReturnRow>[] = [
    a.view("saletransfers:actions.view", (r) => void navigate(TRANSFER_PATHS.returnView(r.id))),
    a.edit((r) => void navigate(TRANSFER_PATHS.returnUpsert(r.id, 1))),
    a.delete(del.ask),
  ];
  return (
    <DocListPage<SaleTransferReturnRow>
      of={kit.of}
      columns={columns}
      filters={[{ key: "consumer_name", label: "saletransfers:fields.customer", type: "text" }]}
      amountFilter={false}
      add={{ testId: "return-add", onClick: () => void navigate(TRANSFER_PATHS.returnUpsert()) }}
      actions={actions}
    />
  );
}

/** What each customer holds on consignment: per customer and item, the quantity and its value at average cost; invoiced from here. */
export function ConsignmentsPage() {
  const { t } = useTranslation("saletransfers");
  const names = useSeededNames();
  const [invoicing, setInvoicing] = useState<ConsignmentRow | null>(null);
  const actions: RowAction<ConsignmentRow>[] = [
    {
      key: "invoice",
      label: "saletransfers:actions.invoice",
      icon: IconFileInvoice,
      permission: "sale_transfers/complete",
      onClick: (r) => setInvoicing(r),
    },
  ];
  const columns: Column<ConsignmentRow>[] = [
    { key: "consumer_name", label: "saletransfers:fields.customer", text: (r) => names.party(r.consumer_name) },
    { key: "item_name", label: "saletransfers:fields.item" },
    { key: "item_code", label: "saletransfers:fields.item_code" },
    { key: "qty", label: "saletransfers:fields.quantity", format: "amount" },
    { key: "base_unit_name", label: "saletransfers:fields.unit", text: (r) => names.unit(r.base_unit_name) },
    { key: "avg_cost", label: "saletransfers:fields.avg_cost", format: "money" },
    { key: "value", label: "saletransfers:fields.cost", format: "money" },
  ];
  return (
    <>
      <PageHeader title={t("consignments.title")} description={t("consignments.description")} />
      <DataTable<ConsignmentRow>
        endpoint={CONSIGNMENTS}
        model="consignments"
        title="saletransfers:consignments.title"
        columns={columns}
        rowKey={(r) => r.consignment_id}
        filters={[
          {
            key: "in_stock",
            label: "saletransfers:fields.in_stock",
            type: "select",
            options: [{ value: "1", label: "saletransfers:fields.in_stock" }],
          },
        ]}
        defaultSort="consumer_name"
        actions={actions}
      />
      {invoicing && <InvoiceDialog row={invoicing} onClose={() => setInvoicing(null)} />}
    </>
  );
}
