import { Button, Group, Paper, Table, Text } from "@mantine/core";
import { IconArrowBack, IconCheck } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { docDay } from "../accounting/ledger.queries";
import type { AdjustmentRecord } from "./AdjustmentPage";
import { DocStatusBadge } from "./DestructedAssetsPage";
import { WarehouseDocAction } from "./WarehouseDocAction";
import { WarehouseDocFacts } from "./WarehouseDocFacts";
import { docQuery, ROUTES, WD } from "./warehouseDocs.queries";
import "../accounting/amount.css";

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
        facts={[
          [t("fields.number"), d.number ?? ""],
          [t("fields.date"), fmt.date(docDay(d.date))],
          [t("fields.inventory"), names.inventory(d.inventory_name)],
          [t("fields.status"), <DocStatusBadge key="status" status={d.status} />],
          [t("fields.setNotAdjustedToZero"), fmt.value(d.set_not_adjusted_to_zero)],
          [
            t("fields.gainValue"),
            <span key="gain" className="amount" data-testid="count-gain">
              {fmt.amount(d.gain_value)}
            </span>,
          ],
          [
            t("fields.lossValue"),
            <span key="loss" className="amount" data-testid="count-loss">
              {fmt.amount(d.loss_value)}
            </span>,
          ],
          [t("fields.createdBy"), d.created_by_name ?? ""],
        ]}
      />
      <Paper withBorder p="md" mt="md">
        <Table.ScrollContainer minWidth={700}>
          <Table striped data-testid="count-view-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("fields.item")}</Table.Th>
                <Table.Th>{t("fields.batchNo")}</Table.Th>
                <Table.Th>{t("fields.expireDate")}</Table.Th>
                <Table.Th>{t("fields.unit")}</Table.Th>
                <Table.Th>{t("fields.theoreticalQty")}</Table.Th>
                <Table.Th>{t("fields.countedQty")}</Table.Th>
                <Table.Th>{t("fields.difference")}</Table.Th>
                <Table.Th>{t("fields.value")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.lines.map((l) => (
                <Table.Tr key={l.id} data-testid="count-view-line">
                  <Table.Td>{l.item_name}</Table.Td>
                  <Table.Td dir="ltr">{l.batch_no ?? ""}</Table.Td>
                  <Table.Td>{l.expire_date ? fmt.date(l.expire_date) : ""}</Table.Td>
                  <Table.Td>{names.unit(l.base_unit_name)}</Table.Td>
                  <Table.Td className="amount">{fmt.amount(l.theoretical_qty)}</Table.Td>
                  <Table.Td className="amount">{fmt.amount(l.counted_qty)}</Table.Td>
                  <Table.Td className="amount">{fmt.amount(l.difference)}</Table.Td>
                  <Table.Td className="amount">{l.value === null ? "" : fmt.amount(l.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {d.note && <Text mt="sm">{d.note}</Text>}
      </Paper>
    </>
  );
}
