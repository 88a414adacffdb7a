import { Kbd, Table } from "@mantine/core";
import { useDisclosure, useHotkeys } from "@mantine/hooks";
import { IconKeyboard } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { AppDialog } from "../../shared/DialogHeader";
import { dialogShown } from "../../shared/dialogShown";

/** The keyboard shortcuts, in the order the help lists them. */
const SHORTCUTS = [
  { keys: ["Alt", "N"], label: "shortcuts.add" },
  { keys: ["Ctrl", "S"], label: "shortcuts.save" },
  { keys: ["Enter"], label: "shortcuts.enter" },
  { keys: ["Esc"], label: "shortcuts.close" },
  { keys: ["Ctrl", ","], label: "shortcuts.screens" },
  { keys: ["Shift", "?"], label: "shortcuts.help" },
] as const;

/** Clicks the page's "add" button (marked `data-list-add`) while no dialog is open. */
function addOnPage() {
  if (dialogShown()) return;
  const add = [...document.querySelectorAll<HTMLButtonElement>("button[data-list-add]")].find((b) => !b.disabled && b.offsetParent);
  add?.click();
}

/** Alt+N opens "add" on every list; Shift+? lists the shortcuts. */
export function Shortcuts() {
  const { t } = useTranslation("common");
  const [opened, help] = useDisclosure(false);
  // Physical keys, so the shortcuts work on Arabic and Kurdish keyboard layouts too.
  useHotkeys([["shift+slash", help.open, { usePhysicalKeys: true }]]);
  // Alt+N types nothing, so it works from inside a field too (the list's search box).
  useHotkeys([["alt+N", addOnPage, { usePhysicalKeys: true }]], []);
  return (
    <AppDialog
      opened={opened}
      onClose={help.close}
      size="md"
      testId="shortcuts-help"
      title={t("shortcuts.title")}
      icon={<IconKeyboard size={18} />}
    >
      <Table m="md" w="auto" verticalSpacing="xs">
        <Table.Tbody>
          {SHORTCUTS.map((s) => (
            <Table.Tr key={s.label}>
              <Table.Td style={{ whiteSpace: "nowrap" }} dir="ltr">
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && " + "}
                    <Kbd>{k}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{t(s.label)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </AppDialog>
  );
}
