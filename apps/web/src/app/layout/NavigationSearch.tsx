import { Group, Kbd, Modal, Stack, Text, TextInput, UnstyledButton } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { foldedIncludes } from "../../shared/textSearch";
import { useMenu } from "./useMenu";

/** The navigation opened with ctrl+comma: every screen the user may open, filtered as they type. */
export function NavigationSearch({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation("nav");
  const { all, areas } = useMenu();
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const areaOf = (key: string) => areas.find((a) => a.items.some((f) => f.key === key))?.key;
  const q = query.trim();
  const matches = all.filter((f) => !q || foldedIncludes(t(`items.${f.key}`), q) || foldedIncludes(f.path, q));
  const open = (path: string) => {
    onClose();
    setQuery("");
    void navigate(path);
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t("navigation")}
      size="md"
      attributes={{ content: { "data-testid": "navigation-search" } }}
    >
      <TextInput
        data-autofocus
        leftSection={<IconSearch size={16} />}
        placeholder={t("searchScreens")}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && matches[0]) open(matches[0].path);
        }}
        mb="sm"
      />
      <Stack gap={4}>
        {matches.map((f) => {
          const area = areaOf(f.key);
          return (
            <UnstyledButton key={f.key} onClick={() => open(f.path)} className="nav-search-item">
              <Group gap="sm" wrap="nowrap">
                <f.icon size={18} stroke={1.6} />
                <div>
                  <Text size="sm" fw={500}>
                    {t(`items.${f.key}`)}
                  </Text>
                  {area && (
                    <Text size="xs" c="dimmed">
                      {t(`areas.${area}`)}
                    </Text>
                  )}
                </div>
              </Group>
            </UnstyledButton>
          );
        })}
        {matches.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {t("messages:nothingFound")}
          </Text>
        )}
      </Stack>
      <Group justify="flex-end" mt="sm" gap={4}>
        <Kbd dir="ltr">{t("shortcut")}</Kbd>
      </Group>
    </Modal>
  );
}
