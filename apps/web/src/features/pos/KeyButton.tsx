import { Button, type ButtonProps, Kbd } from "@mantine/core";
import { keyLabel, type PosAction } from "./usePosKeys";

/** A button of the till with its key shown on it. */
export function KeyButton({
  action,
  label,
  ...rest
}: { action: PosAction; label: string } & ButtonProps & { onClick?: () => void; disabled?: boolean }) {
  return (
    <Button
      variant="default"
      rightSection={
        <Kbd size="xs" dir="ltr">
          {keyLabel(action)}
        </Kbd>
      }
      data-testid={`pos-${action}`}
      {...rest}
    >
      {label}
    </Button>
  );
}
