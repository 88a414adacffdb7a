import { Button, Group, Text } from "@mantine/core";
import { IconArrowBack, IconCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import type { AdjustmentLine, AdjustmentRecord } from "./AdjustmentPage";
import { WarehouseDocAction } from "./WarehouseDocAction";
import { WarehouseDocFacts } from "./WarehouseDocFacts";
import { WarehouseDocLinesTable } from "./WarehouseDocLinesTable";
import { DocStatusBadge } from "./WarehouseDocList";
import { docQuery, ROUTES, WD } from "./warehouseDocs.queries";

/** A count: theoretical, counted and difference per item and batch; a draft is completed from here. */
export function AdjustmentViewPage() {
  const { t } = useTranslation("warehousedocs");
  const fmt = useFormat();
  const names = useSeededNames();
  const id = Number(useParams().id);
  const doc = useQuery(docQuery<AdjustmentRecord>(WD.adjustments, id));
  if (doc.isPending) return <PageLoader />;
  const d = doc.data;
  if (!d) return <Text>{t("notFound")}</Text>;
  return (
    <>
      <PageHeader
        title={`${t("adjustments.title")} ${d.number ?? ""}`}
        actions={
          <Group>
            <Button component={Link} to={ROUTES.adjustments} variant="default" leftSection={<IconArrowBack size={16} />}>
              {t("backToList")}
            </Button>
            {d.status === "draft" && (
              <WarehouseDocAction
                name={d.number ?? ""}
                endpoint={WD.adjustments}
                id={d.id}
                action="complete"
                leftSection={<IconCheck size={16} />}
                testId="count-complete"
              >
                {t("adjustments.complete")}
              </WarehouseDocAction>
            )}
          </Group>
        }
      />
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
    </>
  );
}
