import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMenu } from "../../app/layout/useMenu";
import { useSession } from "../../app/session";
import { BackupAlert } from "../../shared/BackupAlert";
import { useFormat } from "../../shared/format";

/** The home tile grid (SPEC §2): one tile per screen the user may open. */
export function HomePage() {
  const { t } = useTranslation("home");
  const { me, systemConfig } = useSession();
  const { tiles } = useMenu();
  const fmt = useFormat();
  const hour = new Date().getHours();
  const greeting = hour < 12 ? t("goodMorning") : hour < 18 ? t("goodAfternoon") : t("goodEvening");

  return (
    <Stack gap="xl">
      <BackupAlert />
      <Card radius="lg" p="xl" className="home-banner" withBorder>
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Text c="dimmed" size="sm">
              {systemConfig.shop_name}
            </Text>
            <Title order={2}>{t("greeting", { greeting, name: me.user_full_name || me.user_name })}</Title>
            <Text c="dimmed">{t("subtitle")}</Text>
          </Stack>
          <Group gap={8}>
            <IconCalendar size={18} />
            <Text fw={500}>{fmt.date(new Date())}</Text>
          </Group>
        </Group>
      </Card>

      <div>
        {/* Under the greeting's h2: the next level, in the look of an h4. */}
        <Title order={3} size="h4" mb="md">
          {t("quickAccess")}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4, xl: 6 }} spacing="md" data-testid="home-tiles">
          {tiles.map((f) => (
            <Card key={f.key} component={Link} to={f.path} withBorder radius="lg" p="lg" className="tile" data-testid={`tile-${f.key}`}>
              <Stack gap="md" align="flex-start">
                <ThemeIcon size={48} radius="md" variant="light">
                  <f.icon size={26} stroke={1.6} />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{t(`nav:items.${f.key}`)}</Text>
                  <Text size="xs" c="dimmed">
                    {t(`nav:hints.${f.key}`)}
                  </Text>
                </div>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        {tiles.length === 0 && <Text c="dimmed">{t("noTiles")}</Text>}
      </div>
    </Stack>
  );
}
