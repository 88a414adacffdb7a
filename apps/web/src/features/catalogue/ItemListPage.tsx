import { normalizeDigits } from "@app/contracts";
import { Badge, Button, Group, Text, ThemeIcon, Tooltip } from "@mantine/core";
import {
  IconBarcode,
  IconEdit,
  IconFileExport,
  IconFileImport,
  IconFileSpreadsheet,
  IconHourglass,
  IconPlus,
  IconTags,
  IconTrash,
  IconWorld,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { categoryTreeQuery, flattenTree, ITEMS_ENDPOINT, type ItemRow } from "../../shared/api/catalogue";
import { brandsListQuery } from "../../shared/api/settings";
import { type Column, DataTable, type FilterField } from "../../shared/DataTable";
import { ListThumb } from "../../shared/ListThumb";
import { LABELS_PERMISSION, type LabelRequest, Labels } from "../../shared/labels";
import { useChangeParams } from "../../shared/liveParams";
import { PageHeader } from "../../shared/PageHeader";
import { PRICES_EXPORT, PriceSheetDialog, useListedQuery, useSheetDownload } from "../../shared/PriceSheet";
import { useSeededNames } from "../../shared/seededNames";
import { useBarcodeScanner } from "../../shared/useBarcodeScanner";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { ItemForm } from "./ItemForm";
import { ItemImportDialog } from "./ItemImportDialog";
import { ONLINE_FILTER, useToggleOnline } from "./useToggleOnline";
import "./catalogue.css";

const barcodesOf = (r: ItemRow): string[] =>
  Array.isArray(r.barcodes) ? r.barcodes : typeof r.barcodes === "string" && r.barcodes ? r.barcodes.split(",") : [];

/** Online visibility and expiry tracking as two small icons, so the list fits beside the side menu. */
function StatusIcons({ row }: { row: ItemRow }) {
  const { t } = useTranslation("catalogue");
  const online = row.is_active_online ? t("online.visible") : t("online.hidden");
  const expiry = row.has_expire ? t("expiry.has") : t("expiry.none");
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={online}>
        <ThemeIcon size="md" radius="xl" variant="light" color={row.is_active_online ? "teal" : "gray"} role="img" aria-label={online}>
          <IconWorld size={14} />
        </ThemeIcon>
      </Tooltip>
      <Tooltip label={expiry}>
        <ThemeIcon size="md" radius="xl" variant="light" color={row.has_expire ? "orange" : "gray"} role="img" aria-label={expiry}>
          <IconHourglass size={14} />
        </ThemeIcon>
      </Tooltip>
    </Group>
  );
}

function BarcodeCell({ row }: { row: ItemRow }) {
  const codes = barcodesOf(row);
  if (!codes.length) return null;
  const [first, ...rest] = codes;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" className="barcode-text">
        {first}
      </Text>
      {rest.length > 0 && (
        <Tooltip label={rest.join(" · ")}>
          <Badge variant="outline" color="gray" size="sm">
            +{rest.length}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

export function ItemListPage() {
  const { t } = useTranslation("catalogue");
  const can = useCan();
  const changeParams = useChangeParams();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  // A reload while an import runs (its job's id in the address) opens the import on it again.
  const [importing, setImporting] = useState(() => new URLSearchParams(window.location.search).has("job"));
  const [labels, setLabels] = useState<LabelRequest[] | null>(null);
  const [pricing, setPricing] = useState(false);
  const listed = useListedQuery();
  const itemsSheet = useSheetDownload("items/export_for_import", "items");
  const del = useConfirmDelete<ItemRow>(ITEMS_ENDPOINT, { idOf: (r) => r.item_id, nameOf: (r) => r.item_name });
  const online = useToggleOnline("items");
  const tree = useQuery(categoryTreeQuery);
  const names = useSeededNames();
  const brands = useQuery(brandsListQuery);

  // A scan anywhere on the page searches for the code, as if typed into the search box.
  useBarcodeScanner((code) =>
    changeParams((p) => {
      p.set("search", normalizeDigits(code));
      p.delete("page");
    }),
  );

  const columns: Column<ItemRow>[] = [
    { key: "image", label: "fields:image", render: (r) => <ListThumb file={r.image} /> },
    {
      key: "item_name",
      label: "catalogue:fields.item_name",
      render: (r) => (
        <div>
          <Text fw={500} size="sm">
            {r.item_name}
          </Text>
          {r.item_code && (
            <Text size="xs" c="dimmed">
              {r.item_code}
            </Text>
          )}
        </div>
      ),
    },
    { key: "barcodes", label: "catalogue:fields.barcodes", render: (r) => <BarcodeCell row={r} /> },
    { key: "category_name", label: "catalogue:fields.category_fk" },
    { key: "brand_name", label: "catalogue:fields.brand_fk" },
    // Seeded units ("Piece", "Box") read in the user's language, as everywhere else.
    { key: "base_unit", label: "catalogue:units.baseUnit", text: (r) => names.unit(r.base_unit ?? "") },
    { key: "sale_price", label: "catalogue:fields.price", format: "money" },
    {
      key: "is_active_online",
      label: "catalogue:fields.status",
      render: (r) => <StatusIcons row={r} />,
    },
  ];

  const filters: FilterField[] = [
    {
      key: "category_fk",
      label: "catalogue:fields.category_fk",
      type: "select",
      options: flattenTree(tree.data ?? []).map((f) => ({ value: String(f.node.category_id), label: f.node.category_name })),
    },
    {
      key: "brand_fk",
      label: "catalogue:fields.brand_fk",
      type: "select",
      options: (brands.data ?? []).map((b) => ({ value: String(b.brand_id), label: b.brand_name })),
    },
    {
      key: "has_expire",
      label: "catalogue:fields.has_expire",
      type: "select",
      options: [
        { value: "1", label: "catalogue:expiry.has" },
        { value: "0", label: "catalogue:expiry.none" },
      ],
    },
    ONLINE_FILTER,
  ];

  return (
    <>
      <PageHeader
        title={t("items.title")}
        description={t("items.description")}
        actions={
          <Group gap={6} c="dimmed">
            <IconBarcode size={18} />
            <Text size="sm">{t("items.scanHint")}</Text>
          </Group>
        }
      />
      {/* No default sort: the server lists newest first, and a search ranks its matches (code or barcode, then names starting with the term). */}
      <DataTable<ItemRow>
        endpoint={ITEMS_ENDPOINT}
        model="items"
        title="catalogue:items.title"
        columns={columns}
        rowKey={(r) => r.item_id}
        filters={filters}
        toolbar={
          <>
            <Tooltip label={t("sheets:exportForImportHint")}>
              <Button
                variant="default"
                leftSection={<IconFileExport size={16} />}
                loading={itemsSheet.isPending}
                onClick={() => itemsSheet.mutate(listed)}
                data-testid="items-export-for-import"
              >
                {t("sheets:exportForImport")}
              </Button>
            </Tooltip>
            {can(PRICES_EXPORT) && (
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={16} />}
                onClick={() => setPricing(true)}
                data-testid="items-price-sheet"
              >
                {t("sheets:prices.open")}
              </Button>
            )}
            {can(LABELS_PERMISSION) && (
              <Button variant="default" leftSection={<IconTags size={16} />} onClick={() => setLabels([])} data-testid="items-labels">
                {t("labels:open")}
              </Button>
            )}
            {can("items/import") && (
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} />}
                onClick={() => setImporting(true)}
                data-testid="items-import"
              >
                {t("import.open")}
              </Button>
            )}
            {can("items/store") && (
              <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="items-add">
                {t("items.add")}
              </Button>
            )}
          </>
        }
        actions={[
          { key: "edit", label: "common:edit", icon: IconEdit, permission: "items/update", onClick: (r) => setEditing(r.item_id) },
          {
            key: "labels",
            label: "labels:open",
            icon: IconTags,
            permission: LABELS_PERMISSION,
            onClick: (r) => setLabels([{ item_id: r.item_id, quantity: 1 }]),
          },
          {
            key: "online",
            label: "catalogue:online.toggle",
            icon: IconWorld,
            permission: "items/activate",
            onClick: (r) => online.mutate({ id: r.item_id, online: !r.is_active_online }),
          },
          { key: "delete", label: "common:delete", icon: IconTrash, color: "red", permission: "items/destroy", onClick: del.ask },
        ]}
      />
      {editing !== null && <ItemForm id={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {importing && <ItemImportDialog onClose={() => setImporting(false)} />}
      {labels && <Labels initial={labels} canAdd onClose={() => setLabels(null)} />}
      {pricing && <PriceSheetDialog query={listed} onClose={() => setPricing(false)} />}
      {del.dialog}
    </>
  );
}
