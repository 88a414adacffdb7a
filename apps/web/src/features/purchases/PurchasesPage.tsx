import { IconArrowBackUp, IconCalculator, IconCheck, IconReceiptRefund, IconTag } from "@tabler/icons-react";
import { PATHS, PURCHASES, type PurchaseRow } from "../../shared/api/purchases";
import { type Column, docState, type FilterField, type RowAction, useDocColumns } from "../../shared/DataTable";
import { DocBadges, useDocAction } from "../../shared/documents/docActions";
import { useDocListKit } from "../../shared/documents/useDocListKit";
import { useFormat } from "../../shared/format";
import { DocListPage } from "../../shared/ListPage";
import "../../shared/amount.css";

/** Purchases (SPEC §2 `/purchases/purchases`): the list with each purchase's actions. */
export function PurchasesPage() {
  const kit = useDocListKit<PurchaseRow>({ ns: "purchases", endpoint: PURCHASES, section: "purchases", posts: true });
  const { t, navigate, del, docActions: a } = kit;
  const fmt = useFormat();
  const act = useDocAction(PURCHASES, "purchases:done");
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
    kit.filters.status,
    kit.filters.paymentStatus,
    { key: "reference_no", label: "purchases:fields.reference_no", type: "text" },
    { key: "consumer_name", label: "purchases:fields.supplier", type: "text" },
  ];
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
    <DocListPage<PurchaseRow>
      of={kit.of}
      columns={columns}
      filters={filters}
      add={{ testId: "purchase-add", onClick: () => void navigate(PATHS.upsert()) }}
      actions={actions}
    />
  );
}
