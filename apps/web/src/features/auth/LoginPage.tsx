import { MSG, PRODUCT_NAME, type TokenResponse, ZCashierLogin, ZLogin } from "@app/contracts";
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  List,
  Paper,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconCheck, IconLock, IconMail } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams } from "react-router";
import { translateMessage } from "../../app/i18n";
import { LanguageMenu } from "../../app/layout/LanguageMenu";
import { usePageTitle } from "../../app/PageTitle";
import { useToken } from "../../app/session";
import { ApiError, api } from "../../shared/api/client";
import { session } from "../../shared/api/session";
import { Logo } from "../../shared/Logo";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { loginCashiersQuery, loginOptionsQuery } from "./auth.queries";

type Mode = "staff" | "cashier";

/** Only paths of this app are followed after login, never another origin. */
const safeRedirect = (raw: string | undefined) => (raw?.startsWith("/") && !raw.startsWith("//") ? raw : "/");

const failureText = (err: unknown): string | null => {
  if (!(err instanceof ApiError)) return err ? translateMessage(MSG.unauthorized) : null;
  if (err.status === 422 && err.body.errors) return null;
  return typeof err.body.message === "string" ? translateMessage(err.body.message) : translateMessage(MSG.unauthorized);
};

export function LoginPage() {
  const { t } = useTranslation("auth");
  usePageTitle("messages:loginTitle");
  const token = useToken();
  const { redirect } = useParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>("staff");
  const options = useQuery({ ...loginOptionsQuery, meta: { silent: true } });

  const done = (body: TokenResponse) => {
    session.setToken(body.access_token);
    void navigate(safeRedirect(redirect), { replace: true });
  };

  if (token) return <Navigate to={safeRedirect(redirect)} replace />;

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
          {options.data?.shop_name || t("heroFooter")}
        </Text>
      </aside>

      <Center p="lg" pos="relative">
        <Box pos="absolute" top={16} style={{ insetInlineEnd: 16 }}>
          <LanguageMenu />
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
            {mode === "staff" ? <StaffLogin onDone={done} /> : <CashierLogin onDone={done} />}
          </Stack>
        </Paper>
      </Center>
    </div>
  );
}

function StaffLogin({ onDone }: { onDone: (b: TokenResponse) => void }) {
  const { t } = useTranslation("auth");
  const form = useZodForm({ email: "", password: "" });
  const login = useLogin<{ email: string; password: string }>("auth/login", onDone, form.applyServerErrors);
  return (
    <LoginForm
      failure={failureText(login.error)}
      onSubmit={() => {
        const body = form.validate(ZLogin);
        if (body) login.mutate(body);
      }}
    >
      <TextInput label={t("email")} type="email" autoComplete="username" leftSection={<IconMail size={16} />} {...form.text("email")} />
      <PasswordInput
        label={t("password")}
        autoComplete="current-password"
        leftSection={<IconLock size={16} />}
        {...form.text("password")}
      />
      <Button type="submit" fullWidth size="md" loading={login.isPending} data-testid="login-submit">
        {t("signIn")}
      </Button>
    </LoginForm>
  );
}

function CashierLogin({ onDone }: { onDone: (b: TokenResponse) => void }) {
  const { t } = useTranslation("auth");
  const names = useSeededNames();
  const options = useQuery({ ...loginOptionsQuery, meta: { silent: true } });
  const form = useZodForm({ outlet_id: "", user_id: "", pin: "" });
  const outletId = form.values.outlet_id ? Number(form.values.outlet_id) : null;
  const option = options.data?.cashier_login_option ?? "Name";
  const cashiers = useQuery({ ...loginCashiersQuery(outletId, option), meta: { silent: true } });
  const login = useLogin<{ outlet_id: number; user_id: number; pin: string }>("auth/cashier_login", onDone, form.applyServerErrors);
  const noCashiers = cashiers.error instanceof ApiError && cashiers.error.status === 404 ? translateMessage(MSG.noCashiers) : undefined;
  return (
    <LoginForm
      failure={failureText(login.error)}
      onSubmit={() => {
        const body = form.validate(ZCashierLogin);
        if (body) login.mutate(body);
      }}
    >
      <Select
        label={t("outlet")}
        placeholder={t("chooseOutlet")}
        data={(options.data?.outlets ?? []).map((o) => ({ value: String(o.outlet_id), label: names.outlet(o.outlet_name) }))}
        value={form.values.outlet_id || null}
        onChange={(v) => {
          form.set("outlet_id", v ?? "");
          form.set("user_id", "");
        }}
        error={form.error("outlet_id")}
        nothingFoundMessage={t("messages:nothingFound")}
        searchable
        data-testid="cashier-outlet"
      />
      <Select
        label={option === "Code" ? t("cashierCode") : t("cashierName")}
        placeholder={t("chooseCashier")}
        disabled={outletId === null}
        data={(cashiers.data ?? []).map((c) => ({
          value: String(c.user_id),
          label: option === "Code" ? c.user_code || c.user_name : c.user_name,
        }))}
        value={form.values.user_id || null}
        onChange={(v) => form.set("user_id", v ?? "")}
        error={noCashiers ?? form.error("user_id")}
        nothingFoundMessage={t("messages:nothingFound")}
        searchable
        data-testid="cashier-user"
      />
      <PasswordInput
        label={t("pin")}
        inputMode="numeric"
        autoComplete="one-time-code"
        leftSection={<IconLock size={16} />}
        {...form.text("pin")}
      />
      <Button type="submit" fullWidth size="md" loading={login.isPending} data-testid="cashier-submit">
        {t("signIn")}
      </Button>
      <Anchor component="span" size="xs" c="dimmed" ta="center">
        {t("cashierFootnote")}
      </Anchor>
    </LoginForm>
  );
}

/** A sign-in call: its failure shows above the form, its field errors on the fields. */
function useLogin<B>(path: string, onDone: (b: TokenResponse) => void, onInvalid: (err: unknown) => void) {
  return useMutation({
    mutationFn: (body: B) => api<TokenResponse>(path, { method: "POST", body }),
    meta: { silent: true },
    onSuccess: onDone,
    onError: onInvalid,
  });
}

/** Both sign-in forms: the failure above the fields, submit on Enter, no browser validation. */
function LoginForm({ failure, onSubmit, children }: { failure: string | null | undefined; onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="login-error">
            {failure}
          </Alert>
        )}
        {children}
      </Stack>
    </form>
  );
}
