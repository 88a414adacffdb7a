import { IconCopy } from "@tabler/icons-react";
import { type Column, type FilterField, type RowAction, useDocColumns } from "../../shared/DataTable";
import { useDocListKit } from "../../shared/documents/useDocListKit";
import { useFormat } from "../../shared/format";
import { DocListPage } from "../../shared/ListPage";
import { useSeededNames } from "../../shared/seededNames";
import { QuotationBadge } from "./QuotationBadge";
import { QUOTATION_PATHS, QUOTATIONS, type QuotationRow } from "./quotations.queries";
import "../../shared/amount.css";

/** Quotations (SPEC §2 `/sales/sale-quotations`): the list with each quotation's actions. */
export function QuotationsPage() {
  const kit = useDocListKit<QuotationRow>({ ns: "quotations", endpoint: QUOTATIONS, section: "quotations" });
  const { t, navigate, del, docActions: a } = kit;
  const fmt = useFormat();
  const doc = useDocColumns<QuotationRow>("quotations");
  const names = useSeededNames();

  const columns: Column<QuotationRow>[] = [
    doc.number,
    doc.date,
    { key: "valid_until", label: "quotations:fields.valid_until", format: "date", render: (r) => fmt.date(r.valid_until) },
    { key: "consumer_name", label: "quotations:fields.customer", text: (r) => names.party(r.consumer_name) },
    doc.inventory(),
    doc.total,
    {
      key: "status",
      label: "quotations:fields.status",
      text: (r) => t(`status.${r.shown_status}`),
      render: (r) => <QuotationBadge state={r.shown_status} />,
    },
    doc.createdBy,
  ];
  const filters: FilterField[] = [
    {
      key: "status",
      label: "quotations:fields.status",
      type: "select",
      options: [
        { value: "open", label: "quotations:status.open" },
        { value: "converted", label: "quotations:status.converted" },
      ],
    },
    { key: "consumer_name", label: "quotations:fields.customer", type: "text" },
  ];
  const actions: RowAction<QuotationRow>[] = [
    a.view("quotations:actions.view", (r) => void navigate(QUOTATION_PATHS.view(r.id))),
    // A converted quotation stays as the record of what was offered: it is copied, not changed.
    { ...a.edit((r) => void navigate(QUOTATION_PATHS.upsert(r.id, 1))), when: (r) => r.status !== "converted" },
    a.own("copy", "quotations:actions.copy", IconCopy, (r) => void navigate(QUOTATION_PATHS.upsert(0, 0, r.id)), "store"),
    { ...a.delete(del.ask), when: (r) => r.status !== "converted" },
  ];

  return (
    <DocListPage<QuotationRow>
      of={kit.of}
      columns={columns}
      filters={filters}
      add={{ testId: "quotation-add", onClick: () => void navigate(QUOTATION_PATHS.upsert()) }}
      actions={actions}
    />
  );
}
