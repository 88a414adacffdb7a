import { Button, Center, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCompassOff, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageTitle } from "./PageTitle";

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle("messages:sectionNotFound");
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" maw={420} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="gray">
          <IconCompassOff size={40} />
        </ThemeIcon>
        <Title order={2}>{t("messages:sectionNotFound")}</Title>
        <Text c="dimmed">{t("common:notFoundHint")}</Text>
        <Button component={Link} to="/">
          {t("common:backHome")}
        </Button>
      </Stack>
    </Center>
  );
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  usePageTitle("messages:forbidden");
  return (
    <Center mih="60vh">
      <Stack align="center" gap="md" maw={420} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange">
          <IconLock size={40} />
        </ThemeIcon>
        <Title order={2}>{t("messages:forbidden")}</Title>
        <Button component={Link} to="/">
          {t("common:backHome")}
        </Button>
      </Stack>
    </Center>
  );
}
