import { Badge, Group } from "@mantine/core";
import { IconBuildingWarehouse } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ActiveBadge } from "../../shared/ActiveBadge";
import { ENDPOINTS, type InventoryRow, outletsListQuery } from "../../shared/api/settings";
import type { Column } from "../../shared/DataTable";
import { type SeededNames, useSeededNames } from "../../shared/seededNames";
import { ReferencePage, type RefField } from "./ReferencePage";

function InventoryName({ row }: { row: InventoryRow }) {
  const { t } = useTranslation("settings");
  const names = useSeededNames();
  return (
    <Group gap={6} wrap="nowrap">
      {names.inventory(row.inventory_name)}
      {row.is_default && (
        <Badge size="sm" variant="outline">
          {t("inventories.default")}
        </Badge>
      )}
    </Group>
  );
}

const columnsOf = (names: SeededNames): Column<InventoryRow>[] => [
  { key: "inventory_id", label: "settings:fields.id" },
  {
    key: "inventory_name",
    label: "settings:fields.inventory_name",
    text: (r) => names.inventory(r.inventory_name),
    render: (r) => <InventoryName row={r} />,
  },
  { key: "outlet_name", label: "settings:fields.outlet_fk", text: (r) => names.outlet(r.outlet_name) },
  { key: "is_active", label: "settings:fields.is_active", render: (r) => <ActiveBadge on={r.is_active} /> },
  { key: "description", label: "settings:fields.description", text: (r) => names.inventoryDescription(r.description) },
];

export function InventoriesPage() {
  const outlets = useQuery(outletsListQuery);
  const names = useSeededNames();
  const fields: RefField[] = [
    { key: "inventory_name", label: "fields.inventory_name", type: "text", required: true },
    {
      key: "outlet_fk",
      label: "fields.outlet_fk",
      type: "select",
      numeric: true,
      options: (outlets.data ?? []).map((o) => ({ value: String(o.outlet_id), label: names.outlet(o.outlet_name) })),
    },
    { key: "is_active", label: "fields.is_active", type: "switch", initial: true },
    { key: "description", label: "fields.description", type: "textarea" },
  ];
  return (
    <ReferencePage<InventoryRow>
      page="inventories"
      endpoint={ENDPOINTS.inventories}
      section="inventories"
      model="inventories"
      icon={IconBuildingWarehouse}
      idOf={(r) => r.inventory_id}
      nameOf={(r) => names.inventory(r.inventory_name)}
      columns={columnsOf(names)}
      fields={fields}
      defaultSort="inventory_id"
    />
  );
}
