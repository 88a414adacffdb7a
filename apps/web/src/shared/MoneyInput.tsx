import { TextInput, type TextInputProps } from "@mantine/core";
import { useMoneyText } from "./useMoneyText";

type Props = Omit<TextInputProps, "value" | "onChange" | "onBlur"> & {
  /** Plain decimal text ("750000.5"), as forms send it. */
  value: string;
  onChange: (value: string) => void;
  /** Required money fields fall back to 0 when left empty (SPEC §4). */
  zeroWhenEmpty?: boolean;
};

/**
 * The one money input: shows thousands separators as you type (`750,000`), takes them and
 * Arabic-Indic digits when typed or pasted, and hands the form plain decimal text. Its message
 * shows under it.
 */
export function MoneyInput({ value, onChange, zeroWhenEmpty = true, ...rest }: Props) {
  const { ref, inputMode, dir, ...field } = useMoneyText(value, onChange, zeroWhenEmpty);
  return <TextInput ref={ref} inputMode={inputMode} dir={dir} {...rest} {...field} />;
}
