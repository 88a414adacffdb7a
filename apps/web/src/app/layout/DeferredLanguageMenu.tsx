import { ActionIcon } from "@mantine/core";
import { IconLanguage } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";

const load = () => import("./LanguageMenu");
const LanguageMenu = lazy(async () => ({ default: (await load()).LanguageMenu }));

/**
 * The language menu for the login page: a plain button until first pointed at or clicked, because
 * the menu and its tooltip bring the floating-position library, which the login page otherwise
 * does not need.
 */
export function DeferredLanguageMenu() {
  const { t } = useTranslation("nav");
  const [opened, setOpened] = useState(false);
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t("common:language")}
      title={t("common:language")}
      data-testid="language-menu"
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setOpened(true)}
    >
      <IconLanguage size={20} />
    </ActionIcon>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu defaultOpened />
    </Suspense>
  );
}
