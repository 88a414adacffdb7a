import { CURRENCY_IQD, currencyCode } from "@app/contracts";
import { Button, Group, Kbd, Stack, Text, UnstyledButton } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session";
import { formatAmount } from "../../shared/amount";
import { priceBill } from "./bill";
import { TextField } from "./PosFields";
import { PosModal } from "./PosModal";
import { type HeldBill, holdsStore } from "./posDb";
import type { PosDialogProps } from "./posDialogProps";
import { newKey } from "./receipt";
import { shopTime } from "./shopClock";
import { useListKeys } from "./useListKeys";
import { keyLabel } from "./usePosKeys";

/** Puts the bill aside with a note (F4). */
export function HoldDialog({ close, lines, customerId, onHeld }: PosDialogProps) {
  const { t } = useTranslation("pos");
  const [note, setNote] = useState("");
  const hold = async () => {
    await holdsStore.put({ id: newKey(), note: note.trim(), held_at: new Date().toISOString(), customer_id: customerId, lines });
    onHeld();
    close();
  };
  return (
    <PosModal onClose={close} title={t("hold")}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void hold();
        }}
      >
        <Stack>
          <TextField
            data-autofocus
            label={t("holdNote")}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={140}
            data-testid="pos-hold-note"
          />
          <Button type="submit" rightSection={<Kbd size="xs">{keyLabel("enter")}</Kbd>} data-testid="pos-hold-confirm">
            {t("hold")}
          </Button>
        </Stack>
      </form>
    </PosModal>
  );
}

/** The held bills (Shift+F4): each with its note, lines, when it was held and its amount; picked, it comes back. */
export function HoldsDialog({ close, onResume, lines, index, session }: PosDialogProps) {
  const { t } = useTranslation("pos");
  // Each held bill's amount at today's prices, as the bill would be priced when resumed.
  const amountOf = (h: HeldBill) => {
    const walkIn = session.walk_in_customer?.consumer_id ?? null;
    const customer = index.meta.customers.find((c) => c.consumer_id === (h.customer_id ?? walkIn)) ?? null;
    const cur = session.system_currency_id;
    const priced = priceBill(index, h.lines, { customer, system_currency_id: cur, rate: session.in_rate || "1" });
    return t("heldAmount", { amount: formatAmount(priced.doc.total, cur === CURRENCY_IQD ? 0 : 2), currency: currencyCode(cur) });
  };
  const zone = useSession().systemConfig.time_zone;
  const marks = { am: t("common:time.am"), pm: t("common:time.pm") };
  const [holds, setHolds] = useState<HeldBill[] | null>(null);
  if (holds === null) void holdsStore.all().then(setHolds);
  const resume = async (h: HeldBill) => {
    // The bill on screen is held first, so resuming never loses it.
    if (lines.length)
      await holdsStore.put({ id: newKey(), note: t("autoHeld"), held_at: new Date().toISOString(), customer_id: null, lines });
    await holdsStore.remove(h.id);
    onResume(h);
    close();
  };
  const keys = useListKeys(holds ?? [], (h) => void resume(h));
  return (
    <PosModal onClose={close} title={t("holds", { count: holds?.length ?? 0 })} size="lg">
      <Stack onKeyDown={keys.onKeyDown} tabIndex={0} data-autofocus>
        {(holds ?? []).map((h, i) => (
          <UnstyledButton
            key={h.id}
            className={i === keys.at ? "pos-result pos-selected" : "pos-result"}
            onClick={() => void resume(h)}
            data-testid="pos-held"
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={500}>{h.note || t("noNote")}</Text>
              <Group gap="sm" wrap="nowrap">
                <Text c="dimmed" size="sm">
                  <span data-testid="pos-held-lines">{t("linesCount", { count: h.lines.length })}</span> ·{" "}
                  {shopTime(h.held_at, zone, marks, true)}
                </Text>
                <Text fw={600} dir="ltr" data-testid="pos-held-amount">
                  {amountOf(h)}
                </Text>
              </Group>
            </Group>
          </UnstyledButton>
        ))}
        {holds?.length === 0 && <Text c="dimmed">{t("noHolds")}</Text>}
      </Stack>
    </PosModal>
  );
}
