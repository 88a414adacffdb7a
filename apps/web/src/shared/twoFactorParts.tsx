import { Alert, Code, SimpleGrid, Stack, Text, TextInput, type TextInputProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { QrCode } from "./QrCode";

/** The recovery codes, shown once after two-factor sign-in is turned on. */
export function RecoveryCodes({ codes, mb }: { codes: string[]; mb?: string }) {
  const { t } = useTranslation("profile");
  return (
    <Alert color="yellow" mb={mb} title={t("twoFactor.recoveryTitle")} data-testid="two-factor-recovery">
      <Text size="sm" mb="xs">
        {t("twoFactor.recoveryHint")}
      </Text>
      <SimpleGrid cols={2} spacing={4}>
        {codes.map((c) => (
          <Code key={c} dir="ltr">
            {c}
          </Code>
        ))}
      </SimpleGrid>
    </Alert>
  );
}

/** The enrolment step: the QR code and secret for the authenticator app, and its first code. */
export function EnrolmentCode({ secret, uri, input }: { secret: string; uri: string; input: TextInputProps }) {
  const { t } = useTranslation("profile");
  return (
    <Stack gap="sm" align="center">
      <Text size="sm">{t("twoFactor.scan")}</Text>
      <QrCode value={uri} title={t("twoFactor.qr")} />
      <Text size="xs" c="dimmed">
        {t("twoFactor.manual")}
      </Text>
      <Code dir="ltr" data-testid="two-factor-secret">
        {secret}
      </Code>
      <TextInput w="100%" label={t("twoFactor.code")} autoComplete="one-time-code" inputMode="numeric" dir="ltr" {...input} />
    </Stack>
  );
}
