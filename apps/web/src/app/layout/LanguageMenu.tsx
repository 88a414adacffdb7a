import { LANGUAGES, type Language } from "@app/contracts";
import { ActionIcon, Menu, Tooltip } from "@mantine/core";
import { IconCheck, IconLanguage } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { setLanguage } from "../i18n";

/** Each language is named in its own script, so a reader finds theirs whatever is shown now. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ar: "العربية", ckb: "کوردی" };

export function LanguageMenu({ onChange, defaultOpened }: { onChange?: (lang: Language) => void; defaultOpened?: boolean }) {
  const { t, i18n } = useTranslation("nav");
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={defaultOpened}>
      <Menu.Target>
        <Tooltip label={t("common:language")}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("common:language")} data-testid="language-menu">
            <IconLanguage size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((lang) => (
          <Menu.Item
            key={lang}
            lang={lang}
            data-testid={`language-${lang}`}
            rightSection={i18n.language === lang ? <IconCheck size={14} /> : null}
            onClick={() => {
              void setLanguage(lang);
              onChange?.(lang);
            }}
          >
            {LANGUAGE_NAMES[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
