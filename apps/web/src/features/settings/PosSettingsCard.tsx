import { POS_PRINT_RECEIPT, POS_RECEIPT_WIDTHS, type PosPrintReceipt, type PosReceiptWidth, ZPosSettings } from "@app/contracts";
import { D } from "@app/contracts/money";
import { Button, Card, Group, Select, SimpleGrid, Text, Title } from "@mantine/core";
import { IconDeviceFloppy } from "@tabler/icons-react";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { cashAccountsListQuery } from "../../shared/api/settings";
import type { DataBody } from "../../shared/api/types";
import { MoneyInput } from "../../shared/MoneyInput";
import { notifyError, notifySuccess } from "../../shared/notify";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";

interface PosSettings {
  fib_account_fk: number | null;
  fib_account_name: string | null;
  smallest_iqd_amount: string;
  smallest_usd_amount: string;
  print_receipt: PosPrintReceipt;
  receipt_width: PosReceiptWidth;
}

export const posSettingsQuery = queryOptions({
  queryKey: ["pos", "settings"],
  queryFn: async () => (await api<DataBody<PosSettings>>("pos/settings")).data,
});

/**
 * The till's settings (`POST /api/pos/settings`), saved on their own: the bank account FIB
 * payments go to, and the smallest IQD and USD amounts in circulation, to which a POS bill's
 * change is rounded down, and whether a paid bill's receipt prints by itself, after asking the
 * cashier, or only when the cashier asks for it, and the width of the receipt's roll (80 or 58 mm).
 */
export function PosSettingsCard() {
  const { t } = useTranslation("settings");
  const names = useSeededNames();
  const can = useCan();
  const readOnly = !can("system_settings/update");
  const queryClient = useQueryClient();
  const settings = useQuery(posSettingsQuery);
  const accounts = useQuery(cashAccountsListQuery);
  const form = useZodForm({
    fib_account_fk: "",
    smallest_iqd_amount: "250",
    smallest_usd_amount: "1",
    print_receipt: "never" as PosPrintReceipt,
    receipt_width: "80",
  });
  const { load } = form;
  useEffect(() => {
    const s = settings.data;
    if (s)
      load({
        fib_account_fk: s.fib_account_fk ? String(s.fib_account_fk) : "",
        // Stored with their decimals; shown as a person writes them.
        smallest_iqd_amount: D(s.smallest_iqd_amount).toFixed(),
        smallest_usd_amount: D(s.smallest_usd_amount).toFixed(),
        print_receipt: s.print_receipt ?? "never",
        receipt_width: String(s.receipt_width ?? 80),
      });
  }, [settings.data, load]);
  const save = useMutation({
    mutationFn: (body: unknown) => api<{ message: string }>("pos/settings", { method: "POST", body }),
    onSuccess: (res) => {
      notifySuccess(res.message);
      void queryClient.invalidateQueries({ queryKey: posSettingsQuery.queryKey });
    },
    onError: (err) => {
      if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });
  const submit = () => {
    const v = form.values;
    const body = form.validate(ZPosSettings, {
      fib_account_fk: v.fib_account_fk ? Number(v.fib_account_fk) : null,
      smallest_iqd_amount: v.smallest_iqd_amount,
      smallest_usd_amount: v.smallest_usd_amount,
      print_receipt: v.print_receipt,
      receipt_width: Number(v.receipt_width),
    });
    if (body) save.mutate(body);
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Card withBorder radius="md" p="lg" data-testid="pos-settings">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={5}>{t("systemConfig.pos")}</Title>
            <Text size="sm" c="dimmed" mb="md">
              {t("systemConfig.posHint")}
            </Text>
          </div>
          {!readOnly && (
            <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending} data-testid="pos-settings-save">
              {t("common:save")}
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <Select
            label={t("fields.fib_account_fk")}
            description={t("systemConfig.fibHint")}
            data={(accounts.data ?? []).map((a) => ({ value: String(a.account_id), label: names.account(a.account_name, a.system_key) }))}
            value={form.values.fib_account_fk || null}
            onChange={(x) => form.set("fib_account_fk", x ?? "")}
            error={form.error("fib_account_fk")}
            searchable
            clearable
            disabled={readOnly}
            nothingFoundMessage={t("messages:nothingFound")}
            data-testid="field-fib_account_fk"
          />
          <MoneyInput
            label={t("fields.smallest_iqd_amount")}
            description={t("systemConfig.smallestHint")}
            value={form.values.smallest_iqd_amount}
            onChange={(v) => form.set("smallest_iqd_amount", v)}
            zeroWhenEmpty={false}
            error={form.error("smallest_iqd_amount")}
            disabled={readOnly}
            data-testid="field-smallest_iqd_amount"
          />
          <MoneyInput
            label={t("fields.smallest_usd_amount")}
            value={form.values.smallest_usd_amount}
            onChange={(v) => form.set("smallest_usd_amount", v)}
            zeroWhenEmpty={false}
            error={form.error("smallest_usd_amount")}
            disabled={readOnly}
            data-testid="field-smallest_usd_amount"
          />
          <Select
            label={t("fields.print_receipt")}
            description={t("systemConfig.printReceiptHint")}
            data={POS_PRINT_RECEIPT.map((p) => ({ value: p, label: t(`posPrint.${p}`) }))}
            value={form.values.print_receipt}
            onChange={(x) => x && form.set("print_receipt", x as PosPrintReceipt)}
            error={form.error("print_receipt")}
            allowDeselect={false}
            disabled={readOnly}
            data-testid="field-print_receipt"
          />
          <Select
            label={t("fields.receipt_width")}
            description={t("systemConfig.receiptWidthHint")}
            data={POS_RECEIPT_WIDTHS.map((w) => ({ value: String(w), label: t(`posWidth.${w}`) }))}
            value={form.values.receipt_width}
            onChange={(x) => x && form.set("receipt_width", x)}
            error={form.error("receipt_width")}
            allowDeselect={false}
            disabled={readOnly}
            data-testid="field-receipt_width"
          />
        </SimpleGrid>
      </Card>
    </form>
  );
}
