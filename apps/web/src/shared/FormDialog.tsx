import { Button, Group, Stack, Tabs, Text } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../app/LoadingScreen";
import { AppDialog } from "./DialogHeader";
import { enterMovesOn } from "./enterMovesOn";
import { useFocusReturn } from "./useFocusReturn";

export interface FormDialogTab {
  value: string;
  label: ReactNode;
  icon?: ReactNode;
  testId?: string;
}

interface Props {
  title: string;
  icon: ReactNode;
  onClose: () => void;
  /** Called on Save and on Enter (not in a document's line); the dialog never lets the browser validate or submit. */
  onSubmit: () => void;
  saving: boolean;
  /** While the record being edited loads, the dialog shows a loader instead of the form. */
  loading?: boolean;
  /** A Mantine size ("md", "xl") or a width ("72rem"). */
  size?: string;
  /**
   * Tabs above the fields; the children are then the `Tabs.Panel`s. Panels not shown are not
   * mounted, so the form's values, not the inputs, keep what was typed.
   */
  tabs?: { items: FormDialogTab[]; value: string; onChange: (value: string) => void };
  /** The least height of the fields' area, so switching tabs does not make the dialog jump. */
  minBodyHeight?: number;
  testId: string;
  saveTestId: string;
  children: ReactNode;
}

/** The add/edit dialog every form shares: header, the fields (optionally in tabs), then Cancel and Save. */
export function FormDialog({
  title,
  icon,
  onClose,
  onSubmit,
  saving,
  loading = false,
  size = "md",
  tabs,
  minBodyHeight,
  testId,
  saveTestId,
  children,
}: Props) {
  const { t } = useTranslation();
  useFocusReturn();
  const changed = useRef(false);
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) keep.current?.focus();
  }, [asking]);

  // The first field takes the focus, not the header's close button (Enter would close the form).
  // Marked as it mounts, Mantine's focus trap (which runs on a zero timeout) focuses it; a form
  // shown after its record has loaded comes after the trap, so it is focused here too.
  const formRef = useCallback((form: HTMLFormElement | null) => {
    const field = form?.querySelector<HTMLElement>(FIRST_FIELD);
    if (!field) return;
    field.setAttribute("data-autofocus", "");
    setTimeout(() => field.isConnected && field.focus({ preventScroll: true }));
  }, []);

  // A change is anything typed, ticked or picked in the form (a picked option or day sits in a
  // dropdown outside the form, so the document is listened to while the dialog is open).
  useEffect(() => {
    const picked = (e: PointerEvent) => {
      if (e.target instanceof Element && e.target.closest('[role="option"], .mantine-DatePicker-day, .mantine-DateInput-day'))
        changed.current = true;
    };
    document.addEventListener("pointerdown", picked, true);
    return () => document.removeEventListener("pointerdown", picked, true);
  }, []);

  /** Esc, Cancel and the close button ask before a changed form is thrown away. */
  const requestClose = () => {
    if (asking) return;
    if (changed.current && !saving) setAsking(true);
    else onClose();
  };

  // Physical keys, so Ctrl+S saves on Arabic and Kurdish keyboard layouts too.
  useHotkeys([["mod+S", () => !saving && !loading && !asking && onSubmit(), { usePhysicalKeys: true }]], []);

  // The question takes the place of the buttons, inside the same dialog: nothing stacks over it.
  const footer = asking ? (
    <Stack gap="xs" data-testid="discard-changes">
      <Text size="sm" fw={500}>
        {t("common:discardQuestion")}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => setAsking(false)} ref={keep} data-testid="discard-keep">
          {t("common:keepEditing")}
        </Button>
        <Button color="red" onClick={onClose} data-testid="discard-yes">
          {t("common:discard")}
        </Button>
      </Group>
    </Stack>
  ) : (
    <Group justify="flex-end">
      <Button variant="default" onClick={requestClose}>
        {t("common:cancel")}
      </Button>
      <Button type="submit" loading={saving} data-testid={saveTestId}>
        {t("common:save")}
      </Button>
    </Group>
  );
  return (
    <AppDialog onClose={requestClose} size={size} testId={testId} title={title} icon={icon}>
      {loading ? (
        <PageLoader />
      ) : (
        <form
          ref={formRef}
          noValidate
          onInput={() => {
            changed.current = true;
          }}
          onChange={() => {
            changed.current = true;
          }}
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
          // Enter in a document's line moves on to the next field; elsewhere it saves, as Save does.
          onKeyDown={(e) => enterMovesOn(e, false)}
        >
          {tabs ? (
            <>
              <Tabs value={tabs.value} onChange={(v) => v && tabs.onChange(v)} keepMounted={false}>
                <Tabs.List px="lg" pt="sm">
                  {tabs.items.map((tab) => (
                    <Tabs.Tab key={tab.value} value={tab.value} leftSection={tab.icon} data-testid={tab.testId}>
                      {tab.label}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                <Stack p="lg" gap="md" mih={minBodyHeight}>
                  {children}
                </Stack>
              </Tabs>
              <Stack px="lg" pb="lg">
                {footer}
              </Stack>
            </>
          ) : (
            <Stack p="lg" gap="md" mih={minBodyHeight}>
              {children}
              {footer}
            </Stack>
          )}
        </form>
      )}
    </AppDialog>
  );
}

/** The first field a person fills: neither a button nor a read-only or disabled input. */
const FIRST_FIELD = [
  "input:not([type=hidden]):not([type=file]):not([disabled]):not([readonly])",
  "input[aria-haspopup]:not([disabled])",
  "textarea:not([disabled]):not([readonly])",
].join(", ");
