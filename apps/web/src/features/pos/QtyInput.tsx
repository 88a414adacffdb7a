import { useId } from "react";

/** A small quantity or amount field of the till: digits and a point, left to right; its message shows under it. */
export function QtyInput({
  label,
  value,
  onChange,
  error,
  disabled,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const id = useId();
  return (
    <span className="pos-qty">
      <input
        className="pos-field"
        dir="ltr"
        inputMode="decimal"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? id : undefined}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.value.replace(/[^0-9.]/g, ""))}
        data-testid={testId}
      />
      {error && (
        <span className="pos-input-error" id={id}>
          {error}
        </span>
      )}
    </span>
  );
}
