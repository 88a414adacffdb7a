import { IconArrowBackUp, IconCheck } from "@tabler/icons-react";
import { ENDPOINTS, pathsOf, type SaleKind, type SaleRow } from "../../shared/api/sales";
import { type Column, DocumentList, docState, type FilterField, type RowAction, useDocColumns } from "../../shared/DataTable";
import { DocBadges, useDocAction } from "../../shared/documents/docActions";
import { useDocListKit } from "../../shared/documents/useDocListKit";
import { useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";
import "../../shared/amount.css";

/** Sales (SPEC §2 `/sales/sales`) or salesman sales (`/sales/salesman-sales`): the list with each sale's actions. */
export function SalesPage({ kind }: { kind: SaleKind }) {
  const endpoint = ENDPOINTS[kind];
  const kit = useDocListKit<SaleRow>({ ns: "salesdocs", endpoint, section: endpoint, posts: true });
  const { t, navigate, del, docActions: a } = kit;
  const fmt = useFormat();
  const names = useSeededNames();
  const paths = pathsOf(kind);
  const act = useDocAction(endpoint, "salesdocs:done");
  const doc = useDocColumns<SaleRow>("salesdocs");
  const amount = (key: "paid_amount" | "remaining"): Column<SaleRow> => ({
    key,
    label: `salesdocs:fields.${key}`,
    format: "amount",
    currency: (r) => r.currency_name,
    render: (r) => (
      <span className="amount">
        {fmt.money(r[key], r.currency_name)} {r.currency_name}
      </span>
    ),
  });

  const columns: Column<SaleRow>[] = [
    doc.number,
    doc.date,
    { key: "consumer_name", label: "salesdocs:fields.customer", text: (r) => names.party(r.consumer_name) },
    ...(kind === "salesman" ? [{ key: "salesman_name", label: "salesdocs:fields.salesman" } as Column<SaleRow>] : []),
    doc.inventory(),
    doc.total,
    amount("paid_amount"),
    amount("remaining"),
    {
      key: "status",
      label: "salesdocs:fields.status",
      text: (r) => t(`status.${r.status}`),
      render: (r) => <DocBadges status={r.status} closed={r.is_closed} payment={r.payment_status} />,
    },
    { key: "payment_type", label: "salesdocs:fields.payment_type", text: (r) => t(`paymentTypes.${r.payment_type}`) },
    ...(kind === "salesman" ? [{ key: "commission", label: "salesdocs:fields.commission", format: "money" } as Column<SaleRow>] : []),
    doc.createdBy,
  ];
  const filters: FilterField[] = [
    kit.filters.status,
    kit.filters.paymentStatus,
    { key: "consumer_name", label: "salesdocs:fields.customer", type: "text" },
    ...(kind === "salesman" ? [{ key: "salesman_name", label: "salesdocs:fields.salesman", type: "text" } as FilterField] : []),
  ];
  const actions: RowAction<SaleRow>[] = [
    a.view("salesdocs:actions.view", (r) => void navigate(paths.view(r.id))),
    { ...a.edit((r) => void navigate(paths.upsert(r.id, 1))), when: docState.open },
    {
      ...a.own("complete", "salesdocs:actions.complete", IconCheck, (r) => act.mutate({ id: r.id, action: "complete" })),
      when: docState.in("draft"),
      confirm: (r) => r.number ?? "",
    },
    {
      ...a.own("return_to_draft", "salesdocs:actions.returnToDraft", IconArrowBackUp, (r) =>
        act.mutate({ id: r.id, action: "return_to_draft" }),
      ),
      when: docState.in("complete"),
    },
    ...a.closeOpen("salesdocs:actions", (r, action) => act.mutate({ id: r.id, action })),
    { ...a.delete(del.ask), when: docState.open },
  ];

  return (
    <DocumentList<SaleRow>
      title={t(`title.${kind}`)}
      description={t(`description.${kind}`)}
      endpoint={endpoint}
      listTitle={`salesdocs:title.${kind}`}
      columns={columns}
      filters={filters}
      add={{ permission: `${endpoint}/store`, label: t(`add.${kind}`), testId: "sale-add", onClick: () => void navigate(paths.upsert()) }}
      actions={actions}
      dialogs={del.dialog}
    />
  );
}
