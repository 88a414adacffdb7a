import { Button, PasswordInput, Select, Stack, TextInput } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api/client";
import { session as authSession } from "../../shared/api/session";
import { notifySuccess } from "../../shared/notify";
import { loginCashiersQuery, loginOptionsQuery } from "../auth/auth.queries";
import { PosModal } from "./PosModal";
import type { PosSession } from "./posSession";
import { kickDrawer } from "./serialPrinter";

/** Opening the drawer without a sale is recorded (who, when, why) before the drawer is kicked. */
export function OpenDrawerDialog({ close }: { close: () => void }) {
  const { t } = useTranslation("pos");
  const [reason, setReason] = useState("");
  const open = useMutation({
    mutationFn: async () => {
      await api("pos/open_drawer", { method: "POST", body: { reason: reason.trim() } });
      await kickDrawer();
      notifySuccess(t("drawerOpened"));
      close();
    },
  });
  return (
    <PosModal onClose={close} title={t("openDrawer")}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          open.mutate();
        }}
      >
        <Stack>
          <TextInput
            data-autofocus
            label={t("reason")}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={140}
            data-testid="pos-drawer-reason"
          />
          <Button type="submit" loading={open.isPending} disabled={!reason.trim()} data-testid="pos-drawer-confirm">
            {t("openDrawer")}
          </Button>
        </Stack>
      </form>
    </PosModal>
  );
}

/** Another cashier of the outlet takes over by PIN; the next sales carry them (the server audits the switch). */
export function SwitchCashierDialog({ close, session, onSwitched }: { close: () => void; session: PosSession; onSwitched: () => void }) {
  const { t } = useTranslation("pos");
  const options = useQuery(loginOptionsQuery);
  const option = options.data?.cashier_login_option ?? "Name";
  const cashiers = useQuery(loginCashiersQuery(session.outlet.outlet_id, option));
  const [user, setUser] = useState<string | null>(null);
  const [pin, setPin] = useState("");
  const submit = useMutation({
    mutationFn: async (userId: number) => {
      const res = await api<{ access_token: string; user_name: string }>("pos/switch_cashier", {
        method: "POST",
        body: { user: userId, pin },
      });
      authSession.setToken(res.access_token);
      onSwitched();
      notifySuccess(t("switched", { name: res.user_name }));
      close();
    },
  });
  return (
    <PosModal onClose={close} title={t("switchCashier")}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (user) submit.mutate(Number(user));
        }}
      >
        <Stack>
          <Select
            data-autofocus
            label={t("cashier")}
            searchable
            data={(cashiers.data ?? [])
              .filter((c) => c.user_id !== session.cashier.user_id)
              .map((c) => ({ value: String(c.user_id), label: option === "Code" ? c.user_code || c.user_name : c.user_name }))}
            value={user}
            onChange={setUser}
            data-testid="pos-switch-user"
          />
          <PasswordInput
            label={t("pin")}
            inputMode="numeric"
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value)}
            data-testid="pos-switch-pin"
          />
          <Button type="submit" loading={submit.isPending} disabled={!user || !pin} data-testid="pos-switch-confirm">
            {t("switchCashier")}
          </Button>
        </Stack>
      </form>
    </PosModal>
  );
}
