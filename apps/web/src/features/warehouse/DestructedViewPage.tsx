import { Button, Group, Paper, Table, Text } from "@mantine/core";
import { IconArrowBack, IconArrowBackUp, IconCheck, IconEdit } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan } from "../../app/session";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { docDay } from "../accounting/ledger.queries";
import { DocStatusBadge } from "./DestructedAssetsPage";
import type { DisposalRecord } from "./DestructedUpsertPage";
import { WarehouseDocAction } from "./WarehouseDocAction";
import { WarehouseDocFacts } from "./WarehouseDocFacts";
import { docQuery, ROUTES, WD } from "./warehouseDocs.queries";
import "../accounting/amount.css";

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
        facts={[
          [t("fields.number"), d.number ?? ""],
          [t("fields.date"), fmt.date(docDay(d.date))],
          [t("fields.inventory"), names.inventory(d.inventory_name)],
          [t("fields.disposalType"), t(`types.${d.disposal_type}`)],
          [t("fields.status"), <DocStatusBadge key="status" status={d.status} />],
          [
            t("fields.totalLoss"),
            <span key="loss" className="amount" data-testid="disposal-total-loss">
              {fmt.amount(d.total_loss)}
            </span>,
          ],
          [t("fields.createdBy"), d.created_by_name ?? ""],
          [t("fields.note"), d.note ?? ""],
        ]}
      />
      <Paper withBorder p="md" mt="md">
        <Table.ScrollContainer minWidth={700}>
          <Table striped data-testid="disposal-view-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("fields.item")}</Table.Th>
                <Table.Th>{t("fields.unit")}</Table.Th>
                <Table.Th>{t("fields.quantity")}</Table.Th>
                <Table.Th>{t("fields.batchNo")}</Table.Th>
                <Table.Th>{t("fields.expireDate")}</Table.Th>
                <Table.Th>{t("fields.description")}</Table.Th>
                <Table.Th>{t("fields.loss")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.item_name}</Table.Td>
                  <Table.Td>{names.unit(l.unit_name)}</Table.Td>
                  <Table.Td className="amount">{fmt.amount(l.quantity)}</Table.Td>
                  <Table.Td dir="ltr">{l.batch_id ? (l.batch_no ?? t("noBatch")) : t("firstExpiryFirst")}</Table.Td>
                  <Table.Td>{l.expire_date ? fmt.date(l.expire_date) : ""}</Table.Td>
                  <Table.Td>{l.description ?? ""}</Table.Td>
                  <Table.Td className="amount">{fmt.amount(l.loss)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </>
  );
}
