import { ActionIcon, Select, Table, Text, TextInput } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PickItem } from "../api/purchases";
import { MoneyInput } from "../MoneyInput";
import { useSeededNames } from "../seededNames";
import { ItemPicker } from "./ItemPicker";

/** The editable part every document line shares: unit, quantity, bonus and unit price. */
export interface EditableLine {
  item: PickItem | null;
  unit_id: string;
  quantity: string;
  bonus: string;
  unit_price: string;
}

/** A stored line's item as the picker holds it: the item with the one unit the line uses. */
export const pickItemOf = (l: {
  item_fk: number;
  item_name: string;
  has_expire: boolean;
  unit_fk: number;
  unit_name: string;
  unit_base_qty: string;
}): PickItem => ({
  item_id: l.item_fk,
  item_name: l.item_name,
  item_code: null,
  has_expire: l.has_expire,
  default_unit: l.unit_fk,
  item_units: [
    {
      item_unit_id: 0,
      unit_fk: l.unit_fk,
      unit_name: l.unit_name,
      quantity: l.unit_base_qty,
      price: "0",
      is_base: false,
      is_default: true,
    },
  ],
});

/** The unit a line takes when its item is picked: the item's default unit. */
export const defaultUnitOf = (item: PickItem | null) =>
  item ? String(item.default_unit ?? item.item_units.find((u) => u.is_default)?.unit_fk ?? "") : "";

/**
 * The item cell: an item by name, code or barcode (`{testId}`, `line-item` unless said); `onPick`
 * gets it with its default unit. `children` show under it (why the line's price is what it is).
 */
export function ItemCell({
  label,
  value,
  onPick,
  error,
  testId = "line-item",
  width = 220,
  children,
}: {
  label: string;
  value: PickItem | null;
  onPick: (item: PickItem | null, unitId: string) => void;
  error?: string | undefined;
  testId?: string;
  width?: number;
  children?: ReactNode;
}) {
  return (
    <Table.Td miw={width}>
      <ItemPicker
        inline
        label={label}
        value={value}
        onChange={(item, unit) => onPick(item, unit ? String(unit) : defaultUnitOf(item))}
        error={error}
        testId={testId}
      />
      {children}
    </Table.Td>
  );
}

/** A cell of an amount typed as the reader types it (the quantity, a price): its label is its accessible name. */
export function AmountCell({
  label,
  value,
  onChange,
  error,
  testId,
  width = 100,
  placeholder,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  testId: string;
  width?: number;
  placeholder?: string;
  disabled?: boolean;
}) {
  return (
    <Table.Td miw={width}>
      <MoneyInput
        aria-label={label}
        value={value}
        zeroWhenEmpty={false}
        placeholder={placeholder}
        disabled={disabled}
        onChange={onChange}
        error={error}
        data-testid={testId}
      />
    </Table.Td>
  );
}

/** The unit cell: one of the item's units. */
export function UnitCell({
  line,
  onChange,
  error,
  testId,
}: {
  line: Pick<EditableLine, "item" | "unit_id">;
  onChange: (unitId: string) => void;
  error?: string | undefined;
  testId?: string;
}) {
  const { t } = useTranslation("purchases");
  const names = useSeededNames();
  return (
    <Table.Td miw={120}>
      <Select
        aria-label={t("fields.unit")}
        allowDeselect={false}
        data={(line.item?.item_units ?? []).map((u) => ({ value: String(u.unit_fk), label: names.unit(u.unit_name) }))}
        value={line.unit_id || null}
        onChange={(val) => onChange(val ?? "")}
        error={error}
        data-testid={testId}
      />
    </Table.Td>
  );
}

/**
 * Quantity, bonus and unit price as typed (thousands separators, Arabic-Indic digits), each with
 * its message; test ids `{prefix}-quantity`, `{prefix}-bonus`, `{prefix}-price`.
 */
export function AmountCells({
  line,
  onChange,
  error,
  prefix,
  bonusLabel = "fields.bonus",
}: {
  line: EditableLine;
  onChange: (patch: Partial<EditableLine>) => void;
  error: (field: string) => string | undefined;
  prefix: string;
  bonusLabel?: string;
}) {
  const { t } = useTranslation("purchases");
  const cells = [
    { field: "quantity", label: "fields.quantity", testId: `${prefix}-quantity`, width: 100 },
    { field: "bonus", label: bonusLabel, testId: `${prefix}-bonus`, width: 90 },
    { field: "unit_price", label: "fields.unit_price", testId: `${prefix}-price`, width: 120 },
  ] as const;
  return (
    <>
      {cells.map((c) => (
        <AmountCell
          key={c.field}
          label={t(c.label)}
          width={c.width}
          value={line[c.field]}
          onChange={(val) => onChange({ [c.field]: val })}
          error={error(c.field)}
          testId={c.testId}
        />
      ))}
    </>
  );
}

/** The last cell of an editable line: removes it (never the only line). */
export function RemoveLineCell({ disabled, onRemove }: { disabled: boolean; onRemove: () => void }) {
  const { t } = useTranslation("purchases");
  return (
    <Table.Td>
      <ActionIcon variant="subtle" color="red" aria-label={t("actions.removeLine")} disabled={disabled} onClick={onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Table.Td>
  );
}

/** The remove cell of line `index` of `lines`: `onChange` gets the lines without it (never the only line). */
export function RemoveLineOf<L>({ lines, index, onChange }: { lines: readonly L[]; index: number; onChange: (lines: L[]) => void }) {
  return <RemoveLineCell disabled={lines.length === 1} onRemove={() => onChange(lines.filter((_, j) => j !== index))} />;
}

/** The batch cell: the batch as text when the document it comes from fixes it, else typed. */
export function BatchCell({
  fixed,
  label,
  value,
  onChange,
}: {
  fixed: boolean;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Table.Td miw={110}>
      {fixed ? (
        <Text size="sm">{value}</Text>
      ) : (
        <TextInput aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
      )}
    </Table.Td>
  );
}
