import { useTranslation } from "react-i18next";
import { BillRow } from "./BillRow";
import type { PricedBill } from "./bill";
import type { BillLineState } from "./posDb";

/** The bill's lines: the selected one takes the quantity and the discount typed. */
export function BillTable({
  bill,
  selected,
  canDiscount,
  currencyId,
  onSelect,
  onChange,
  onRemove,
}: {
  bill: PricedBill | null;
  selected: number;
  canDiscount: boolean;
  currencyId: number;
  onSelect: (i: number) => void;
  onChange: (i: number, patch: Partial<BillLineState>) => void;
  onRemove: (i: number) => void;
}) {
  const { t } = useTranslation("pos");
  return (
    <table className="pos-table">
      <thead>
        <tr>
          <th>{t("item")}</th>
          <th>{t("unit")}</th>
          <th>{t("quantity")}</th>
          <th>{t("price")}</th>
          {canDiscount && <th>{t("discount")}</th>}
          <th>{t("total")}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {bill?.lines.map((l, i) => (
          <BillRow
            key={l.state.id}
            line={l}
            index={i}
            selected={i === selected}
            canDiscount={canDiscount}
            currencyId={currencyId}
            onSelect={onSelect}
            onChange={onChange}
            onRemove={onRemove}
          />
        ))}
      </tbody>
    </table>
  );
}
