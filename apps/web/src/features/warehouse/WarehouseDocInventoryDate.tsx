import { Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import { inventoriesListQuery } from "../../shared/api/settings";
import { DateField } from "../../shared/DateField";
import { useSeededNames } from "../../shared/seededNames";

interface Props {
  /** A new document takes the system's default inventory (the caller's first when they do not use it). */
  isNew: boolean;
  inventoryId: string;
  onInventory: (id: string) => void;
  date: string;
  onDate: (day: string) => void;
  error: (field: string) => string | undefined;
  /** Prefix of the two fields' test ids: `{prefix}-inventory`, `{prefix}-date`. */
  testId: string;
}

/** The system configuration's default inventory when the user uses it, else the first of theirs. */
export function preferredInventory(list: readonly { inventory_id: number }[] | undefined, defaultId: number | null | undefined) {
  return list?.find((i) => i.inventory_id === defaultId)?.inventory_id ?? list?.[0]?.inventory_id;
}

/** The inventory (of those the user may use) and the date every warehouse document starts with. */
export function WarehouseDocInventoryDate({ isNew, inventoryId, onInventory, date, onDate, error, testId }: Props) {
  const { t } = useTranslation("warehousedocs");
  const names = useSeededNames();
  const inventories = useQuery(inventoriesListQuery);
  const { systemConfig } = useSession();
  const start = preferredInventory(inventories.data, systemConfig.default_inventory_fk);
  useEffect(() => {
    if (isNew && !inventoryId && start) onInventory(String(start));
  }, [isNew, inventoryId, start, onInventory]);
  return (
    <>
      <Select
        label={t("fields.inventory")}
        withAsterisk
        data={(inventories.data ?? []).map((i) => ({ value: String(i.inventory_id), label: names.inventory(i.inventory_name) }))}
        value={inventoryId || null}
        onChange={(v) => onInventory(v ?? "")}
        error={error("inventory_id")}
        data-testid={`${testId}-inventory`}
      />
      <DateField
        label={t("fields.date")}
        value={date || null}
        onChange={(v) => onDate(v ?? "")}
        error={error("date")}
        data-testid={`${testId}-date`}
      />
    </>
  );
}
