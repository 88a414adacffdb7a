import { Text } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DocTimeline } from "../../shared/documents/DocTimeline";
import { useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";
import type { AdjustmentLine, AdjustmentRecord } from "./AdjustmentPage";
import { WarehouseDocAction } from "./WarehouseDocAction";
import { WarehouseDocFacts } from "./WarehouseDocFacts";
import { WarehouseDocLinesTable } from "./WarehouseDocLinesTable";
import { DocStatusBadge } from "./WarehouseDocList";
import { useWarehouseDoc, WarehouseDocHeader, WarehouseDocMissing } from "./WarehouseDocView";
import { WD } from "./warehouseDocs.queries";

/** A count: theoretical, counted and difference per item and batch; a draft is completed from here. */
export function AdjustmentViewPage() {
  const { t } = useTranslation("warehousedocs");
  const fmt = useFormat();
  const names = useSeededNames();
  const doc = useWarehouseDoc<AdjustmentRecord>("adjustments");
  const d = doc.data;
  if (!d) return <WarehouseDocMissing pending={doc.isPending} />;
  return (
    <>
      <WarehouseDocHeader section="adjustments" doc={d}>
        {d.status === "draft" && (
          <WarehouseDocAction
            doc={d}
            endpoint={WD.adjustments}
            action="complete"
            leftSection={<IconCheck size={16} />}
            testId="count-complete"
          >
            {t("adjustments.complete")}
          </WarehouseDocAction>
        )}
      </WarehouseDocHeader>
      <WarehouseDocFacts
        doc={d}
        facts={[
          [t("fields.status"), <DocStatusBadge key="status" status={d.status} />],
          [t("fields.setNotAdjustedToZero"), fmt.value(d.set_not_adjusted_to_zero)],
          [
            t("fields.gainValue"),
            <span key="gain" className="amount" data-testid="count-gain">
              {fmt.sysMoney(d.gain_value)}
            </span>,
          ],
          [
            t("fields.lossValue"),
            <span key="loss" className="amount" data-testid="count-loss">
              {fmt.sysMoney(d.loss_value)}
            </span>,
          ],
          [t("fields.createdBy"), d.created_by_name ?? ""],
        ]}
      />
      <WarehouseDocLinesTable<AdjustmentLine>
        testId="count-view-lines"
        rowTestId="count-view-line"
        lines={d.lines}
        columns={[
          { label: t("fields.item"), cell: (l) => l.item_name },
          { label: t("fields.batchNo"), cell: (l) => l.batch_no ?? "", ltr: true },
          { label: t("fields.expireDate"), cell: (l) => (l.expire_date ? fmt.date(l.expire_date) : "") },
          { label: t("fields.unit"), cell: (l) => names.unit(l.base_unit_name) },
          { label: t("fields.theoreticalQty"), cell: (l) => fmt.amount(l.theoretical_qty), amount: true },
          { label: t("fields.countedQty"), cell: (l) => fmt.amount(l.counted_qty), amount: true },
          { label: t("fields.difference"), cell: (l) => fmt.amount(l.difference), amount: true },
          { label: t("fields.value"), cell: (l) => (l.value === null ? "" : fmt.sysMoney(l.value)), amount: true },
        ]}
        after={d.note && <Text mt="sm">{d.note}</Text>}
      />
      <DocTimeline module={WD.adjustments} recordId={d.id} />
    </>
  );
}
