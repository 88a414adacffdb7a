import { Button, Center, Code, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBug } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { isStaleBuild, reloadForNewBuild } from "./staleBuild";

/**
 * Shown instead of a blank page when a screen fails to render. A screen whose code is gone because
 * the product was updated meanwhile loads the page again instead, once, with the new build.
 */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  if (isStaleBuild(error) && reloadForNewBuild()) return null;
  return (
    <Center mih="80vh" p="lg">
      <Stack align="center" gap="md" maw={520} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="red">
          <IconBug size={40} />
        </ThemeIcon>
        <Title order={2}>{t("common:unexpectedError")}</Title>
        <Text c="dimmed">{t("common:errorPageHint")}</Text>
        {error instanceof Error && <Code block>{error.message}</Code>}
        <Button onClick={() => window.location.reload()}>{t("common:retry")}</Button>
      </Stack>
    </Center>
  );
}
