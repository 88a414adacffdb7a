import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useInvalidateLedger } from "../../shared/api/ledger";
import { PATHS, PURCHASE_RETURNS } from "../../shared/api/purchases";
import { type Column, DocumentList, docActions, docState, type FilterField, type RowAction, useDocColumns } from "../../shared/DataTable";
import { DocBadges, useDocAction } from "../../shared/documents/docActions";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import "../../shared/amount.css";

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
  const navigate = useNavigate();
  const act = useDocAction(PURCHASE_RETURNS, "purchases:returnDone");
  const invalidateLedger = useInvalidateLedger();
  const del = useConfirmDelete<ReturnRow>(PURCHASE_RETURNS, {
    idOf: (r) => r.id,
    nameOf: (r) => r.number ?? "",
    onDeleted: invalidateLedger,
  });
  const doc = useDocColumns<ReturnRow>("purchases");

  const columns: Column<ReturnRow>[] = [
    doc.number,
    doc.date,
    { key: "purchase_number", label: "purchases:fields.purchase" },
    { key: "consumer_name", label: "purchases:fields.supplier" },
    { key: "reference_no", label: "purchases:fields.reference_no" },
    doc.inventory(),
    doc.total,
    { key: "payment_type", label: "purchases:fields.received_type", text: (r) => t(`paymentTypes.${r.payment_type}`) },
    {
      key: "status",
      label: "purchases:fields.status",
      text: (r) => t(`status.${r.status}`),
      render: (r) => <DocBadges status={r.status} closed={r.is_closed} />,
    },
    doc.createdBy,
  ];
  const filters: FilterField[] = [
    { key: "reference_no", label: "purchases:fields.reference_no", type: "text" },
    { key: "consumer_name", label: "purchases:fields.supplier", type: "text" },
  ];
  const a = docActions<ReturnRow>("purchase_returns");
  const actions: RowAction<ReturnRow>[] = [
    a.view("purchases:actions.view", (r) => void navigate(PATHS.returnView(r.id))),
    { ...a.edit((r) => void navigate(PATHS.returnUpsert(r.id, 1))), when: docState.open },
    ...a.closeOpen("purchases:actions", (r, action) => act.mutate({ id: r.id, action })),
    { ...a.delete(del.ask), when: docState.open },
  ];

  return (
    <DocumentList<ReturnRow>
      title={t("returns.title")}
      description={t("returns.description")}
      endpoint={PURCHASE_RETURNS}
      listTitle="purchases:returns.title"
      columns={columns}
      filters={filters}
      add={{
        permission: "purchase_returns/store",
        label: t("returns.add"),
        testId: "return-add",
        onClick: () => void navigate(PATHS.returnUpsert()),
      }}
      actions={actions}
      dialogs={del.dialog}
    />
  );
}
