import { Button, Group, Text } from "@mantine/core";
import { IconArrowBack, IconArrowBackUp, IconCheck, IconEdit } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan } from "../../app/session";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import type { DisposalLine, DisposalRecord } from "./DestructedUpsertPage";
import { WarehouseDocAction } from "./WarehouseDocAction";
import { WarehouseDocFacts } from "./WarehouseDocFacts";
import { WarehouseDocLinesTable } from "./WarehouseDocLinesTable";
import { DocStatusBadge } from "./WarehouseDocList";
import { docQuery, ROUTES, WD } from "./warehouseDocs.queries";

/** A write-off: its goods and the loss each left with; Done and Return To Draft from here. */
export function DestructedViewPage() {
  const { t } = useTranslation("warehousedocs");
  const fmt = useFormat();
  const names = useSeededNames();
  const can = useCan();
  const id = Number(useParams().id);
  const doc = useQuery(docQuery<DisposalRecord>(WD.disposals, id));
  if (doc.isPending) return <PageLoader />;
  const d = doc.data;
  if (!d) return <Text>{t("notFound")}</Text>;
  const draft = d.status === "draft";
  return (
    <>
      <PageHeader
        title={`${t("disposals.title")} ${d.number ?? ""}`}
        actions={
          <Group>
            <Button component={Link} to={ROUTES.disposals} variant="default" leftSection={<IconArrowBack size={16} />}>
              {t("backToList")}
            </Button>
            {draft && can(`${WD.disposals}/update`) && (
              <Button component={Link} to={`${ROUTES.disposals}/upsert/${d.id}/1/0`} variant="light" leftSection={<IconEdit size={16} />}>
                {t("common:edit")}
              </Button>
            )}
            {draft ? (
              <WarehouseDocAction
                name={d.number ?? ""}
                endpoint={WD.disposals}
                id={d.id}
                action="complete"
                color="red"
                leftSection={<IconCheck size={16} />}
                testId="disposal-done"
              >
                {t("disposals.markDone")}
              </WarehouseDocAction>
            ) : (
              <WarehouseDocAction
                name={d.number ?? ""}
                endpoint={WD.disposals}
                id={d.id}
                action="return_to_draft"
                variant="light"
                leftSection={<IconArrowBackUp size={16} />}
                testId="disposal-return-to-draft"
              >
                {t("returnToDraft")}
              </WarehouseDocAction>
            )}
          </Group>
        }
      />
      <WarehouseDocFacts
        doc={d}
        facts={[
          [t("fields.disposalType"), t(`types.${d.disposal_type}`)],
          [t("fields.status"), <DocStatusBadge key="status" status={d.status} />],
          [
            t("fields.totalLoss"),
            <span key="loss" className="amount" data-testid="disposal-total-loss">
              {fmt.sysMoney(d.total_loss)}
            </span>,
          ],
          [t("fields.createdBy"), d.created_by_name ?? ""],
          [t("fields.note"), d.note ?? ""],
        ]}
      />
      <WarehouseDocLinesTable<DisposalLine>
        testId="disposal-view-lines"
        lines={d.lines}
        columns={[
          { label: t("fields.item"), cell: (l) => l.item_name },
          { label: t("fields.unit"), cell: (l) => names.unit(l.unit_name) },
          { label: t("fields.quantity"), cell: (l) => fmt.amount(l.quantity), amount: true },
          { label: t("fields.batchNo"), cell: (l) => (l.batch_id ? (l.batch_no ?? t("noBatch")) : t("firstExpiryFirst")), ltr: true },
          { label: t("fields.expireDate"), cell: (l) => (l.expire_date ? fmt.date(l.expire_date) : "") },
          { label: t("fields.description"), cell: (l) => l.description ?? "" },
          { label: t("fields.loss"), cell: (l) => fmt.sysMoney(l.loss), amount: true },
        ]}
      />
    </>
  );
}
