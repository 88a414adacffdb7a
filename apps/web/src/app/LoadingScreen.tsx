import { Center, Loader, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Full-screen spinner shown while the essential data loads after a refresh. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" data-testid="loading-essential-data">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        <Text c="dimmed">{t("common:loadingEssentialData")}</Text>
      </Stack>
    </Center>
  );
}

export function PageLoader() {
  return (
    <Center mih={240}>
      <Loader />
    </Center>
  );
}
