import { ZTwoFactorConfirm } from "@app/contracts";
import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconShieldLock } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api/client";
import { EnrolmentCode, RecoveryCodes } from "../../shared/twoFactorParts";
import { useZodForm } from "../../shared/useZodForm";
import { failureText, LoginForm } from "./loginForm";

/**
 * Enrolment a system setting demands before sign-in: the short-lived token the sign-in handed
 * out reaches only the enable and confirm calls; the password was just typed, so it is not asked
 * again. After the recovery codes, the user signs in with a code.
 */
export function TwoFactorSetup({ token, password, onDone }: { token: string; password: string; onDone: () => void }) {
  const { t } = useTranslation("auth");
  const [pending, setPending] = useState<{ secret: string; otpauth_uri: string }>();
  const [recovery, setRecovery] = useState<string[]>();
  const form = useZodForm({ code: "" });

  const enable = useMutation({
    mutationFn: () =>
      api<{ data: { secret: string; otpauth_uri: string } }>("auth/two_factor/enable", { method: "POST", body: { password }, token }),
    meta: { silent: true },
    onSuccess: (res) => setPending(res.data),
  });
  const confirm = useMutation({
    mutationFn: (body: { code: string }) =>
      api<{ data: { recovery_codes: string[] } }>("auth/two_factor/confirm", { method: "POST", body, token }),
    meta: { silent: true },
    onSuccess: (res) => setRecovery(res.data.recovery_codes),
    onError: form.applyServerErrors,
  });

  if (recovery)
    return (
      <Stack gap="md" data-testid="two-factor-setup-done">
        <RecoveryCodes codes={recovery} />
        <Text size="sm">{t("setupDoneHint")}</Text>
        <Button fullWidth size="md" onClick={onDone} data-testid="two-factor-setup-continue">
          {t("setupContinue")}
        </Button>
      </Stack>
    );

  if (!pending)
    return (
      <LoginForm failure={failureText(enable.error)} onSubmit={() => enable.mutate()}>
        <Alert color="orange" icon={<IconShieldLock size={18} />} data-testid="two-factor-setup-required">
          {t("setupRequired")}
        </Alert>
        <Text size="sm">{t("profile:twoFactor.hint")}</Text>
        <Button type="submit" fullWidth size="md" loading={enable.isPending} data-testid="two-factor-setup-start">
          {t("setupStart")}
        </Button>
      </LoginForm>
    );

  return (
    <LoginForm
      failure={failureText(confirm.error)}
      onSubmit={() => {
        const body = form.validate(ZTwoFactorConfirm);
        if (body) confirm.mutate(body);
      }}
    >
      <EnrolmentCode secret={pending.secret} uri={pending.otpauth_uri} input={{ autoFocus: true, ...form.text("code") }} />
      <Button type="submit" fullWidth size="md" loading={confirm.isPending} data-testid="two-factor-confirm">
        {t("profile:twoFactor.confirm")}
      </Button>
    </LoginForm>
  );
}
