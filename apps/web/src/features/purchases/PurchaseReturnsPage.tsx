import { PATHS, PURCHASE_RETURNS } from "../../shared/api/purchases";
import { type Column, docState, type FilterField, type RowAction, useDocColumns } from "../../shared/DataTable";
import { DocBadges, useDocAction } from "../../shared/documents/docActions";
import { useDocListKit } from "../../shared/documents/useDocListKit";
import { DocListPage } from "../../shared/ListPage";
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
  const kit = useDocListKit<ReturnRow>({
    ns: "purchases",
    name: "returns",
    endpoint: PURCHASE_RETURNS,
    section: "purchase_returns",
    posts: true,
  });
  const { t, navigate, del, docActions: a } = kit;
  const act = useDocAction(PURCHASE_RETURNS, "purchases:returnDone");
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
  const actions: RowAction<ReturnRow>[] = [
    a.view("purchases:actions.view", (r) => void navigate(PATHS.returnView(r.id))),
    { ...a.edit((r) => void navigate(PATHS.returnUpsert(r.id, 1))), when: docState.open },
    ...a.closeOpen("purchases:actions", (r, action) => act.mutate({ id: r.id, action })),
    { ...a.delete(del.ask), when: docState.open },
  ];

  return (
    <DocListPage<ReturnRow>
      of={kit.of}
      columns={columns}
      filters={filters}
      add={{ testId: "return-add", onClick: () => void navigate(PATHS.returnUpsert()) }}
      actions={actions}
    />
  );
}
