import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { D } from "@app/contracts/money";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../shared/amount";
import { api } from "../../shared/api/client";
import type { DataBody } from "../../shared/api/types";
import { notifySuccess } from "../../shared/notify";
import { useSeededLabels } from "../../shared/seededLabels";
import { Choice, TextField } from "./PosFields";
import { PosModal, RequestError, useRequest } from "./PosModal";
import type { PosSession } from "./posSession";
import { QtyInput } from "./QtyInput";
import { newKey } from "./receipt";

/** A line of the bill as `GET /api/pos_sales/by_number/{number}` answers it. */
interface SoldLine {
  line_id: number;
  item_name: string;
  unit_name: string;
  quantity: string;
  free_quantity: string;
  /** Sold (free units included) less already returned. */
  returnable_quantity: string;
}
interface SoldBill {
  id: number;
  number: string;
  lines: SoldLine[];
}
/** What `POST /api/pos_sales/{id}/return` answers. */
interface Returned {
  number: string;
  refund: { received_type: string; currency_id: number; amount: string };
}

/**
 * A return by receipt number: the lines sold, at most what is left of each to return, the money
 * paid back from the cashier's drawer in the currency chosen. The save carries an Idempotency-Key
 * kept for the same lines and currency, so a retry after a lost answer never returns twice.
 */
export function ReturnDialog({ close, session, onReturned }: { close: () => void; session: PosSession; onReturned: () => void }) {
  const { t } = useTranslation("pos");
  const names = useSeededLabels();
  const currencyLabel = useId();
  const [number, setNumber] = useState("");
  const [bill, setBill] = useState<SoldBill | null>(null);
  const [qty, setQty] = useState<Record<number, string>>({});
  const [currency, setCurrency] = useState(session.system_currency_id === CURRENCY_USD ? CURRENCY_USD : CURRENCY_IQD);
  const sent = useRef<{ body: string; key: string } | null>(null);
  const find = useRequest(async () => {
    const data = (await api<DataBody<SoldBill>>(`pos_sales/by_number/${encodeURIComponent(number.trim())}`)).data;
    setBill(data);
    setQty({});
  });
  const lines = bill
    ? bill.lines
        .filter((l) => Number(qty[l.line_id] || "0") > 0)
        .map((l) => ({ sale_line_fk: l.line_id, quantity: qty[l.line_id] as string }))
    : [];
  const over = bill?.lines.some((l) => Number(qty[l.line_id] || "0") > Number(l.returnable_quantity)) ?? false;
  const save = useRequest(async (b: SoldBill) => {
    const body = { currency_id: currency, lines };
    const text = JSON.stringify([b.id, body]);
    if (sent.current?.body !== text) sent.current = { body: text, key: newKey() };
    const data = (
      await api<DataBody<Returned>>(`pos_sales/${b.id}/return`, {
        method: "POST",
        body,
        headers: { "Idempotency-Key": sent.current.key },
      })
    ).data;
    sent.current = null;
    const decimals = data.refund.currency_id === CURRENCY_USD ? 2 : 0;
    notifySuccess(
      t("returned", {
        number: b.number,
        amount: formatAmount(data.refund.amount, decimals),
        currency: data.refund.currency_id === CURRENCY_USD ? "USD" : "IQD",
      }),
    );
    // The drawer paid out: the session is read again.
    onReturned();
    close();
  });

  return (
    <PosModal onClose={close} title={t("returnBill")} size="xl">
      <Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            find.run();
          }}
        >
          <Group align="flex-end">
            <TextField
              data-autofocus
              dir="ltr"
              label={t("receiptNumber")}
              value={number}
              onChange={(e) => setNumber(e.currentTarget.value)}
              data-testid="pos-return-number"
            />
            <Button type="submit" loading={find.pending} data-testid="pos-return-find">
              {t("find")}
            </Button>
          </Group>
        </form>
        <RequestError text={find.error ?? save.error} />
        {bill && (
          <>
            <table className="pos-table pos-dialog-table">
              <thead>
                <tr>
                  <th>{t("item")}</th>
                  <th>{t("unit")}</th>
                  <th>{t("sold")}</th>
                  <th>{t("returnable")}</th>
                  <th>{t("returnQty")}</th>
                </tr>
              </thead>
              <tbody>
                {bill.lines.map((l) => (
                  <tr key={l.line_id} data-testid="pos-return-line">
                    <td>{l.item_name}</td>
                    <td>{names.unit(l.unit_name)}</td>
                    <td dir="ltr">
                      {formatAmount(
                        D(l.quantity)
                          .plus(D(l.free_quantity || "0"))
                          .toFixed(),
                        0,
                      )}
                    </td>
                    <td dir="ltr" data-testid="pos-return-left">
                      {formatAmount(l.returnable_quantity, 0)}
                    </td>
                    <td>
                      <QtyInput
                        label={t("returnQty")}
                        value={qty[l.line_id] ?? ""}
                        disabled={Number(l.returnable_quantity) <= 0}
                        error={Number(qty[l.line_id] || "0") > Number(l.returnable_quantity) ? t("tooMany") : undefined}
                        onChange={(v) => setQty((q) => ({ ...q, [l.line_id]: v }))}
                        testId="pos-return-qty"
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Group justify="space-between">
              <Group gap="xs">
                <Text id={currencyLabel}>{t("refundIn")}</Text>
                <Choice
                  labelledBy={currencyLabel}
                  value={String(currency)}
                  onChange={(v) => setCurrency(Number(v))}
                  options={[
                    { value: String(CURRENCY_IQD), label: "IQD" },
                    { value: String(CURRENCY_USD), label: "USD" },
                  ]}
                  testId="pos-return-currency"
                />
              </Group>
              <Button
                color="orange"
                disabled={!lines.length || over}
                loading={save.pending}
                onClick={() => bill && save.run(bill)}
                data-testid="pos-return-save"
              >
                {t("returnSave")}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t("returnHint")}
            </Text>
          </>
        )}
      </Stack>
    </PosModal>
  );
}
