import { Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useSeededNames } from "../../shared/seededNames";
import type { PickedItem } from "./warehouseDocs.queries";

/** One of the chosen item's units (a document saved earlier keeps its unit until the item is chosen again). */
export function WarehouseDocUnitSelect({
  item,
  value,
  onChange,
  error,
  savedName,
}: {
  item: PickedItem | null;
  value: string;
  onChange: (unitId: string) => void;
  error?: string;
  savedName?: string;
}) {
  const { t } = useTranslation("warehousedocs");
  const names = useSeededNames();
  const units = (item?.item_units ?? []).map((u) => ({ value: String(u.unit_fk), label: names.unit(u.unit_name) }));
  const data = units.length || !value ? units : [{ value, label: names.unit(savedName ?? "") }];
  return (
    <Select
      aria-label={t("fields.unit")}
      size="xs"
      w={120}
      data={data}
      value={value || null}
      onChange={(v) => onChange(v ?? "")}
      error={error}
      data-testid="line-unit"
    />
  );
}
