import { DISPOSAL_TYPES } from "@app/contracts";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { docStatus, WarehouseDocList } from "./WarehouseDocList";
import { ROUTES } from "./warehouseDocs.queries";

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

/** Destructed assets: goods stolen, destroyed or expired, written off at their cost once Done. */
export function DestructedAssetsPage() {
  const { t } = useTranslation("warehousedocs");
  const navigate = useNavigate();
  const status = docStatus<DisposalRow>(t);
  const type = (v: string) => t(`types.${v}`);
  return (
    <WarehouseDocList<DisposalRow>
      section="disposals"
      columns={[
        { key: "disposal_type", label: "warehousedocs:fields.disposalType", text: (r) => type(r.disposal_type) },
        status.column,
        { key: "items_count", label: "warehousedocs:fields.itemsCount" },
        { key: "total_loss", label: "warehousedocs:fields.totalLoss", format: "money" },
      ]}
      filters={[
        {
          key: "disposal_type",
          label: "warehousedocs:fields.disposalType",
          type: "select",
          options: DISPOSAL_TYPES.map((v) => ({ value: v, label: type(v) })),
        },
        status.filter,
      ]}
      amountFilter
      add={{ testId: "disposal-new", onClick: () => navigate(`${ROUTES.disposals}/upsert/0/0/0`) }}
      viewPath={(r) => `${r.id}/0`}
      // A document that is Done opens as it is.
      onEdit={(r) => navigate(r.status === "draft" ? `${ROUTES.disposals}/upsert/${r.id}/1/0` : `${ROUTES.disposals}/view/${r.id}/0`)}
    />
  );
}
