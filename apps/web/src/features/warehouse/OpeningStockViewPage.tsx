import { Badge, Button, Group, Paper, Table, Text } from "@mantine/core";
import { IconArrowBack } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { PageLoader } from "../../app/LoadingScreen";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { docDay } from "../accounting/ledger.queries";
import type { OpeningStockRecord } from "./OpeningStockPage";
import { WarehouseDocFacts } from "./WarehouseDocFacts";
import { docQuery, ROUTES, WD } from "./warehouseDocs.queries";
import "../accounting/amount.css";

/** One inventory's opening stock: its lines, their cost and value, and who entered it. */
export function OpeningStockViewPage() {
  const { t } = useTranslation("warehousedocs");
  const fmt = useFormat();
  const names = useSeededNames();
  const id = Number(useParams().id);
  const doc = useQuery(docQuery<OpeningStockRecord>(WD.openingStock, id));
  if (doc.isPending) return <PageLoader />;
  const d = doc.data;
  if (!d) return <Text>{t("notFound")}</Text>;
  return (
    <>
      <PageHeader
        title={`${t("openingStock.title")} ${d.number ?? ""}`}
        actions={
          <Button component={Link} to={ROUTES.openingStock} variant="default" leftSection={<IconArrowBack size={16} />}>
            {t("backToList")}
          </Button>
        }
      />
      <WarehouseDocFacts
        facts={[
          [t("fields.number"), d.number ?? ""],
          [t("fields.date"), fmt.date(docDay(d.date))],
          [t("fields.inventory"), names.inventory(d.inventory_name)],
          [t("fields.createdBy"), d.created_by_name ?? ""],
        ]}
      />
      <Paper withBorder p="md" mt="md">
        <Table.ScrollContainer minWidth={700}>
          <Table striped data-testid="opening-stock-view-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("fields.item")}</Table.Th>
                <Table.Th>{t("fields.unit")}</Table.Th>
                <Table.Th>{t("fields.quantity")}</Table.Th>
                <Table.Th>{t("fields.unitCost")}</Table.Th>
                <Table.Th>{t("fields.batchNo")}</Table.Th>
                <Table.Th>{t("fields.expireDate")}</Table.Th>
                <Table.Th>{t("fields.value")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.item_name}</Table.Td>
                  <Table.Td>{names.unit(l.unit_name)}</Table.Td>
                  <Table.Td className="amount">{fmt.amount(l.quantity)}</Table.Td>
                  <Table.Td className="amount">{fmt.amount(l.unit_cost)}</Table.Td>
                  <Table.Td dir="ltr">{l.batch_no ?? ""}</Table.Td>
                  <Table.Td>{l.expire_date ? fmt.date(l.expire_date) : ""}</Table.Td>
                  <Table.Td className="amount">{fmt.amount(l.value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={6}>{t("fields.totalValue")}</Table.Th>
                <Table.Th className="amount" data-testid="opening-stock-view-total">
                  {fmt.amount(d.total_value)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        {d.note && (
          <Group mt="sm">
            <Badge variant="light">{t("fields.note")}</Badge>
            <Text>{d.note}</Text>
          </Group>
        )}
      </Paper>
    </>
  );
}
