import { Badge, Group, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";
import type { OpeningStockLine, OpeningStockRecord } from "./OpeningStockPage";
import { WarehouseDocFacts } from "./WarehouseDocFacts";
import { WarehouseDocLinesTable } from "./WarehouseDocLinesTable";
import { useWarehouseDoc, WarehouseDocHeader, WarehouseDocMissing } from "./WarehouseDocView";
import "../../shared/amount.css";
import { DocTimeline } from "../../shared/documents/DocTimeline";
import { WD } from "./warehouseDocs.queries";

/** One inventory's opening stock: its lines, their cost and value, and who entered it. */
export function OpeningStockViewPage() {
  const { t } = useTranslation("warehousedocs");
  const fmt = useFormat();
  const names = useSeededNames();
  const doc = useWarehouseDoc<OpeningStockRecord>("openingStock");
  const d = doc.data;
  if (!d) return <WarehouseDocMissing pending={doc.isPending} />;
  return (
    <>
      <WarehouseDocHeader section="openingStock" doc={d} />
      <WarehouseDocFacts doc={d} facts={[[t("fields.createdBy"), d.created_by_name ?? ""]]} />
      <WarehouseDocLinesTable<OpeningStockLine>
        testId="opening-stock-view-lines"
        lines={d.lines}
        columns={[
          { label: t("fields.item"), cell: (l) => l.item_name },
          { label: t("fields.unit"), cell: (l) => names.unit(l.unit_name) },
          { label: t("fields.quantity"), cell: (l) => fmt.amount(l.quantity), amount: true },
          { label: t("fields.unitCost"), cell: (l) => fmt.sysMoney(l.unit_cost), amount: true },
          { label: t("fields.batchNo"), cell: (l) => l.batch_no ?? "", ltr: true },
          { label: t("fields.expireDate"), cell: (l) => (l.expire_date ? fmt.date(l.expire_date) : "") },
          { label: t("fields.value"), cell: (l) => fmt.sysMoney(l.value), amount: true },
        ]}
        footer={
          <Table.Tr>
            <Table.Th colSpan={6}>{t("fields.totalValue")}</Table.Th>
            <Table.Th className="amount" data-testid="opening-stock-view-total">
              {fmt.sysMoney(d.total_value)}
            </Table.Th>
          </Table.Tr>
        }
        after={
          d.note && (
            <Group mt="sm">
              <Badge variant="light">{t("fields.note")}</Badge>
              <Text>{d.note}</Text>
            </Group>
          )
        }
      />
      <DocTimeline module={WD.openingStock} recordId={d.id} />
    </>
  );
}
