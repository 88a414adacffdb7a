import { PATHS, SALE_RETURNS, type SaleReturnRow } from "../../shared/api/saleReturns";
import { type Column, docState, type FilterField, type RowAction, useDocColumns } from "../../shared/DataTable";
import { DocBadges, useDocAction } from "../../shared/documents/docActions";
import { useDocListKit } from "../../shared/documents/useDocListKit";
import { DocListPage } from "../../shared/ListPage";
import { useSeededNames } from "../../shared/seededNames";
import "../../shared/amount.css";

/** Sale returns (SPEC §2 `/sales/sales-returns`). */
export function SaleReturnsPage() {
  const kit = useDocListKit<SaleReturnRow>({ ns: "salereturns", endpoint: SALE_RETURNS, section: "sale_returns", posts: true });
  const { t, navigate, del, docActions: a } = kit;
  const names = useSeededNames();
  const act = useDocAction(SALE_RETURNS, "salereturns:done");
  const doc = useDocColumns<SaleReturnRow>("salereturns");

  const columns: Column<SaleReturnRow>[] = [
    doc.number,
    doc.date,
    { key: "sale_number", label: "salereturns:fields.sale" },
    { key: "consumer_name", label: "salereturns:fields.customer", text: (r) => names.party(r.consumer_name) },
    doc.inventory(),
    doc.total,
    { key: "received_type", label: "salereturns:fields.received_type", text: (r) => t(`receivedTypes.${r.received_type}`) },
    { key: "account_name", label: "salereturns:fields.account", text: (r) => names.account(r.account_name) },
    {
      key: "status",
      label: "salereturns:fields.status",
      text: (r) => t(`purchases:status.${r.status}`),
      render: (r) => <DocBadges status={r.status} closed={r.is_closed} />,
    },
    doc.createdBy,
  ];
  const filters: FilterField[] = [
    { key: "consumer_name", label: "salereturns:fields.customer", type: "text" },
    {
      key: "received_type",
      label: "salereturns:fields.received_type",
      type: "select",
      options: [
        { value: "Cash", label: "salereturns:receivedTypes.Cash" },
        { value: "On Account", label: "salereturns:receivedTypes.On Account" },
      ],
    },
  ];
  const actions: RowAction<SaleReturnRow>[] = [
    a.view("salereturns:actions.view", (r) => void navigate(PATHS.view(r.id))),
    { ...a.edit((r) => void navigate(PATHS.upsert(r.id, 1, r.sale_id ?? 0))), when: docState.open },
    ...a.closeOpen("salereturns:actions", (r, action) => act.mutate({ id: r.id, action })),
    { ...a.delete(del.ask), when: docState.open },
  ];

  return (
    <DocListPage<SaleReturnRow>
      of={kit.of}
      columns={columns}
      filters={filters}
      add={{ testId: "sale-return-add", onClick: () => void navigate(PATHS.upsert()) }}
      actions={actions}
    />
  );
}
