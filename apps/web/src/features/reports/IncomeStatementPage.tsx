import { Divider, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Decimal from "decimal.js";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { api } from "../../shared/api/client";
import { EP } from "../../shared/api/ledger";
import type { ListBody } from "../../shared/api/types";
import { DateField } from "../../shared/DateField";
import { ExportDialog } from "../../shared/ExportDialog";
import { useFormat } from "../../shared/format";
import { useChangeParams } from "../../shared/liveParams";
import { NoResultsRow } from "../../shared/NoResultsRow";
import { PageHeader } from "../../shared/PageHeader";
import { ReportFilters, useReportFilters } from "../../shared/ReportFilters";
import { useSeededNames } from "../../shared/seededNames";
import { usePrint } from "../../shared/usePrint";
import { ReportActions } from "./ReportActions";
import "../../shared/amount.css";

export interface IncomeStatementRow {
  account_id: number;
  code: string;
  account_name: string;
  /** Set on the seeded chart-of-accounts skeleton. */
  system_key?: string | null;
  /** income or expense */
  type: string;
  income: string;
  expense: string;
  /** In the period compared with, when one is chosen. */
  compare_income?: string | null;
  compare_expense?: string | null;
}

const amountOf = (r: IncomeStatementRow) => (r.type === "income" ? r.income : r.expense);
const compareOf = (r: IncomeStatementRow) => (r.type === "income" ? r.compare_income : r.compare_expense);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const sum = (rows: IncomeStatementRow[]) => rows.reduce((acc, r) => acc.plus(new Decimal(amountOf(r) || "0")), new Decimal(0)).toFixed();

/** Income less expenses for the period, from the ledger, in the chosen currency. */
export function IncomeStatementPage() {
  const { t } = useTranslation("reports");
  const { print, describe } = usePrint();
  const fmt = useFormat();
  const names = useSeededNames();
  const filters = useReportFilters();
  // In the report's currency: dinars to the "IQD decimals shown" setting, dollars with cents.
  const money = (v: string | null | undefined) => fmt.money(v ?? "0", filters.value.currencyId);
  const [exportOpen, setExportOpen] = useState(false);
  // The period compared with (both days, or none), kept in the address.
  const [params] = useSearchParams();
  const changeParams = useChangeParams();
  const [compareFrom = "", compareTo = ""] = (params.get("compare") ?? "").split(",");
  const comparing = DAY.test(compareFrom) && DAY.test(compareTo);
  const setCompare = (side: 0 | 1, day: string) =>
    changeParams(
      (p) => {
        const both = (p.get("compare") ?? ",").split(",");
        both[side] = day;
        if (both[0] || both[1]) p.set("compare", `${both[0] ?? ""},${both[1] ?? ""}`);
        else p.delete("compare");
      },
      { replace: true },
    );
  const query = {
    ...filters.query,
    ...(comparing ? { "filter[compare_date_between]": `${compareFrom},${compareTo}` } : {}),
    is_paginated: 0,
  };
  const report = useQuery({
    queryKey: [EP.incomeStatement, query],
    queryFn: async () => (await api<ListBody<IncomeStatementRow>>(EP.incomeStatement, { query })).data,
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.data ?? [];
  const income = rows.filter((r) => r.type === "income");
  const expenses = rows.filter((r) => r.type !== "income");
  const footer = report.data?.footer ?? {};
  const totalIncome = footer.income ?? sum(income);
  const totalExpense = footer.expense ?? sum(expenses);
  const net = footer.net_profit ?? new Decimal(totalIncome).minus(totalExpense).toFixed();
  const netNegative = new Decimal(net).isNegative();
  // "Net loss" already says which way it went: the figure shows without a sign.
  const netShown = money(net).replace(/^-/, "");
  const compareNet = footer.compare_net_profit;

  const onPrint = () =>
    print({
      title: t("incomeStatement.title"),
      lines: [
        ...describe(filters.query),
        ...(comparing ? [t("incomeStatement.comparedWith", { from: fmt.date(compareFrom), to: fmt.date(compareTo) })] : []),
      ],
      numeric: [false, false, true, ...(comparing ? [true] : [])],
      headers: [t("fields.code"), t("fields.account_name"), t("fields.amount"), ...(comparing ? [t("incomeStatement.compared")] : [])],
      rows: [
        [t("incomeStatement.income"), "", "", ...(comparing ? [""] : [])],
        ...income.map((r) => [
          r.code,
          names.account(r.account_name, r.system_key),
          money(amountOf(r)),
          ...(comparing ? [money(compareOf(r))] : []),
        ]),
        ["", t("incomeStatement.totalIncome"), money(totalIncome), ...(comparing ? [money(footer.compare_income)] : [])],
        [t("incomeStatement.expenses"), "", "", ...(comparing ? [""] : [])],
        ...expenses.map((r) => [
          r.code,
          names.account(r.account_name, r.system_key),
          money(amountOf(r)),
          ...(comparing ? [money(compareOf(r))] : []),
        ]),
        ["", t("incomeStatement.totalExpenses"), money(totalExpense), ...(comparing ? [money(footer.compare_expense)] : [])],
      ],
      footer: [
        "",
        t(netNegative ? "incomeStatement.netLoss" : "incomeStatement.netIncome"),
        netShown,
        ...(comparing ? [money(compareNet)] : []),
      ],
    });

  const section = (title: string, list: IncomeStatementRow[], total: string, compareTotal: string | undefined, testId: string) => (
    <Paper withBorder radius="md" p={0} data-testid={testId}>
      <Title order={4} p="md">
        {title}
      </Title>
      <Table verticalSpacing="sm" horizontalSpacing="md" striped className="data-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={120}>{t("fields.code")}</Table.Th>
            <Table.Th>{t("fields.account_name")}</Table.Th>
            <Table.Th w={200}>{t("fields.amount")}</Table.Th>
            {comparing && <Table.Th w={200}>{t("incomeStatement.compared")}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.length === 0 && <NoResultsRow colSpan={comparing ? 4 : 3} />}
          {list.map((r) => (
            <Table.Tr key={r.account_id}>
              <Table.Td>{r.code}</Table.Td>
              <Table.Td>{names.account(r.account_name, r.system_key)}</Table.Td>
              <Table.Td>
                <span className="amount">{money(amountOf(r))}</span>
              </Table.Td>
              {comparing && (
                <Table.Td data-column="compare">
                  <span className="amount">{money(compareOf(r))}</span>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Td colSpan={2} fw={700}>
              {t("table:total")}
            </Table.Td>
            <Table.Td fw={700}>
              <span className="amount">{money(total)}</span>
            </Table.Td>
            {comparing && (
              <Table.Td fw={700} data-column="compare-total">
                <span className="amount">{money(compareTotal)}</span>
              </Table.Td>
            )}
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );

  return (
    <>
      <PageHeader
        title={t("incomeStatement.title")}
        description={t("incomeStatement.description")}
        actions={<ReportActions onPrint={onPrint} onExport={() => setExportOpen(true)} />}
      />
      <ReportFilters filters={filters}>
        <DateField
          label={t("incomeStatement.compareFrom")}
          value={compareFrom || null}
          onChange={(v) => setCompare(0, v ?? "")}
          w={170}
          clearable
          data-testid="is-compare-from"
        />
        <DateField
          label={t("incomeStatement.compareTo")}
          value={compareTo || null}
          onChange={(v) => setCompare(1, v ?? "")}
          w={170}
          clearable
          data-testid="is-compare-to"
        />
      </ReportFilters>
      {report.isPending ? (
        <Skeleton h={240} radius="md" />
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {section(t("incomeStatement.income"), income, totalIncome, footer.compare_income, "income-section")}
            {section(t("incomeStatement.expenses"), expenses, totalExpense, footer.compare_expense, "expense-section")}
          </SimpleGrid>
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between">
              <Title order={3}>{t(netNegative ? "incomeStatement.netLoss" : "incomeStatement.netIncome")}</Title>
              <Text fz={26} fw={700} c={netNegative ? "red" : "teal"} data-testid="net-income">
                <span className="amount">{netShown}</span>
              </Text>
            </Group>
            <Divider my="sm" />
            <Group gap="xl">
              <Text size="sm" c="dimmed">
                {t("incomeStatement.totalIncome")}: <b className="amount">{money(totalIncome)}</b>
              </Text>
              <Text size="sm" c="dimmed">
                {t("incomeStatement.totalExpenses")}: <b className="amount">{money(totalExpense)}</b>
              </Text>
              {comparing && (
                <Text size="sm" c="dimmed" data-testid="compare-net">
                  {t("incomeStatement.comparedNet")}: <b className="amount">{money(compareNet)}</b>
                </Text>
              )}
            </Group>
          </Paper>
        </Stack>
      )}
      <ExportDialog
        opened={exportOpen}
        onClose={() => setExportOpen(false)}
        endpoint={EP.incomeStatement}
        query={{ ...filters.query, ...(comparing ? { "filter[compare_date_between]": `${compareFrom},${compareTo}` } : {}) }}
        headers={[
          { key: "code", label: t("fields.code") },
          { key: "account_name", label: t("fields.account_name") },
          { key: "type", label: t("fields.type") },
          { key: "income", label: t("incomeStatement.income") },
          { key: "expense", label: t("incomeStatement.expenses") },
          ...(comparing
            ? [
                { key: "compare_income", label: `${t("incomeStatement.income")} (${t("incomeStatement.compared")})` },
                { key: "compare_expense", label: `${t("incomeStatement.expenses")} (${t("incomeStatement.compared")})` },
              ]
            : []),
        ]}
        initiallyChosen={["code", "account_name", "type", "income", "expense", ...(comparing ? ["compare_income", "compare_expense"] : [])]}
        fileName={t("incomeStatement.title")}
      />
    </>
  );
}
