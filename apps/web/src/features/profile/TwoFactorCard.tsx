import { ZTwoFactorConfirm, ZTwoFactorDisable, ZTwoFactorEnable } from "@app/contracts";
import { Badge, Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api/client";
import { notifyError, notifySuccess } from "../../shared/notify";
import { EnrolmentCode, RecoveryCodes } from "../../shared/twoFactorParts";
import { useZodForm } from "../../shared/useZodForm";

interface Status {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
}

const statusQuery = {
  queryKey: ["auth", "two_factor"],
  queryFn: async () => (await api<{ data: Status }>("auth/two_factor")).data,
};

/** Profile: turn two-factor sign-in on (password, QR code, first code, recovery codes) or off. */
export function TwoFactorCard() {
  const { t } = useTranslation("profile");
  const queryClient = useQueryClient();
  const status = useQuery(statusQuery);
  const [pending, setPending] = useState<{ secret: string; otpauth_uri: string }>();
  const [recovery, setRecovery] = useState<string[]>();
  const start = useZodForm({ password: "" });
  const confirm = useZodForm({ code: "" });
  const off = useZodForm({ password: "", code: "" });
  const refresh = () => queryClient.invalidateQueries({ queryKey: statusQuery.queryKey });

  const enable = useMutation({
    mutationFn: (body: { password: string }) =>
      api<{ data: { secret: string; otpauth_uri: string } }>("auth/two_factor/enable", { method: "POST", body }),
    meta: { silent: true },
    onSuccess: (res) => setPending(res.data),
    onError: (err) => start.applyServerErrors(err) || notifyError(err),
  });
  const confirmIt = useMutation({
    mutationFn: (body: { code: string }) =>
      api<{ message: string; data: { recovery_codes: string[] } }>("auth/two_factor/confirm", { method: "POST", body }),
    meta: { silent: true },
    onSuccess: (res) => {
      setPending(undefined);
      setRecovery(res.data.recovery_codes);
      notifySuccess(t("twoFactor.turnedOn"));
      void refresh();
    },
    onError: (err) => confirm.applyServerErrors(err) || notifyError(err),
  });
  const disable = useMutation({
    mutationFn: (body: { password: string; code: string }) => api<{ message: string }>("auth/two_factor/disable", { method: "POST", body }),
    meta: { silent: true },
    onSuccess: () => {
      off.reset({ password: "", code: "" });
      setRecovery(undefined);
      notifySuccess(t("twoFactor.turnedOff"));
      void refresh();
    },
    onError: (err) => off.applyServerErrors(err) || notifyError(err),
  });

  return (
    <Card withBorder radius="lg" p="lg" data-testid="two-factor-card">
      <Group justify="space-between" mb="xs">
        <Title order={4}>{t("twoFactor.title")}</Title>
        {status.data && (
          <Badge color={status.data.enabled ? "teal" : "gray"} data-testid="two-factor-status">
            {status.data.enabled ? t("twoFactor.on") : t("twoFactor.off")}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t("twoFactor.hint")}
      </Text>

      {recovery && <RecoveryCodes codes={recovery} mb="md" />}

      {status.data && !status.data.enabled && !pending && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const body = start.validate(ZTwoFactorEnable);
            if (body) enable.mutate(body);
          }}
        >
          <Stack gap="md">
            <PasswordInput label={t("twoFactor.password")} autoComplete="current-password" {...start.text("password")} />
            <Group justify="flex-end">
              <Button type="submit" loading={enable.isPending} data-testid="two-factor-start">
                {t("twoFactor.start")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {pending && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const body = confirm.validate(ZTwoFactorConfirm);
            if (body) confirmIt.mutate(body);
          }}
        >
          <Stack gap="md">
            <EnrolmentCode secret={pending.secret} uri={pending.otpauth_uri} input={confirm.text("code")} />
            <Group justify="flex-end" w="100%">
              <Button variant="default" onClick={() => setPending(undefined)}>
                {t("common:cancel")}
              </Button>
              <Button type="submit" loading={confirmIt.isPending} data-testid="two-factor-confirm">
                {t("twoFactor.confirm")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {status.data?.enabled && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const body = off.validate(ZTwoFactorDisable);
            if (body) disable.mutate(body);
          }}
        >
          <Stack gap="md">
            <Text size="sm">{t("twoFactor.recoveryLeft", { count: status.data.recovery_codes_left })}</Text>
            <PasswordInput label={t("twoFactor.password")} autoComplete="current-password" {...off.text("password")} />
            <TextInput label={t("twoFactor.code")} autoComplete="one-time-code" dir="ltr" {...off.text("code")} />
            <Group justify="flex-end">
              <Button type="submit" color="red" variant="light" loading={disable.isPending} data-testid="two-factor-disable">
                {t("twoFactor.disable")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
