import { PRODUCT_NAME } from "@app/contracts";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** Every page title starts with the product name (SPEC §2). */
export function usePageTitle(titleKey: string) {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title must follow a language switch
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${t(titleKey)}`;
  }, [t, titleKey, i18n.language]);
}

export function PageTitle({ titleKey }: { titleKey: string }) {
  usePageTitle(titleKey);
  return null;
}
