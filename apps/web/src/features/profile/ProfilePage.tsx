import { LANGUAGES, type Language, ZChangePassword } from "@app/contracts";
import {
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useMantineColorScheme,
} from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { setLanguage } from "../../app/i18n";
import { LANGUAGE_NAMES } from "../../app/layout/LanguageMenu";
import { meQuery, useCan, usePageSizes, useSession } from "../../app/session";
import { api } from "../../shared/api/client";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { PasswordStrength } from "../../shared/PasswordStrength";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { TwoFactorCard } from "./TwoFactorCard";

function ChangePassword() {
  const { t } = useTranslation("profile");
  const { me } = useSession();
  const form = useZodForm({ old_password: "", new_password: "", new_password_confirmation: "" });
  const change = useMutation({
    mutationFn: (body: typeof form.values) => api<{ message: string }>("auth/change_password", { method: "POST", body }),
    meta: { silent: true },
    onSuccess: (res) => {
      notifySuccess(res.message);
      form.reset({ old_password: "", new_password: "", new_password_confirmation: "" });
    },
    onError: (err) => {
      if (!form.applyServerErrors(err)) notifyError(err);
    },
  });
  const field = (key: keyof typeof form.values, autoComplete: string) => (
    <PasswordInput
      label={t(`fields.${key}`)}
      withAsterisk
      value={form.values[key]}
      onChange={(e) => form.set(key, e.currentTarget.value)}
      error={form.error(key)}
      name={key}
      autoComplete={autoComplete}
    />
  );
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={4} mb="md">
        {t("changePassword")}
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const body = form.validate(ZChangePassword);
          if (body) change.mutate(body);
        }}
      >
        <Stack gap="md">
          {field("old_password", "current-password")}
          <Stack gap={4}>
            {field("new_password", "new-password")}
            <PasswordStrength password={form.values.new_password} userInputs={[me.email, me.user_name, me.user_full_name ?? ""]} />
          </Stack>
          {field("new_password_confirmation", "new-password")}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} data-testid="change-password-save">
              {t("changePassword")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function Preferences() {
  const { t, i18n } = useTranslation("profile");
  const { me } = useSession();
  const { sizes, initial } = usePageSizes();
  const queryClient = useQueryClient();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const save = useMutation({
    mutationFn: (body: Record<string, string | number>) => api<{ message: string }>("auth/profile", { method: "POST", body }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    },
  });
  return (
    <Card withBorder radius="lg" p="lg">
      <Title order={4} mb="md">
        {t("preferences")}
      </Title>
      <Stack gap="md">
        <Select
          label={t("language")}
          allowDeselect={false}
          data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          value={i18n.language}
          onChange={(v) => {
            if (!v) return;
            void setLanguage(v as Language);
            save.mutate({ lang: v });
          }}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t("theme")}
          </Text>
          <SegmentedControl
            value={colorScheme === "dark" ? "dark" : "light"}
            data={[
              { value: "light", label: t("light") },
              { value: "dark", label: t("dark") },
            ]}
            onChange={(v) => {
              setColorScheme(v as "light" | "dark");
              save.mutate({ theme: v });
            }}
          />
        </div>
        <Select
          label={t("pageSize")}
          allowDeselect={false}
          data={sizes.map(String)}
          value={String(me.pagination_default || initial)}
          onChange={(v) => v && save.mutate({ pagination_default: Number(v) })}
        />
      </Stack>
    </Card>
  );
}

export function ProfilePage() {
  const { t } = useTranslation("profile");
  const names = useSeededNames();
  const { me } = useSession();
  const can = useCan();
  const name = me.user_full_name || me.user_name;
  return (
    <>
      <PageHeader title={t("title")} />
      <Card withBorder radius="lg" p="lg" mb="lg">
        <Group gap="lg">
          <Avatar size={64} radius="xl" color="teal">
            {name.slice(0, 2).toUpperCase()}
          </Avatar>
          <Stack gap={2}>
            <Title order={3}>{name}</Title>
            <Text c="dimmed">{me.email}</Text>
            <Group gap={6} mt={4}>
              {me.is_cashier && <Badge variant="light">{t("cashier")}</Badge>}
              <Badge variant="light" color="indigo">
                {t("roles:permissionCount", { count: me.permissions.length })}
              </Badge>
              {me.inventories.map((inv) => (
                <Badge key={inv.inventory_id} variant="outline" color={inv.is_active ? "teal" : "gray"}>
                  {names.inventory(inv.inventory_name)}
                </Badge>
              ))}
            </Group>
          </Stack>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Preferences />
        {can("profile/change_password") && <ChangePassword />}
        <TwoFactorCard />
      </SimpleGrid>
    </>
  );
}
