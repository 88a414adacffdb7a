import { TextInput } from "@mantine/core";

/** A small quantity or amount field of the till: digits and a point, left to right. */
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
  return (
    <TextInput
      size="xs"
      w={90}
      dir="ltr"
      inputMode="decimal"
      aria-label={label}
      value={value}
      error={error}
      disabled={disabled}
      onChange={(e) => onChange(e.currentTarget.value.replace(/[^0-9.]/g, ""))}
      data-testid={testId}
    />
  );
}
