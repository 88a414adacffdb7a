import { DISPOSAL_TYPES } from "@app/contracts";
import { Badge, Button } from "@mantine/core";
import { IconEye, IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../app/session";
import { type Column, DataTable, editDeleteActions, type FilterField } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { docDay } from "../accounting/ledger.queries";
import { ROUTES, useInvalidateWarehouse, WD } from "./warehouseDocs.queries";
import "../accounting/amount.css";

export interface DisposalRow {
  id: number;
  number: string | null;
  date: string;
  inventory_name: string;
  disposal_type: (typeof DISPOSAL_TYPES)[number];
  status: "draft" | "complete";
  items_count: number;
  total_loss: string;
  note: string | null;
  created_by_name: string | null;
}

/** A draft or Done badge in the reader's language. */
export function DocStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("warehousedocs");
  return (
    <Badge variant="light" color={status === "complete" ? "green" : "gray"} data-testid="doc-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** Destructed assets: goods stolen, destroyed or expired, written off at their cost once Done. */
export function DestructedAssetsPage() {
  const { t } = useTranslation("warehousedocs");
  const can = useCan();
  const fmt = useFormat();
  const names = useSeededNames();
  const navigate = useNavigate();
  const invalidate = useInvalidateWarehouse();
  const del = useConfirmDelete<DisposalRow>(WD.disposals, {
    idOf: (r) => r.id,
    nameOf: (r) => r.number ?? String(r.id),
    onDeleted: () => invalidate(WD.disposals),
  });
  const columns: Column<DisposalRow>[] = [
    { key: "number", label: "warehousedocs:fields.number" },
    { key: "date", label: "warehousedocs:fields.date", format: "date", render: (r) => fmt.date(docDay(r.date)) },
    { key: "inventory_name", label: "warehousedocs:fields.inventory", text: (r) => names.inventory(r.inventory_name) },
    { key: "disposal_type", label: "warehousedocs:fields.disposalType", text: (r) => t(`types.${r.disposal_type}`) },
    {
      key: "status",
      label: "warehousedocs:fields.status",
      text: (r) => t(`status.${r.status}`),
      render: (r) => <DocStatusBadge status={r.status} />,
    },
    { key: "items_count", label: "warehousedocs:fields.itemsCount" },
    { key: "total_loss", label: "warehousedocs:fields.totalLoss", format: "amount" },
    { key: "note", label: "warehousedocs:fields.note" },
    { key: "created_by_name", label: "warehousedocs:fields.createdBy" },
  ];
  const filters: FilterField[] = [
    {
      key: "disposal_type",
      label: "warehousedocs:fields.disposalType",
      type: "select",
      options: DISPOSAL_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) })),
    },
    {
      key: "status",
      label: "warehousedocs:fields.status",
      type: "select",
      options: ["draft", "complete"].map((v) => ({ value: v, label: t(`status.${v}`) })),
    },
  ];
  const draftOnly = (r: DisposalRow) => r.status === "draft";
  return (
    <>
      <PageHeader title={t("disposals.title")} description={t("disposals.description")} />
      <DataTable<DisposalRow>
        endpoint={WD.disposals}
        model={WD.disposals}
        title="warehousedocs:disposals.title"
        columns={columns}
        rowKey={(r) => r.id}
        filters={filters}
        dateFilter
        amountFilter
        defaultSort="id"
        toolbar={
          can(`${WD.disposals}/store`) && (
            <Button
              data-list-add
              leftSection={<IconPlus size={16} />}
              onClick={() => navigate(`${ROUTES.disposals}/upsert/0/0/0`)}
              data-testid="disposal-new"
            >
              {t("disposals.add")}
            </Button>
          )
        }
        actions={[
          {
            key: "view",
            label: "warehousedocs:view",
            icon: IconEye,
            permission: `${WD.disposals}/show`,
            onClick: (r) => navigate(`${ROUTES.disposals}/view/${r.id}/0`),
          },
          ...editDeleteActions<DisposalRow>(
            WD.disposals,
            (r) => (draftOnly(r) ? navigate(`${ROUTES.disposals}/upsert/${r.id}/1/0`) : navigate(`${ROUTES.disposals}/view/${r.id}/0`)),
            del.ask,
          ),
        ]}
      />
      {del.dialog}
    </>
  );
}
