import { CLOSABLE_SECTIONS, type ClosableSection, type ClosePeriodResult, ZClosePeriod } from "@app/contracts";
import { Button, Card, Checkbox, Group, Stack, Table } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { businessToday } from "../../shared/businessTime";
import { useConfirmAction } from "../../shared/ConfirmDialog";
import { DateField } from "../../shared/DateField";
import { useFormat } from "../../shared/format";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { useZodForm } from "../../shared/useZodForm";

/** Where each kind of document's lists and views read from, refreshed once they are closed. */
const ENDPOINT_OF: Record<ClosableSection, string> = {
  purchases: "purchases",
  purchase_returns: "purchase_returns",
  sales: "sales",
  salesman_sales: "salesman_sales",
  sale_returns: "sale_returns",
  asset_disposals: "asset_disposals",
};

/**
 * Close a period: every document dated up to the day chosen, of the kinds the user may close, in
 * one action. A closed document is then changed only by someone holding its `unclose` key.
 */
export function ClosePeriodPage() {
  const { t } = useTranslation("doclife");
  const can = useCan();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const confirm = useConfirmAction();
  const mine = CLOSABLE_SECTIONS.filter((s) => can(`${s}/close`));
  const form = useZodForm({ date: businessToday(), sections: [...mine] as string[] });
  const [result, setResult] = useState<ClosePeriodResult | null>(null);
  const close = useMutation({
    mutationFn: (body: { date: string; sections: string[] }) =>
      api<{ data: ClosePeriodResult }>("documents/close_period", { method: "POST", body }),
    onSuccess: (res) => {
      setResult(res.data);
      notifySuccess(t("closing.period.done", { count: res.data.closed.reduce((n, c) => n + c.count, 0) }));
      for (const c of res.data.closed) void queryClient.invalidateQueries({ queryKey: [ENDPOINT_OF[c.section]] });
    },
    onError: (err) => {
      if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });
  const submit = () => {
    const body = { date: form.values.date, sections: form.values.sections };
    if (!form.validate(ZClosePeriod, body)) return;
    confirm.ask(t("closing.period.submit"), fmt.date(body.date), () => close.mutate(body));
  };
  return (
    <>
      <PageHeader title={t("closing.period.title")} description={t("closing.period.description")} />
      <Card withBorder maw={640}>
        <Stack>
          <DateField
            label={t("closing.period.date")}
            withAsterisk
            value={form.values.date || null}
            onChange={(v) => form.set("date", v ?? "")}
            error={form.error("date")}
            data-testid="close-period-date"
          />
          <Checkbox.Group
            label={t("closing.period.sections")}
            value={form.values.sections}
            onChange={(v) => form.set("sections", v)}
            error={form.error("sections")}
          >
            <Stack gap={6} mt={6}>
              {mine.map((s) => (
                <Checkbox key={s} value={s} label={t(`closing.sections.${s}`)} data-testid={`close-period-${s}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button
              color="dark"
              leftSection={<IconLock size={16} />}
              loading={close.isPending}
              disabled={!form.values.sections.length}
              onClick={submit}
              data-testid="close-period-submit"
            >
              {t("closing.period.submit")}
            </Button>
          </Group>
          {result && (
            <Table withTableBorder data-testid="close-period-result">
              <Table.Tbody>
                {result.closed.map((c) => (
                  <Table.Tr key={c.section}>
                    <Table.Td>{t(`closing.sections.${c.section}`)}</Table.Td>
                    <Table.Td className="amount">{fmt.amount(c.count)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Card>
      {confirm.dialog}
    </>
  );
}
