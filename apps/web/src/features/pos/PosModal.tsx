import { Modal, type ModalProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The till's dialogs: open while shown, with a named close button (Esc closes too). */
export function PosModal(props: Omit<ModalProps, "opened">) {
  const { t } = useTranslation();
  return <Modal opened closeButtonProps={{ "aria-label": t("common:close") }} {...props} />;
}
