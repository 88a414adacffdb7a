import { Button } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The fields of a bill's line: the browser's own input and list, styled like the rest of the
 * screen (pos.css). Every line has three, so they are kept light: quick to draw on each scan, and
 * no input framework on the screen's first load.
 */
export function BillNumberInput({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId?: string;
}) {
  return (
    <input
      className="pos-field"
      dir="ltr"
      inputMode="decimal"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value.replace(/[^0-9.]/g, ""))}
      data-testid={testId}
    />
  );
}

export function BillSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (v: string) => void;
}) {
  return (
    <select className="pos-field pos-select" aria-label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

type Discount = { type: "amount" | "percent"; value: string };

/**
 * A line's discount: an amount in the bill's currency or a percent of the line (at most 100), as
 * the sale screen offers. The button beside the field switches between the two.
 */
export function DiscountInput({
  value,
  currency,
  onChange,
}: {
  value: Discount | null;
  currency: string;
  onChange: (v: Discount | null) => void;
}) {
  const { t } = useTranslation("pos");
  const [kind, setKind] = useState<Discount["type"]>(value?.type ?? "amount");
  const type = value?.type ?? kind;
  const set = (type: Discount["type"], v: string) => {
    const capped = type === "percent" && Number(v) > 100 ? "100" : v;
    onChange(capped ? { type, value: capped } : null);
  };
  return (
    <span className="pos-discount">
      <Button
        size="compact-xs"
        variant="default"
        miw={40}
        aria-label={t("discountKind", { kind: type === "percent" ? "%" : currency })}
        data-testid="pos-discount-kind"
        onClick={() => {
          const next = type === "percent" ? "amount" : "percent";
          setKind(next);
          if (value) set(next, value.value);
        }}
      >
        {type === "percent" ? "%" : currency}
      </Button>
      <BillNumberInput label={t("discount")} value={value?.value ?? ""} onChange={(v) => set(type, v)} testId="pos-discount" />
    </span>
  );
}
