import { CURRENCY_IQD } from "@app/contracts";
import { ActionIcon, Badge, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../shared/amount";
import { useSeededLabels } from "../../shared/seededLabels";
import { BillNumberInput, BillSelect, DiscountInput } from "./BillInputs";
import type { PricedBillLine } from "./bill";
import type { BillLineState } from "./posDb";

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
    const names = useSeededLabels();
    const money = (v: string) => formatAmount(v, currencyId === CURRENCY_IQD ? 0 : 2);
    return (
      <tr className={selected ? "pos-selected" : undefined} onClick={() => onSelect(i)} data-testid="pos-line">
        <td>
          <Text fw={500}>{l.item.item_name}</Text>
          {l.promotion_title && (
            <Badge size="sm" color="grape" data-testid="pos-promotion">
              {l.promotion_title}
              {l.priced.free_quantity !== "0" ? ` +${l.priced.free_quantity}` : ""}
            </Badge>
          )}
        </td>
        <td>
          <BillSelect
            label={t("unit")}
            options={l.item.units.map((u) => ({ value: String(u.item_unit_id), label: names.unit(u.unit_name) }))}
            value={String(l.unit.item_unit_id)}
            onChange={(v) => onChange(i, { item_unit_id: Number(v) })}
          />
        </td>
        <td>
          <BillNumberInput
            label={t("quantity")}
            value={l.state.quantity}
            onChange={(v) => onChange(i, { quantity: v || "0" })}
            testId="pos-qty"
          />
        </td>
        <td dir="ltr">{money(l.priced.unit_price)}</td>
        {canDiscount && (
          <td>
            <DiscountInput
              value={l.state.discount}
              currency={currencyId === CURRENCY_IQD ? "IQD" : "USD"}
              onChange={(discount) => onChange(i, { discount })}
            />
          </td>
        )}
        <td dir="ltr" className="pos-strong">
          {money(l.priced.total)}
        </td>
        <td>
          <ActionIcon variant="subtle" color="red" aria-label={t("remove")} onClick={() => onRemove(i)}>
            <IconTrash size={16} />
          </ActionIcon>
        </td>
      </tr>
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
