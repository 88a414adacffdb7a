import { MSG, ZSystemProfile } from "@app/contracts";
import { Avatar, Button, Card, FileButton, Grid, Group, Paper, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { IconBuildingStore, IconUpload } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { PageLoader } from "../../app/LoadingScreen";
import { systemConfigQuery, useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { systemProfileQuery } from "../../shared/api/settings";
import { useFormat } from "../../shared/format";
import { imageProblem } from "../../shared/ItemImages";
import { notifyError, notifySuccess } from "../../shared/notify";
import { useZodForm } from "../../shared/useZodForm";
import "./settings.css";
import { SettingsForm } from "../../shared/SettingsForm";

interface Values extends Record<string, unknown> {
  shop_name: string;
  receipt_header: string;
  receipt_footer: string;
}

/** The shop's name, logo and receipt texts, with a live receipt preview. */
export function SystemProfilePage() {
  const { t } = useTranslation("settings");
  const can = useCan();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const profile = useQuery(systemProfileQuery);
  const form = useZodForm<Values>({ shop_name: "", receipt_header: "", receipt_footer: "" });
  const [logo, setLogo] = useState<File | null>(null);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const logoPreview = useMemo(() => (logo ? URL.createObjectURL(logo) : null), [logo]);
  useEffect(() => () => void (logoPreview && URL.revokeObjectURL(logoPreview)), [logoPreview]);
  const { load } = form;
  useEffect(() => {
    if (profile.data)
      load({
        shop_name: profile.data.shop_name,
        receipt_header: profile.data.receipt_header ?? "",
        receipt_footer: profile.data.receipt_footer ?? "",
      });
  }, [profile.data, load]);
  const readOnly = !can("system_profiles/update");

  const save = useMutation({
    mutationFn: (v: Values) => {
      // Multipart, so the logo travels with the texts in one update.
      const body = new FormData();
      body.append("_method", "PATCH");
      body.append("shop_name", v.shop_name.trim());
      body.append("receipt_header", v.receipt_header);
      body.append("receipt_footer", v.receipt_footer);
      if (logo) body.append("shop_logo", logo);
      return api<{ message?: string }>("system_profiles_update/1", { method: "POST", body });
    },
    onSuccess: (res) => {
      notifySuccess(res?.message ?? MSG.updated);
      setLogo(null);
      void queryClient.invalidateQueries({ queryKey: systemProfileQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: systemConfigQuery.queryKey });
    },
    onError: (err) => {
      if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });

  if (profile.isPending) return <PageLoader />;

  const submit = () => {
    if (form.values.shop_name.trim() === "") {
      form.setErrors({ shop_name: t("required") });
      return;
    }
    if (form.validate(ZSystemProfile, form.values)) save.mutate(form.values);
  };
  const logoSrc = logoPreview ?? (profile.data?.shop_logo ? `/images/${profile.data.shop_logo}` : undefined);

  return (
    <SettingsForm
      title={t("systemProfile.title")}
      description={t("systemProfile.description")}
      canSave={!readOnly}
      saving={save.isPending}
      saveTestId="profile-save"
      onSubmit={submit}
    >
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" p="lg">
            <Stack gap="md">
              <Group gap="lg">
                <Avatar src={logoSrc} size={88} radius="md" color="blue">
                  <IconBuildingStore size={40} />
                </Avatar>
                <Stack gap={6}>
                  <Text fw={500}>{t("fields.shop_logo")}</Text>
                  <FileButton
                    accept="image/png,image/jpeg"
                    disabled={readOnly}
                    onChange={(f) => {
                      const p = f ? imageProblem(f) : null;
                      setLogoProblem(p);
                      setLogo(p ? null : f);
                    }}
                  >
                    {(props) => (
                      <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />}>
                        {t("systemProfile.chooseLogo")}
                      </Button>
                    )}
                  </FileButton>
                  <Text size="xs" c={logoProblem ? "red" : "dimmed"}>
                    {logoProblem ? translateMessage(logoProblem) : t("systemProfile.logoHint")}
                  </Text>
                </Stack>
              </Group>
              <TextInput
                label={t("fields.shop_name")}
                withAsterisk
                {...form.text("shop_name")}
                disabled={readOnly}
                data-testid="field-shop_name"
              />
              <Textarea label={t("fields.receipt_header")} autosize minRows={3} {...form.text("receipt_header")} disabled={readOnly} />
              <Textarea label={t("fields.receipt_footer")} autosize minRows={3} {...form.text("receipt_footer")} disabled={readOnly} />
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Text size="sm" c="dimmed" mb="xs">
            {t("systemProfile.preview")}
          </Text>
          <Paper withBorder radius="sm" p="lg" className="receipt-preview" data-testid="receipt-preview">
            <Stack gap={6} align="center">
              {logoSrc && <Avatar src={logoSrc} size={56} radius="sm" />}
              <Title order={4}>{form.values.shop_name}</Title>
              <Text size="xs" ta="center" style={{ whiteSpace: "pre-line" }}>
                {form.values.receipt_header}
              </Text>
              <div className="receipt-rule" />
              <Group justify="space-between" w="100%">
                <Text size="xs">{t("systemProfile.sampleLine")}</Text>
                <Text size="xs">{t("systemProfile.sampleQty", { qty: 2, price: fmt.amount("1500") })}</Text>
              </Group>
              <Group justify="space-between" w="100%">
                <Text size="xs" fw={700}>
                  {t("systemProfile.sampleTotal")}
                </Text>
                <Text size="xs" fw={700}>
                  {fmt.amount("3000")}
                </Text>
              </Group>
              <div className="receipt-rule" />
              <Text size="xs" ta="center" c="dimmed" style={{ whiteSpace: "pre-line" }}>
                {form.values.receipt_footer}
              </Text>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </SettingsForm>
  );
}
