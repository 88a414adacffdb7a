import { ActionIcon, Table } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { MoneyInput } from "../../shared/MoneyInput";
import { WarehouseDocItemSelect } from "./WarehouseDocItemSelect";
import { WarehouseDocUnitSelect } from "./WarehouseDocUnitSelect";
import type { PickedItem } from "./warehouseDocs.queries";

/** What every editable line of a warehouse document has: an item, one of its units and a quantity. */
export interface ItemLine {
  item: PickedItem | null;
  unit_id: string;
  /** The saved unit's name, shown until the item is chosen again. */
  unit_name?: string;
  quantity: string;
}

/**
 * The item, unit and quantity cells of line `index`. Choosing an item takes the unit `unitOf`
 * picks and whatever else `onItem` resets; messages come from the form as `lines.N.field`.
 */
export function ItemUnitQuantityCells<L extends ItemLine>({
  line,
  index,
  onChange,
  error,
  unitOf,
  onItem,
}: {
  line: L;
  index: number;
  onChange: (patch: Partial<L>) => void;
  error: (field: string) => string | undefined;
  unitOf: (item: PickedItem) => number | null | undefined;
  onItem?: Partial<L>;
}) {
  const { t } = useTranslation("warehousedocs");
  const at = (field: string) => error(`lines.${index}.${field}`);
  return (
    <>
      <Table.Td>
        <WarehouseDocItemSelect
          label={t("fields.item")}
          value={line.item}
          onChange={(item) => onChange({ ...onItem, item, unit_id: item ? String(unitOf(item) ?? "") : "" } as Partial<L>)}
          error={at("item_id")}
          testId="line-item"
        />
      </Table.Td>
      <Table.Td>
        <WarehouseDocUnitSelect
          item={line.item}
          savedName={line.unit_name}
          value={line.unit_id}
          onChange={(unit_id) => onChange({ unit_id } as Partial<L>)}
          error={at("unit_id")}
        />
      </Table.Td>
      <Table.Td>
        <MoneyInput
          aria-label={t("fields.quantity")}
          size="xs"
          w={110}
          zeroWhenEmpty={false}
          value={line.quantity}
          onChange={(quantity) => onChange({ quantity } as Partial<L>)}
          error={at("quantity")}
          data-testid="line-quantity"
        />
      </Table.Td>
    </>
  );
}

/** The last cell of an editable line: removes it (the last line stays). */
export function RemoveLineCell({ disabled, onRemove }: { disabled: boolean; onRemove: () => void }) {
  const { t } = useTranslation("warehousedocs");
  return (
    <Table.Td>
      <ActionIcon variant="subtle" color="red" aria-label={t("removeLine")} disabled={disabled} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Table.Td>
  );
}
