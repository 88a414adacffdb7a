import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Tabs, Title } from "@mantine/core";
import { IconBuildingBank, IconDeviceFloppy, IconTruck, IconUsers } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import Decimal from "decimal.js";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { accountCurrencyName, cashAccountsListQuery, docDay, EP, useInvalidateLedger } from "../../shared/api/ledger";
import type { DataBody, MessageBody } from "../../shared/api/types";
import { businessNow } from "../../shared/businessTime";
import { lastRateQuery } from "../../shared/CurrencyPicker";
import { DateField } from "../../shared/DateField";
import { plainDecimal } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { orZero } from "../../shared/money";
import { NoResultsRow } from "../../shared/NoResultsRow";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useFigureQuestion } from "../../shared/useFigureQuestion";

interface PartyBalance {
  consumer_id: number;
  iqd: string;
  usd: string;
}

export interface OpeningBalance {
  date: string;
  rate: string;
  cashes: { account_id: number; amount: string }[];
  customers: { consumer_id: number; currency_id: number; amount: string }[];
  suppliers: { consumer_id: number; currency_id: number; amount: string }[];
}

interface Party {
  consumer_id: number;
  consumer_name: string;
  code?: string | null;
}

const partiesQuery = (endpoint: "customers" | "suppliers") => ({
  queryKey: [endpoint, "list", "show_all"],
  queryFn: async () => (await api<MessageBody<Party[]>>(`${endpoint}/list`, { query: { show_all: 1 } })).message,
});

interface OpeningBalanceRecord {
  date: string | null;
  payload: Partial<Omit<OpeningBalance, "date">>;
}

const openingQuery = {
  queryKey: [EP.openingBalance, 1],
  queryFn: async () => {
    const r = (await api<DataBody<OpeningBalanceRecord>>("opening_balance_show/1")).data;
    return { ...r.payload, date: r.date ?? undefined } as Partial<OpeningBalance>;
  },
};

const isAmount = (v: string) => /^-?\d{0,15}(\.\d{0,3})?$/.test(v);

/** Groups a party's saved lines (one per currency) into one row with both amounts. */
function partyRows(parties: Party[], saved: OpeningBalance["customers"] | undefined): PartyBalance[] {
  return parties.map((p) => ({
    consumer_id: p.consumer_id,
    iqd: saved?.find((s) => s.consumer_id === p.consumer_id && s.currency_id === CURRENCY_IQD)?.amount ?? "",
    usd: saved?.find((s) => s.consumer_id === p.consumer_id && s.currency_id === CURRENCY_USD)?.amount ?? "",
  }));
}

/** The parties' rows as the server has them, with what the user typed kept where a row was typed in. */
function keepTyped(fresh: PartyBalance[], mine: PartyBalance[], edited: boolean): PartyBalance[] {
  if (!edited) return fresh;
  const kept = new Map(mine.map((r) => [r.consumer_id, r]));
  return fresh.map((r) => kept.get(r.consumer_id) ?? r);
}

const nonZero = (v: string) => v !== "" && !new Decimal(orZero(v)).isZero();

/** Opening balances of cash accounts, customers and suppliers, against opening-balance equity. */
export function OpeningBalancePage() {
  const { t } = useTranslation("accounting");
  const names = useSeededNames();
  const can = useCan();
  const editable = can("opening_balances/update");
  const opening = useQuery(openingQuery);
  const accounts = useQuery(cashAccountsListQuery);
  const customers = useQuery(partiesQuery("customers"));
  const suppliers = useQuery(partiesQuery("suppliers"));
  const last = useQuery(lastRateQuery);
  const invalidateLedger = useInvalidateLedger();
  const [date, setDate] = useState(businessNow().startOf("year").format("YYYY-MM-DD"));
  const [rate, setRate] = useState("");
  const [cash, setCash] = useState<Record<number, string>>({});
  const [cust, setCust] = useState<PartyBalance[]>([]);
  const [supp, setSupp] = useState<PartyBalance[]>([]);

  // What the user has typed since the form last took the server's values: data that arrives or is
  // fetched again meanwhile (the last rate, a refreshed list) fills the rest and adds rows, but never
  // overwrites what was typed. Saving hands the form back to the server's values.
  const typed = useRef({ date: false, rate: false, amounts: false });
  const edit =
    <T,>(field: keyof typeof typed.current, set: (v: T) => void) =>
    (v: T) => {
      typed.current[field] = true;
      set(v);
    };
  useEffect(() => {
    const o = opening.data;
    // The server sends the business day as written; no conversion to the browser's zone.
    if (o?.date && !typed.current.date) setDate(docDay(o.date));
    const r = plainDecimal(o?.rate ?? last.data?.rate ?? "");
    if (!typed.current.rate) setRate(r ? new Decimal(r).toFixed() : "");
    const saved: Record<number, string> = Object.fromEntries((o?.cashes ?? []).map((c) => [c.account_id, c.amount]));
    setCash(typed.current.amounts ? (mine) => ({ ...saved, ...mine }) : saved);
  }, [opening.data, last.data]);
  useEffect(
    () => setCust((mine) => keepTyped(partyRows(customers.data ?? [], opening.data?.customers), mine, typed.current.amounts)),
    [customers.data, opening.data],
  );
  useEffect(
    () => setSupp((mine) => keepTyped(partyRows(suppliers.data ?? [], opening.data?.suppliers), mine, typed.current.amounts)),
    [suppliers.data, opening.data],
  );

  // A rate far from the one in force is asked about, and saved confirmed once agreed.
  const figure = useFigureQuestion();
  const save = useMutation({
    mutationFn: (vars: { confirmed?: boolean } | undefined) => {
      const lines = (rows: PartyBalance[]) =>
        rows.flatMap((r) => [
          ...(nonZero(r.iqd) ? [{ consumer_id: r.consumer_id, currency_id: CURRENCY_IQD, amount: r.iqd }] : []),
          ...(nonZero(r.usd) ? [{ consumer_id: r.consumer_id, currency_id: CURRENCY_USD, amount: r.usd }] : []),
        ]);
      const body: OpeningBalance & { _method: "PATCH" } = {
        _method: "PATCH",
        date,
        rate: orZero(rate),
        cashes: Object.entries(cash)
          .filter(([, v]) => nonZero(v))
          .map(([k, v]) => ({ account_id: Number(k), amount: v })),
        customers: lines(cust),
        suppliers: lines(supp),
        ...(vars?.confirmed ? { confirmed: true } : {}),
      };
      return api<{ message: string }>("opening_balance_update/1", { method: "POST", body });
    },
    onSuccess: (res) => {
      notifySuccess(res.message);
      typed.current = { date: false, rate: false, amounts: false };
      invalidateLedger();
    },
    onError: (err) => {
      if (!figure.ask(err, () => save.mutate({ confirmed: true }))) notifyError(err);
    },
    meta: { silent: true },
  });

  // Each amount sits in a table cell without a label of its own: its row and column name it.
  const amountInput = (label: string, value: string, onChange: (v: string) => void, testId?: string) => (
    <MoneyInput
      aria-label={label}
      size="xs"
      value={value}
      readOnly={!editable}
      zeroWhenEmpty={false}
      onChange={(v) => isAmount(v) && onChange(v)}
      w={160}
      data-testid={testId}
    />
  );

  const partyTable = (rows: PartyBalance[], parties: Party[] | undefined, setRows: (r: PartyBalance[]) => void, testId: string) => (
    <Table striped verticalSpacing="xs" horizontalSpacing="md" className="data-table" data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("opening.name")}</Table.Th>
          <Table.Th>{t("opening.iqd")}</Table.Th>
          <Table.Th>{t("opening.usd")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && <NoResultsRow colSpan={3} />}
        {rows.map((r, i) => {
          const p = parties?.find((x) => x.consumer_id === r.consumer_id);
          const put = (patch: Partial<PartyBalance>) => setRows(rows.map((x, j) => (j === i ? { ...x, ...patch } : x)));
          const name = p ? names.party(p.consumer_name) : String(r.consumer_id);
          return (
            <Table.Tr key={r.consumer_id}>
              <Table.Td>
                {p ? (p.code ? `${names.party(p.consumer_name)} (${p.code})` : names.party(p.consumer_name)) : r.consumer_id}
              </Table.Td>
              <Table.Td>{amountInput(`${name} ${t("opening.iqd")}`, r.iqd, (v) => put({ iqd: v }))}</Table.Td>
              <Table.Td>{amountInput(`${name} ${t("opening.usd")}`, r.usd, (v) => put({ usd: v }))}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );

  const loading = opening.isPending || accounts.isPending;
  return (
    <>
      <PageHeader
        title={t("opening.title")}
        description={t("opening.description")}
        actions={
          editable && (
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              loading={save.isPending}
              onClick={() => save.mutate(undefined)}
              data-testid="opening-save"
            >
              {t("common:save")}
            </Button>
          )
        }
      />
      {loading ? (
        <Skeleton h={300} radius="md" />
      ) : (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <DateField
                label={t("fields.date")}
                withAsterisk
                readOnly={!editable}
                value={date}
                onChange={(v) => v && edit("date", setDate)(v)}
              />
              <MoneyInput
                label={t("common:currency.rate")}
                description={t("opening.rateHint")}
                readOnly={!editable}
                value={rate}
                onChange={edit("rate", setRate)}
              />
            </SimpleGrid>
          </Paper>
          <Paper withBorder radius="md" p={0}>
            <Tabs defaultValue="cashes">
              <Tabs.List px="md" pt="sm">
                <Tabs.Tab value="cashes" leftSection={<IconBuildingBank size={16} />}>
                  {t("opening.cashes")}
                </Tabs.Tab>
                <Tabs.Tab value="customers" leftSection={<IconUsers size={16} />}>
                  {t("opening.customers")}
                </Tabs.Tab>
                <Tabs.Tab value="suppliers" leftSection={<IconTruck size={16} />}>
                  {t("opening.suppliers")}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="cashes" p="md">
                <Table striped verticalSpacing="xs" horizontalSpacing="md" className="data-table" data-testid="opening-cashes">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("fields.account_name")}</Table.Th>
                      <Table.Th>{t("fields.currency")}</Table.Th>
                      <Table.Th>{t("fields.amount")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(accounts.data ?? []).map((a) => (
                      <Table.Tr key={a.account_id}>
                        <Table.Td>{names.account(a.account_name, a.system_key)}</Table.Td>
                        <Table.Td>{accountCurrencyName(a)}</Table.Td>
                        <Table.Td>
                          {amountInput(
                            `${names.account(a.account_name, a.system_key)} ${t("fields.amount")}`,
                            cash[a.account_id] ?? "",
                            (v) => edit("amounts", setCash)((c) => ({ ...c, [a.account_id]: v })),
                            `opening-cash-${a.account_id}`,
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Tabs.Panel>
              <Tabs.Panel value="customers" p="md">
                {partyTable(cust, customers.data, edit("amounts", setCust), "opening-customers")}
              </Tabs.Panel>
              <Tabs.Panel value="suppliers" p="md">
                {partyTable(supp, suppliers.data, edit("amounts", setSupp), "opening-suppliers")}
              </Tabs.Panel>
            </Tabs>
          </Paper>
          <Group>
            <Title order={6} c="dimmed">
              {t("opening.equityHint")}
            </Title>
          </Group>
        </Stack>
      )}
      {figure.dialog}
    </>
  );
}
