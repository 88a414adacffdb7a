import { type Login, MSG, PRODUCT_NAME, type TokenResponse, type TwoFactorChallenge, type TwoFactorSetupRequired } from "@app/contracts";
import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  List,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconCheck, IconLock, IconMail, IconShieldLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams } from "react-router";
import { POS_PATH } from "../../app/config";
import { translateMessage, withAllTexts } from "../../app/i18n";
import { DeferredLanguageMenu } from "../../app/layout/DeferredLanguageMenu";
import { usePageTitle } from "../../app/PageTitle";
import { useToken } from "../../app/session";
import { loginOptionsQuery } from "../../shared/api/auth";
import { session } from "../../shared/api/session";
import { Logo } from "../../shared/Logo";
import { useZodForm } from "../../shared/useZodForm";
import { checkLogin } from "./loginChecks";
import { failureText, LoginForm, useLogin } from "./loginForm";

const CashierLogin = lazy(async () => ({ default: (await withAllTexts(() => import("./CashierLogin"))()).CashierLogin }));
const TwoFactorSetup = lazy(async () => ({ default: (await withAllTexts(() => import("./TwoFactorSetup"))()).TwoFactorSetup }));

type Mode = "staff" | "cashier";

/** Only paths of this app are followed after login, never another origin. */
const safeRedirect = (raw: string | undefined) => (raw?.startsWith("/") && !raw.startsWith("//") ? raw : "/");

export function LoginPage() {
  const { t } = useTranslation("auth");
  usePageTitle("messages:loginTitle");
  const token = useToken();
  const { redirect } = useParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>("staff");
  const options = useQuery({ ...loginOptionsQuery, meta: { silent: true } });

  // A cashier's sign-in lands on the POS screen (SPEC §1), unless a page asked for the sign-in.
  const target = mode === "cashier" && !redirect ? POS_PATH : safeRedirect(redirect);
  const done = (body: TokenResponse) => {
    session.setToken(body.access_token);
    void navigate(target, { replace: true });
  };

  if (token) return <Navigate to={target} replace />;

  return (
    <div className="login-page">
      <aside className="login-hero">
        <Group gap="sm">
          <Logo size={44} />
          <Title order={2} c="white">
            {PRODUCT_NAME}
          </Title>
        </Group>
        <Stack gap="lg" maw={460}>
          <Title order={1} c="white" fz={34} lh={1.25}>
            {t("heroTitle")}
          </Title>
          <List
            spacing="sm"
            icon={
              <ThemeIcon color="white" c="teal.8" size={22} radius="xl">
                {<IconCheck size={14} />}
              </ThemeIcon>
            }
          >
            <List.Item>{t("heroPoint1")}</List.Item>
            <List.Item>{t("heroPoint2")}</List.Item>
            <List.Item>{t("heroPoint3")}</List.Item>
          </List>
        </Stack>
        <Text size="sm" opacity={0.8}>
          <bdi>{options.data?.shop_name || t("heroFooter")}</bdi>
        </Text>
      </aside>

      <Center p="lg" pos="relative">
        <Box pos="absolute" top={16} style={{ insetInlineEnd: 16 }}>
          <DeferredLanguageMenu />
        </Box>
        <Paper w="100%" maw={420} p="xl" radius="lg" withBorder shadow="sm">
          <Stack gap="lg">
            <div>
              <Title order={2} data-testid="login-title">
                {t("messages:loginTitle")}
              </Title>
              <Text c="dimmed" size="sm" mt={4}>
                {mode === "staff" ? t("staffHint") : t("cashierHint")}
              </Text>
            </div>
            <SegmentedControl
              fullWidth
              value={mode}
              onChange={(v) => setMode(v as Mode)}
              data={[
                { value: "staff", label: t("modeStaff") },
                { value: "cashier", label: t("modeCashier") },
              ]}
              data-testid="login-mode"
            />
            {mode === "staff" ? (
              <StaffLogin onDone={done} />
            ) : (
              <Suspense>
                <CashierLogin onDone={done} />
              </Suspense>
            )}
          </Stack>
        </Paper>
      </Center>
    </div>
  );
}

function StaffLogin({ onDone }: { onDone: (b: TokenResponse) => void }) {
  const { t } = useTranslation("auth");
  const form = useZodForm({ email: "", password: "", code: "" });
  // An account with two-factor sign-in answers the password with a request for its code.
  const [needCode, setNeedCode] = useState(false);
  // One the settings oblige to use it, not yet enrolled, gets an enrolment-only token instead.
  const [setupToken, setSetupToken] = useState<string>();
  const login = useLogin<Login, TokenResponse | TwoFactorChallenge | TwoFactorSetupRequired>(
    "auth/login",
    (b) => {
      if ("access_token" in b) onDone(b);
      else if ("two_factor_setup_required" in b) setSetupToken(b.setup_token);
      else setNeedCode(true);
    },
    form.applyServerErrors,
  );
  if (setupToken)
    return (
      <Suspense>
        <TwoFactorSetup
          token={setupToken}
          password={form.values.password}
          onDone={() => {
            setSetupToken(undefined);
            login.reset();
            setNeedCode(true);
          }}
        />
      </Suspense>
    );
  return (
    <LoginForm
      failure={failureText(login.error)}
      onSubmit={() => {
        const checked = checkLogin(form.values);
        form.setErrors("errors" in checked ? checked.errors : {});
        if ("data" in checked) login.mutate({ ...checked.data, code: needCode ? checked.data.code : undefined });
      }}
    >
      {needCode && (
        <Alert color="teal" data-testid="login-code-needed">
          {translateMessage(MSG.twoFactorCodeNeeded)}
        </Alert>
      )}
      <TextInput
        label={t("email")}
        type="email"
        autoComplete="username"
        // The first thing anyone does here is type their e-mail.
        autoFocus
        leftSection={<IconMail size={16} />}
        {...form.text("email")}
      />
      <PasswordInput
        label={t("password")}
        autoComplete="current-password"
        leftSection={<IconLock size={16} />}
        {...form.text("password")}
      />
      {needCode && (
        <TextInput
          label={t("code")}
          description={t("codeHint")}
          autoComplete="one-time-code"
          inputMode="text"
          dir="ltr"
          autoFocus
          leftSection={<IconShieldLock size={16} />}
          {...form.text("code")}
        />
      )}
      <Button type="submit" fullWidth size="md" loading={login.isPending} data-testid="login-submit">
        {t("signIn")}
      </Button>
    </LoginForm>
  );
}
