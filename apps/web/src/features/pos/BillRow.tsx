import { CURRENCY_IQD } from "@app/contracts";
import { ActionIcon, Badge, Select, Table, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../shared/format";
import { useSeededNames } from "../../shared/seededNames";
import type { PricedBillLine } from "./bill";
import type { BillLineState } from "./posDb";
import { QtyInput } from "./QtyInput";

interface Props {
  line: PricedBillLine;
  index: number;
  selected: boolean;
  canDiscount: boolean;
  currencyId: number;
  onSelect: (i: number) => void;
  onChange: (i: number, patch: Partial<BillLineState>) => void;
  onRemove: (i: number) => void;
}

/**
 * One line of the bill. Memoised on what it shows, so a scan renders the new line only and not
 * the whole bill again (scan to line stays quick on a long bill).
 */
export const BillRow = memo(
  function BillRow({ line: l, index: i, selected, canDiscount, currencyId, onSelect, onChange, onRemove }: Props) {
    const { t } = useTranslation("pos");
    const names = useSeededNames();
    const money = (v: string) => formatAmount(v, currencyId === CURRENCY_IQD ? 0 : 2);
    return (
      <Table.Tr className={selected ? "pos-selected" : undefined} onClick={() => onSelect(i)} data-testid="pos-line">
        <Table.Td>
          <Text fw={500}>{l.item.item_name}</Text>
          {l.promotion_title && (
            <Badge size="sm" color="grape" data-testid="pos-promotion">
              {l.promotion_title}
              {l.priced.free_quantity !== "0" ? ` +${l.priced.free_quantity}` : ""}
            </Badge>
          )}
        </Table.Td>
        <Table.Td>
          <Select
            size="xs"
            w={110}
            aria-label={t("unit")}
            data={l.item.units.map((u) => ({ value: String(u.item_unit_id), label: names.unit(u.unit_name) }))}
            value={String(l.unit.item_unit_id)}
            onChange={(v) => v && onChange(i, { item_unit_id: Number(v) })}
            allowDeselect={false}
          />
        </Table.Td>
        <Table.Td>
          <QtyInput label={t("quantity")} value={l.state.quantity} onChange={(v) => onChange(i, { quantity: v || "0" })} testId="pos-qty" />
        </Table.Td>
        <Table.Td dir="ltr">{money(l.priced.unit_price)}</Table.Td>
        {canDiscount && (
          <Table.Td>
            <QtyInput
              label={t("discount")}
              value={l.state.discount?.value ?? ""}
              onChange={(v) => onChange(i, { discount: v ? { type: "amount", value: v } : null })}
            />
          </Table.Td>
        )}
        <Table.Td dir="ltr" fw={600}>
          {money(l.priced.total)}
        </Table.Td>
        <Table.Td>
          <ActionIcon variant="subtle" color="red" aria-label={t("remove")} onClick={() => onRemove(i)}>
            <IconTrash size={16} />
          </ActionIcon>
        </Table.Td>
      </Table.Tr>
    );
  },
  (a, b) =>
    a.line.state === b.line.state &&
    a.line.priced.total === b.line.priced.total &&
    a.line.priced.unit_price === b.line.priced.unit_price &&
    a.line.priced.free_quantity === b.line.priced.free_quantity &&
    a.line.promotion_title === b.line.promotion_title &&
    a.index === b.index &&
    a.selected === b.selected &&
    a.canDiscount === b.canDiscount &&
    a.currencyId === b.currencyId &&
    a.onSelect === b.onSelect &&
    a.onChange === b.onChange &&
    a.onRemove === b.onRemove,
);
