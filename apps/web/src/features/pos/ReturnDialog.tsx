import { Button, Group, Stack, Table, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../shared/amount";
import { api } from "../../shared/api/client";
import type { DataBody } from "../../shared/api/types";
import { notifySuccess } from "../../shared/notify";
import { PosModal } from "./PosModal";
import { QtyInput } from "./QtyInput";

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
  const find = useMutation({
    mutationFn: async () => {
      type Answer = Omit<SoldBill, "lines"> & {
        lines: (Omit<SoldLine, "returnable"> & { returnable?: string; returnable_quantity?: string })[];
      };
      const data = (await api<DataBody<Answer>>(`pos_sales/by_number/${encodeURIComponent(number.trim())}`)).data;
      setBill({ ...data, lines: data.lines.map((l) => ({ ...l, returnable: l.returnable ?? l.returnable_quantity ?? l.quantity })) });
      setQty({});
    },
  });
  const lines = bill
    ? bill.lines
        .filter((l) => Number(qty[l.line_id] || "0") > 0)
        .map((l) => ({ sale_line_fk: l.line_id, quantity: qty[l.line_id] as string }))
    : [];
  const over = bill?.lines.some((l) => Number(qty[l.line_id] || "0") > Number(l.returnable)) ?? false;
  const save = useMutation({
    mutationFn: async (b: SoldBill) => {
      await api(`pos_sales/${b.id}/return`, { method: "POST", body: { lines } });
      notifySuccess(t("returned", { number: b.number }));
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
                    <Table.Td dir="ltr">{formatAmount(l.quantity, 0)}</Table.Td>
                    <Table.Td dir="ltr">{formatAmount(l.returnable, 0)}</Table.Td>
                    <Table.Td>
                      <QtyInput
                        label={t("returnQty")}
                        value={qty[l.line_id] ?? ""}
                        disabled={Number(l.returnable) <= 0}
                        error={Number(qty[l.line_id] || "0") > Number(l.returnable) ? t("tooMany") : undefined}
                        onChange={(v) => setQty((q) => ({ ...q, [l.line_id]: v }))}
                        testId="pos-return-qty"
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
