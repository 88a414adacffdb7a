import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { Button, Group, SegmentedControl, Stack, Table, Text, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../shared/amount";
import { api } from "../../shared/api/client";
import type { DataBody } from "../../shared/api/types";
import { notifySuccess } from "../../shared/notify";
import { PosModal } from "./PosModal";
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
export function ReturnDialog({ close, session }: { close: () => void; session: PosSession }) {
  const { t } = useTranslation("pos");
  const qc = useQueryClient();
  const [number, setNumber] = useState("");
  const [bill, setBill] = useState<SoldBill | null>(null);
  const [qty, setQty] = useState<Record<number, string>>({});
  const [currency, setCurrency] = useState(session.system_currency_id === CURRENCY_USD ? CURRENCY_USD : CURRENCY_IQD);
  const sent = useRef<{ body: string; key: string } | null>(null);
  const find = useMutation({
    mutationFn: async () => {
      const data = (await api<DataBody<SoldBill>>(`pos_sales/by_number/${encodeURIComponent(number.trim())}`)).data;
      setBill(data);
      setQty({});
    },
  });
  const lines = bill
    ? bill.lines
        .filter((l) => Number(qty[l.line_id] || "0") > 0)
        .map((l) => ({ sale_line_fk: l.line_id, quantity: qty[l.line_id] as string }))
    : [];
  const over = bill?.lines.some((l) => Number(qty[l.line_id] || "0") > Number(l.returnable_quantity)) ?? false;
  const save = useMutation({
    mutationFn: async (b: SoldBill) => {
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
      // The drawer paid out: the session's drawer figures are read again.
      void qc.invalidateQueries({ queryKey: ["pos", "session"] });
      close();
    },
  });

  return (
    <PosModal onClose={close} title={t("returnBill")} size="xl">
      <Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            find.mutate();
          }}
        >
          <Group align="flex-end">
            <TextInput
              data-autofocus
              dir="ltr"
              label={t("receiptNumber")}
              value={number}
              onChange={(e) => setNumber(e.currentTarget.value)}
              data-testid="pos-return-number"
            />
            <Button type="submit" loading={find.isPending} data-testid="pos-return-find">
              {t("find")}
            </Button>
          </Group>
        </form>
        {bill && (
          <>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("item")}</Table.Th>
                  <Table.Th>{t("unit")}</Table.Th>
                  <Table.Th>{t("sold")}</Table.Th>
                  <Table.Th>{t("returnable")}</Table.Th>
                  <Table.Th>{t("returnQty")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bill.lines.map((l) => (
                  <Table.Tr key={l.line_id} data-testid="pos-return-line">
                    <Table.Td>{l.item_name}</Table.Td>
                    <Table.Td>{l.unit_name}</Table.Td>
                    <Table.Td dir="ltr">{formatAmount(String(Number(l.quantity) + Number(l.free_quantity || "0")), 0)}</Table.Td>
                    <Table.Td dir="ltr" data-testid="pos-return-left">
                      {formatAmount(l.returnable_quantity, 0)}
                    </Table.Td>
                    <Table.Td>
                      <QtyInput
                        label={t("returnQty")}
                        value={qty[l.line_id] ?? ""}
                        disabled={Number(l.returnable_quantity) <= 0}
                        error={Number(qty[l.line_id] || "0") > Number(l.returnable_quantity) ? t("tooMany") : undefined}
                        onChange={(v) => setQty((q) => ({ ...q, [l.line_id]: v }))}
                        testId="pos-return-qty"
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="space-between">
              <Group gap="xs">
                <Text id="pos-return-currency-label">{t("refundIn")}</Text>
                <SegmentedControl
                  aria-labelledby="pos-return-currency-label"
                  value={String(currency)}
                  onChange={(v) => setCurrency(Number(v))}
                  data={[
                    { value: String(CURRENCY_IQD), label: "IQD" },
                    { value: String(CURRENCY_USD), label: "USD" },
                  ]}
                  data-testid="pos-return-currency"
                />
              </Group>
              <Button
                color="orange"
                disabled={!lines.length || over}
                loading={save.isPending}
                onClick={() => bill && save.mutate(bill)}
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
