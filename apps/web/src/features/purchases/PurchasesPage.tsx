import { IconArrowBackUp, IconCalculator, IconCheck, IconReceiptRefund, IconTag } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useInvalidateLedger } from "../../shared/api/ledger";
import { PATHS, PURCHASES, type PurchaseRow } from "../../shared/api/purchases";
import { type Column, DocumentList, docActions, docState, type FilterField, type RowAction, useDocColumns } from "../../shared/DataTable";
import { DocBadges, useDocAction } from "../../shared/documents/docActions";
import { useFormat } from "../../shared/format";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import "../../shared/amount.css";

/** Purchases (SPEC §2 `/purchases/purchases`): the list with each purchase's actions. */
export function PurchasesPage() {
  const { t } = useTranslation("purchases");
  const fmt = useFormat();
  const navigate = useNavigate();
  const act = useDocAction(PURCHASES, "purchases:done");
  const invalidateLedger = useInvalidateLedger();
  const del = useConfirmDelete<PurchaseRow>(PURCHASES, { idOf: (r) => r.id, nameOf: (r) => r.number ?? "", onDeleted: invalidateLedger });
  const doc = useDocColumns<PurchaseRow>("purchases");

  const columns: Column<PurchaseRow>[] = [
    doc.number,
    doc.date,
    { key: "consumer_name", label: "purchases:fields.supplier" },
    { key: "reference_no", label: "purchases:fields.reference_no" },
    doc.inventory(),
    doc.total,
    {
      key: "paid_amount",
      label: "purchases:fields.paid_amount",
      format: "amount",
      currency: (r) => r.currency_name,
      render: (r) => (
        <span className="amount">
          {fmt.money(r.paid_amount, r.currency_name)} {r.currency_name}
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
    doc.createdBy,
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
  const a = docActions<PurchaseRow>("purchases");
  const complete = docState.in("complete");
  const actions: RowAction<PurchaseRow>[] = [
    a.view("purchases:actions.view", (r) => void navigate(PATHS.view(r.id))),
    { ...a.edit((r) => void navigate(PATHS.upsert(r.id, 1))), when: docState.open },
    {
      ...a.own("complete", "purchases:actions.complete", IconCheck, (r) => act.mutate({ id: r.id, action: "complete" })),
      when: docState.in("draft"),
      confirm: (r) => r.number ?? "",
    },
    {
      ...a.own("return_to_draft", "purchases:actions.returnToDraft", IconArrowBackUp, (r) =>
        act.mutate({ id: r.id, action: "return_to_draft" }),
      ),
      when: complete,
    },
    {
      ...a.own("apply_cost", "purchases:actions.applyCost", IconCalculator, (r) => void navigate(PATHS.applyCost(r.id))),
      when: (r) => complete(r) && !r.costs_applied,
    },
    a.own("sale_price", "purchases:actions.modifySalePrice", IconTag, (r) => void navigate(PATHS.salePrices(r.id)), "modify_sale_price"),
    {
      ...a.own("return", "purchases:actions.return", IconReceiptRefund, (r) => void navigate(PATHS.returnUpsert(0, 0, r.id))),
      permission: "purchase_returns/store",
      when: complete,
    },
    ...a.closeOpen("purchases:actions", (r, action) => act.mutate({ id: r.id, action })),
    { ...a.delete(del.ask), when: docState.open },
  ];

  return (
    <DocumentList<PurchaseRow>
      title={t("title")}
      description={t("description")}
      endpoint={PURCHASES}
      listTitle="purchases:title"
      columns={columns}
      filters={filters}
      add={{ permission: "purchases/store", label: t("add"), testId: "purchase-add", onClick: () => void navigate(PATHS.upsert()) }}
      actions={actions}
      dialogs={del.dialog}
    />
  );
}
