import { CURRENCY_IQD, DEFAULT_START_DATE } from "@app/contracts";
import { Anchor, Box, Group, Paper, SegmentedControl, SimpleGrid, Skeleton, Stack, Switch, Table, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { EP } from "../../shared/api/ledger";
import type { ListBody } from "../../shared/api/types";
import { businessToday } from "../../shared/businessTime";
import { currenciesQuery } from "../../shared/CurrencyPicker";
import { DateField } from "../../shared/DateField";
import { ExportDialog } from "../../shared/ExportDialog";
import { formatCurrencyAmount, useFormat } from "../../shared/format";
import { GENERAL_LEDGER_PERMISSION, generalLedgerPath } from "../../shared/ledgerLinks";
import { useChangeParams } from "../../shared/liveParams";
import { NoResultsRow } from "../../shared/NoResultsRow";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { usePrint } from "../../shared/usePrint";
import { ReportActions } from "./ReportActions";
import "../../shared/amount.css";

export interface BalanceSheetRow {
  /** Below zero for the earnings rows under equity (retained, the year's), which have no ledger of their own. */
  account_id: number;
  code: string;
  account_name: string;
  system_key?: string | null;
  type: string;
  parent_id: number | null;
  level: number;
  is_group: boolean;
  amount: string;
  compare_amount: string | null;
  change: string | null;
}

const EARNINGS_KEYS = new Set(["retained_earnings", "year_earnings"]);
const INDENT_REM = 1.25;
const printIndent = (level: number) => "\u00a0".repeat(4 * Math.max(0, level - 1));
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Assets, liabilities and equity at the end of a day, as the chart's tree, with the earnings of
 * earlier years and of the day's year under equity; beside them the same at another day and the
 * change. Every account's figure opens its general ledger up to that day. The day, the day
 * compared with, the currency and whether zero rows show live in the address.
 */
export function BalanceSheetPage() {
  const { t } = useTranslation("reports");
  const { print } = usePrint();
  const fmt = useFormat();
  const names = useSeededNames();
  const canLedger = useCan()([...GENERAL_LEDGER_PERMISSION]);
  const currencies = useQuery(currenciesQuery);
  const [params] = useSearchParams();
  const changeParams = useChangeParams();
  const [exportOpen, setExportOpen] = useState(false);
  const dateParam = params.get("date") ?? "";
  const date = DAY.test(dateParam) ? dateParam : businessToday();
  const compareParam = params.get("compare_date") ?? "";
  const compareDate = DAY.test(compareParam) ? compareParam : "";
  const currencyId = Number(params.get("currency_id") ?? CURRENCY_IQD) || CURRENCY_IQD;
  const hideZero = params.get("hide_zero") !== "0";
  const setParam = (key: string, value: string | undefined) =>
    changeParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
      },
      { replace: true },
    );
  const money = (v: string | null | undefined) => formatCurrencyAmount(v ?? "0", currencyId);

  const query = {
    date,
    compare_date: compareDate || undefined,
    currency_id: currencyId,
    "filter[hide_zero]": hideZero ? 1 : 0,
  };
  const report = useQuery({
    queryKey: [EP.balanceSheet, query],
    queryFn: async () => (await api<ListBody<BalanceSheetRow>>(EP.balanceSheet, { query: { ...query, is_paginated: 0 } })).data,
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.data ?? [];
  const footer = report.data?.footer ?? {};
  const comparing = Boolean(compareDate);
  const name = (r: BalanceSheetRow) =>
    r.system_key && EARNINGS_KEYS.has(r.system_key) ? t(`balanceSheet.${r.system_key}`) : names.account(r.account_name, r.system_key);
  const amountHeaders = comparing
    ? [fmt.date(date), fmt.date(compareDate), t("balanceSheet.change")]
    : [t("balanceSheet.amountAt", { date: fmt.date(date) })];
  const figures = (r: BalanceSheetRow) => (comparing ? [r.amount, r.compare_amount, r.change] : [r.amount]);
  const totals = (key: string) => (comparing ? [footer[key], footer[`compare_${key}`], undefined] : [footer[key]]);
  const TOTALS = ["assets", "liabilities", "equity", "liabilities_and_equity"] as const;
  const ledgerTo = (accountId: number, day: string) =>
    generalLedgerPath(accountId, { dateFilter: "DATE_PERIOD", dateBetween: `${DEFAULT_START_DATE},${day}` });

  const headers = [t("fields.code"), t("fields.account_name"), ...amountHeaders];
  const onPrint = () =>
    print({
      title: t("balanceSheet.title"),
      lines: [
        t("balanceSheet.atDate", { date: fmt.date(date) }),
        ...(comparing ? [t("balanceSheet.comparedWith", { date: fmt.date(compareDate) })] : []),
        `${t("currency")}: ${currencies.data?.find((c) => c.currency_id === currencyId)?.currency_name ?? ""}`,
      ],
      numeric: [false, false, ...amountHeaders.map(() => true)],
      headers,
      rows: [
        ...rows.map((r) => [r.code, `${printIndent(r.level)}${name(r)}`, ...figures(r).map((v) => (v == null ? "" : money(v)))]),
        ...TOTALS.map((k) => ["", t(`balanceSheet.total.${k}`), ...totals(k).map((v) => (v == null ? "" : money(v)))]),
      ],
    });

  return (
    <>
      <PageHeader
        title={t("balanceSheet.title")}
        description={t("balanceSheet.description")}
        actions={<ReportActions onPrint={onPrint} onExport={() => setExportOpen(true)} />}
      />
      <Paper withBorder radius="md" p="md" mb="lg" data-testid="report-filters">
        <Group align="flex-end" gap="md" wrap="wrap">
          <DateField
            label={t("balanceSheet.date")}
            value={date}
            onChange={(v) => setParam("date", v || undefined)}
            w={170}
            data-testid="bs-date"
          />
          <DateField
            label={t("balanceSheet.compareDate")}
            value={compareDate || null}
            onChange={(v) => setParam("compare_date", v || undefined)}
            w={170}
            clearable
            data-testid="bs-compare-date"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("currency")}
            </Text>
            <SegmentedControl
              value={String(currencyId)}
              onChange={(v) => setParam("currency_id", v)}
              data={(currencies.data ?? [{ currency_id: CURRENCY_IQD, currency_name: "IQD" }]).map((c) => ({
                value: String(c.currency_id),
                label: c.currency_name,
              }))}
              data-testid="report-currency"
            />
          </Stack>
          <Switch
            label={t("trialBalance.hideZero")}
            checked={hideZero}
            onChange={(e) => setParam("hide_zero", e.currentTarget.checked ? undefined : "0")}
            data-testid="bs-hide-zero"
          />
        </Group>
      </Paper>
      {report.isPending ? (
        <Skeleton h={240} radius="md" />
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {(["assets", "liabilities", "equity"] as const).map((k) => (
              <Paper key={k} withBorder radius="md" p="md" data-testid={`bs-total-${k}`}>
                <Text size="sm" c="dimmed">
                  {t(`balanceSheet.total.${k}`)}
                </Text>
                <Text fz={22} fw={700}>
                  <span className="amount">{money(footer[k])}</span>
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Paper withBorder radius="md" p={0} data-testid="table-balance_sheet">
            <Table.ScrollContainer minWidth={comparing ? 820 : 560}>
              <Table verticalSpacing="xs" horizontalSpacing="md" striped highlightOnHover className="data-table">
                <Table.Thead>
                  <Table.Tr>
                    {headers.map((h, i) => (
                      <Table.Th key={h} ta={i >= 2 ? "end" : undefined}>
                        {h}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.length === 0 && <NoResultsRow colSpan={headers.length} />}
                  {rows.map((r) => (
                    <Table.Tr
                      key={r.account_id}
                      data-testid="table-row"
                      data-level={r.level}
                      data-key={r.system_key ?? undefined}
                      fw={r.is_group ? 700 : undefined}
                    >
                      <Table.Td data-column="code">{r.code}</Table.Td>
                      <Table.Td data-column="account_name">
                        <Box style={{ paddingInlineStart: `${INDENT_REM * (r.level - 1)}rem` }}>{name(r)}</Box>
                      </Table.Td>
                      {figures(r).map((v, i) => {
                        const day = i === 1 ? compareDate : date;
                        const linked = canLedger && r.account_id > 0 && i < 2 && v != null;
                        return (
                          // biome-ignore lint/suspicious/noArrayIndexKey: the columns never move
                          <Table.Td key={i} ta="end" data-column={i === 0 ? "amount" : i === 1 ? "compare_amount" : "change"}>
                            {linked ? (
                              <Anchor
                                component={Link}
                                to={ledgerTo(r.account_id, day)}
                                c="inherit"
                                size="sm"
                                fw={r.is_group ? 700 : undefined}
                                data-testid="bs-ledger-link"
                              >
                                <span className="amount">{money(v)}</span>
                              </Anchor>
                            ) : (
                              <span className="amount">{v == null ? "" : money(v)}</span>
                            )}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  {TOTALS.map((k) => (
                    <Table.Tr key={k} data-testid={`bs-footer-${k}`}>
                      <Table.Td />
                      <Table.Td fw={700}>{t(`balanceSheet.total.${k}`)}</Table.Td>
                      {totals(k).map((v, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the columns never move
                        <Table.Td key={i} fw={700} ta="end">
                          <span className="amount">{v == null ? "" : money(v)}</span>
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        </Stack>
      )}
      <ExportDialog
        opened={exportOpen}
        onClose={() => setExportOpen(false)}
        endpoint={EP.balanceSheet}
        query={query}
        headers={[
          { key: "code", label: t("fields.code") },
          { key: "account_name_indented", label: t("fields.account_name") },
          { key: "amount", label: t("balanceSheet.amountAt", { date: fmt.date(date) }) },
          ...(comparing
            ? [
                { key: "compare_amount", label: t("balanceSheet.amountAt", { date: fmt.date(compareDate) }) },
                { key: "change", label: t("balanceSheet.change") },
              ]
            : []),
        ]}
        initiallyChosen={["code", "account_name_indented", "amount", ...(comparing ? ["compare_amount", "change"] : [])]}
        fileName={t("balanceSheet.title")}
      />
    </>
  );
}
