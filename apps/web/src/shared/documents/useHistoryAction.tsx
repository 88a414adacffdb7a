import { logKey } from "@app/contracts";
import { Modal } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { RowAction } from "../DataTable";
import { DocTimeline } from "./DocTimeline";

/**
 * A list's row action "History" for the documents that have no view page of their own (money
 * documents, transfers): it opens the document's timeline (`DocTimeline`) in a dialog. `section`
 * is the permission section of its show key, when it is not the module's.
 */
export function useHistoryAction<Row>(module: string, idOf: (row: Row) => number, section: string = module) {
  const { t } = useTranslation("audit");
  const [shown, setShown] = useState<number | null>(null);
  const action: RowAction<Row> = {
    key: "history",
    label: "audit:timeline",
    icon: IconHistory,
    permission: [`${section}/show`, logKey(section)],
    onClick: (row) => setShown(idOf(row)),
  };
  const dialog = (
    <Modal
      opened={shown !== null}
      onClose={() => setShown(null)}
      title={t("timeline")}
      size="lg"
      closeButtonProps={{ "aria-label": t("close") }}
    >
      {shown !== null && <DocTimeline module={module} recordId={shown} empty />}
    </Modal>
  );
  return { action, dialog };
}
