import { CURRENCY_IQD, CURRENCY_USD, confirmationAsked, ZDrawerFloat } from "@app/contracts";
import { ActionIcon, Divider, SegmentedControl, Select, Stack, Table, Text, Textarea, Title, Tooltip } from "@mantine/core";
import { IconCoins, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../app/i18n";
import { useCan, useSession } from "../../app/session";
import { ApiError, api } from "../../shared/api/client";
import { cashAccountsListQuery, useInvalidateLedger } from "../../shared/api/ledger";
import { offeredAccounts } from "../../shared/CashAccountSelect";
import { ConfirmFigure } from "../../shared/ConfirmDialog";
import { FormDialog } from "../../shared/FormDialog";
import { useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { notifyError, notifySuccess } from "../../shared/notify";
import { useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { useZodForm } from "../../shared/useZodForm";
import { CLOSING_DRAWERS, currencyCode, DRAWER_FLOATS, type DrawerFloat, type OpenDrawer } from "./posAdmin.queries";

type Values = {
  user_fk: string;
  currency_id: string;
  amount: string;
  from_account_fk: string;
  note: string;
};

/**
 * The opening float of a cashier's drawer: cash handed over from the safe at the start of the
 * shift, moved in the books from a cash account into the drawer so the closing's count does not
 * show it as cash over. A manager gives any cashier's drawer its float, a cashier their own. The
 * open floats (not yet in a closing) are listed under the form and can be taken back.
 */
export function DrawerFloatsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("posadmin");
  const fmt = useFormat();
  const names = useSeededNames();
  const can = useCan();
  const { me } = useSession();
  const queryClient = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  const manager = can("pos_admin_sales/view_all");
  const drawers = useQuery({
    queryKey: [CLOSING_DRAWERS, "open"],
    queryFn: () => api<{ data: OpenDrawer[] }>(`${CLOSING_DRAWERS}/open`).then((r) => r.data),
    enabled: manager,
  });
  const accounts = useQuery(cashAccountsListQuery);
  const open = useQuery({
    queryKey: [DRAWER_FLOATS, "open"],
    queryFn: () => api<{ data: DrawerFloat[] }>(`${DRAWER_FLOATS}?open=1`).then((r) => r.data),
  });
  const form = useZodForm<Values>({
    user_fk: manager ? "" : String(me.user_id),
    currency_id: String(CURRENCY_IQD),
    amount: "0",
    from_account_fk: "",
    note: "",
  });
  const [asked, setAsked] = useState<{ text: string; body: Record<string, unknown> } | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [DRAWER_FLOATS] });
    invalidateLedger();
  };
  const give = useMutation({
    mutationFn: (body: Record<string, unknown>) => api<{ message?: string }>(DRAWER_FLOATS, { method: "POST", body }),
    onSuccess: (res) => {
      notifySuccess(res?.message ?? "");
      setAsked(null);
      refresh();
      form.set("amount", "0");
      form.set("note", "");
    },
    onError: (err, body) => {
      const question = err instanceof ApiError && err.status === 422 ? confirmationAsked(err.body) : null;
      if (question) setAsked({ text: translateMessage(question), body });
      else if (!form.applyServerErrors(err)) notifyError(err);
    },
    meta: { silent: true },
  });
  const takeBack = useConfirmDelete<DrawerFloat>(DRAWER_FLOATS, {
    idOf: (f) => f.id,
    nameOf: (f) => `${f.number} (${fmt.money(f.amount, f.currency_id)} ${currencyCode(f.currency_id)})`,
    onDeleted: refresh,
  });

  const currency = Number(form.values.currency_id);
  const safes = offeredAccounts(accounts.data ?? [], { excludeDrawers: true, value: "" }).filter((a) => a.currency_id === currency);
  const submit = () => {
    const body = form.validate(ZDrawerFloat, { ...form.values, note: form.values.note || null });
    if (body) give.mutate(body);
  };
  const cashiers = manager
    ? (drawers.data ?? []).map((d) => ({ value: String(d.user_id), label: d.user_name }))
    : [{ value: String(me.user_id), label: me.user_name ?? String(me.user_id) }];

  return (
    <>
      <FormDialog
        title={t("floats.give")}
        icon={<IconCoins size={20} />}
        onClose={onClose}
        onSubmit={submit}
        saving={give.isPending}
        size="lg"
        testId="float-form"
        saveTestId="float-save"
      >
        <Stack>
          <Select
            label={t("fields.cashier")}
            withAsterisk
            searchable
            data={cashiers}
            value={form.values.user_fk || null}
            onChange={(v) => form.set("user_fk", v ?? "")}
            error={form.error("user_fk")}
            data-testid="float-cashier"
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t("fields.currency")}
            </Text>
            <SegmentedControl
              data={[
                { value: String(CURRENCY_IQD), label: "IQD" },
                { value: String(CURRENCY_USD), label: "USD" },
              ]}
              value={form.values.currency_id}
              onChange={(v) => {
                form.set("currency_id", v);
                form.set("from_account_fk", "");
              }}
              data-testid="float-currency"
            />
            {form.error("currency_id") && (
              <Text c="red" size="xs">
                {form.error("currency_id")}
              </Text>
            )}
          </div>
          <MoneyInput
            label={t("fields.float_amount")}
            withAsterisk
            value={form.values.amount}
            onChange={(v) => form.set("amount", v)}
            error={form.error("amount")}
            data-testid="float-amount"
          />
          <Select
            label={t("fields.from_account")}
            withAsterisk
            searchable
            data={safes.map((a) => ({ value: String(a.account_id), label: names.account(a.account_name, a.system_key) }))}
            value={form.values.from_account_fk || null}
            onChange={(v) => form.set("from_account_fk", v ?? "")}
            error={form.error("from_account_fk")}
            nothingFoundMessage={t("messages:nothingFound")}
            data-testid="float-from-account"
          />
          <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
          <Divider />
          <Title order={5}>{t("floats.open")}</Title>
          {open.data?.length ? (
            <Table striped data-testid="float-open-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("fields.float_number")}</Table.Th>
                  <Table.Th>{t("fields.cashier")}</Table.Th>
                  <Table.Th>{t("fields.float_amount")}</Table.Th>
                  <Table.Th>{t("fields.from_account")}</Table.Th>
                  <Table.Th>{t("fields.given_at")}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {open.data.map((f) => (
                  <Table.Tr key={f.id} data-testid={`float-row-${f.id}`}>
                    <Table.Td>{f.number}</Table.Td>
                    <Table.Td>{f.user_name}</Table.Td>
                    <Table.Td className="amount">
                      {fmt.money(f.amount, f.currency_id)} {currencyCode(f.currency_id)}
                    </Table.Td>
                    <Table.Td>{names.account(f.from_account_name)}</Table.Td>
                    <Table.Td>{fmt.dateTime(f.created_at)}</Table.Td>
                    <Table.Td>
                      {can("closing_drawers/destroy") && (
                        <Tooltip label={t("floats.takeBack")}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t("floats.takeBack")}
                            onClick={() => takeBack.ask(f)}
                            data-testid={`float-delete-${f.id}`}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text c="dimmed" size="sm" data-testid="float-open-none">
              {t("floats.none")}
            </Text>
          )}
        </Stack>
      </FormDialog>
      {takeBack.dialog}
      <ConfirmFigure
        opened={asked !== null}
        message={asked?.text ?? ""}
        loading={give.isPending}
        onClose={() => setAsked(null)}
        onConfirm={() => asked && give.mutate({ ...asked.body, confirmed: true })}
      />
    </>
  );
}
