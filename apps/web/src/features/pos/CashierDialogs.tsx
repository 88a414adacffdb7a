import { Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { LoginCashier } from "../../shared/api/auth";
import { api } from "../../shared/api/client";
import { session as authSession } from "../../shared/api/session";
import type { DataBody, LoginOptions, MessageBody } from "../../shared/api/types";
import { errorText, notifySuccess } from "../../shared/notify";
import { useLoad } from "../../shared/useLoad";
import { SelectField, TextField } from "./PosFields";
import { PosModal, RequestError, useRequest } from "./PosModal";
import type { PosSession } from "./posSession";
import { kickDrawer } from "./serialPrinter";

/** Opening the drawer without a sale is recorded (who, when, why) before the drawer is kicked. */
export function OpenDrawerDialog({ close }: { close: () => void }) {
  const { t } = useTranslation("pos");
  const [reason, setReason] = useState("");
  const open = useRequest(async () => {
    await api("pos/open_drawer", { method: "POST", body: { reason: reason.trim() } });
    await kickDrawer();
    notifySuccess(t("drawerOpened"));
    close();
  });
  return (
    <PosModal onClose={close} title={t("openDrawer")}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          open.run();
        }}
      >
        <Stack>
          <TextField
            data-autofocus
            label={t("reason")}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={140}
            data-testid="pos-drawer-reason"
          />
          <RequestError text={open.error} />
          <Button type="submit" loading={open.pending} disabled={!reason.trim()} data-testid="pos-drawer-confirm">
            {t("openDrawer")}
          </Button>
        </Stack>
      </form>
    </PosModal>
  );
}

/** The outlet's cashiers as the sign-in page lists them: by name, or by code when the settings say so. */
async function loadCashiers(outletId: number | null) {
  const option = (await api<DataBody<LoginOptions>>("login_options")).data.cashier_login_option;
  const list =
    outletId === null
      ? []
      : (await api<MessageBody<LoginCashier[]>>(`login_cashiers_list/${outletId}`, { query: { cashier_login_option: option } })).message;
  return list.map((c) => ({ id: c.user_id, label: option === "Code" ? c.user_code || c.user_name : c.user_name }));
}

/** Another cashier of the outlet takes over by PIN; the next sales carry them (the server audits the switch). */
export function SwitchCashierDialog({ close, session, onSwitched }: { close: () => void; session: PosSession; onSwitched: () => void }) {
  const { t } = useTranslation("pos");
  const outletId = session.outlet.outlet_id;
  const cashiers = useLoad(() => loadCashiers(outletId));
  const others = (cashiers.data ?? []).filter((c) => c.id !== session.cashier.user_id);
  const [user, setUser] = useState("");
  const [pin, setPin] = useState("");
  const submit = useRequest(async (userId: number) => {
    const res = await api<{ access_token: string; user_name: string }>("pos/switch_cashier", {
      method: "POST",
      body: { user: userId, pin },
    });
    authSession.setToken(res.access_token);
    onSwitched();
    notifySuccess(t("switched", { name: res.user_name }));
    close();
  });
  return (
    <PosModal onClose={close} title={t("switchCashier")}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (user) submit.run(Number(user));
        }}
      >
        <Stack>
          <SelectField
            data-autofocus
            label={t("cashier")}
            placeholder=""
            options={others.map((c) => ({ value: String(c.id), label: c.label }))}
            value={user}
            onChange={(e) => setUser(e.currentTarget.value)}
            data-testid="pos-switch-user"
          />
          {cashiers.data && !others.length && (
            <Text size="sm" c="dimmed" data-testid="pos-switch-none">
              {t("noOtherCashier")}
            </Text>
          )}
          <TextField
            type="password"
            label={t("pin")}
            inputMode="numeric"
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value)}
            data-testid="pos-switch-pin"
          />
          <RequestError text={submit.error ?? (cashiers.error ? errorText(cashiers.error) : null)} />
          <Button type="submit" loading={submit.pending} disabled={!user || !pin} data-testid="pos-switch-confirm">
            {t("switchCashier")}
          </Button>
        </Stack>
      </form>
    </PosModal>
  );
}
