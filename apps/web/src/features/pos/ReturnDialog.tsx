import { Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../shared/api/client";
import type { DataBody } from "../../shared/api/types";
import { formatAmount } from "../../shared/format";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PosModal } from "./PosModal";

interface SoldLine {
  line_id: number;
  item_name: string;
  unit_name: string;
  quantity: string;
  /** Sold less already returned. */
  returnable: string;
  line_total?: string;
}
interface SoldBill {
  id: number;
  number: string;
  lines: SoldLine[];
}

/** A return by receipt number: the lines sold, at most what is left of each to return. */
export function ReturnDialog({ close }: { close: () => void }) {
  const { t } = useTranslation("pos");
  const [number, setNumber] = useState("");
  const [bill, setBill] = useState<SoldBill | null>(null);
  const [qty, setQty] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);

  const find = async () => {
    setBusy(true);
    try {
      type Answer = Omit<SoldBill, "lines"> & {
        lines: (Omit<SoldLine, "returnable"> & { returnable?: string; returnable_quantity?: string })[];
      };
      const data = (await api<DataBody<Answer>>(`pos_sales/by_number/${encodeURIComponent(number.trim())}`)).data;
      setBill({ ...data, lines: data.lines.map((l) => ({ ...l, returnable: l.returnable ?? l.returnable_quantity ?? l.quantity })) });
      setQty({});
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  const lines = bill
    ? bill.lines
        .filter((l) => Number(qty[l.line_id] || "0") > 0)
        .map((l) => ({ sale_line_fk: l.line_id, quantity: qty[l.line_id] as string }))
    : [];
  const over = bill?.lines.some((l) => Number(qty[l.line_id] || "0") > Number(l.returnable)) ?? false;
  const save = async () => {
    if (!bill || !lines.length || over) return;
    setBusy(true);
    try {
      await api(`pos_sales/${bill.id}/return`, { method: "POST", body: { lines } });
      notifySuccess(t("returned", { number: bill.number }));
      close();
    } catch (err) {
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PosModal onClose={close} title={t("returnBill")} size="xl">
      <Stack>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void find();
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
            <Button type="submit" loading={busy && !bill} data-testid="pos-return-find">
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
                    <Table.Td dir="ltr">{formatAmount(l.quantity, 0)}</Table.Td>
                    <Table.Td dir="ltr">{formatAmount(l.returnable, 0)}</Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        w={90}
                        dir="ltr"
                        inputMode="decimal"
                        aria-label={t("returnQty")}
                        value={qty[l.line_id] ?? ""}
                        disabled={Number(l.returnable) <= 0}
                        error={Number(qty[l.line_id] || "0") > Number(l.returnable) ? t("tooMany") : undefined}
                        onChange={(e) => setQty((q) => ({ ...q, [l.line_id]: e.currentTarget.value.replace(/[^0-9.]/g, "") }))}
                        data-testid="pos-return-qty"
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="flex-end">
              <Button
                color="orange"
                disabled={!lines.length || over}
                loading={busy}
                onClick={() => void save()}
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
