import { MSG, type TokenResponse, ZCashierLogin } from "@app/contracts";
import { Anchor, Button, PasswordInput, Select } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { loginCashiersQuery, loginOptionsQuery } from "../../shared/api/auth";
import { ApiError } from "../../shared/api/client";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { failureText, LoginForm, useLogin } from "./loginForm";

/** The cashier's sign-in (outlet, cashier, PIN): a chunk of its own, loaded when chosen. */
export function CashierLogin({ onDone }: { onDone: (b: TokenResponse) => void }) {
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
