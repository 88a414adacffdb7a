import { ActionIcon, Anchor, Box, Button, Group, Paper, Select, Skeleton, Switch, Table, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconChevronDown, IconChevronLeft, IconChevronRight, IconSearch } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { EP } from "../../shared/api/ledger";
import type { ListBody } from "../../shared/api/types";
import { DateField } from "../../shared/DateField";
import { ExportDialog } from "../../shared/ExportDialog";
import { formatCurrencyAmount, useFormat } from "../../shared/format";
import { GENERAL_LEDGER_PERMISSION, generalLedgerPath } from "../../shared/ledgerLinks";
import { useChangeParams } from "../../shared/liveParams";
import { NoResultsRow } from "../../shared/NoResultsRow";
import { PageHeader } from "../../shared/PageHeader";
import { ReportFilters, useReportFilters } from "../../shared/ReportFilters";
import { useSeededNames } from "../../shared/seededNames";
import { usePrint } from "../../shared/usePrint";
import { ReportActions } from "./ReportActions";
import "../../shared/amount.css";

export interface TrialBalanceRow {
  account_id: number;
  code: string;
  account_name: string;
  /** Set on the seeded chart-of-accounts skeleton. */
  system_key?: string | null;
  parent_id: number | null;
  /** 1 for a root of the chart. */
  level: number;
  is_group: boolean;
  type?: string;
  opening_debit: string;
  opening_credit: string;
  debit: string;
  credit: string;
  balance_debit: string;
  balance_credit: string;
  /** The compared period's figures and the closing balance's change (debit positive), when one is chosen. */
  compare_opening_debit?: string | null;
  compare_opening_credit?: string | null;
  compare_debit?: string | null;
  compare_credit?: string | null;
  compare_balance_debit?: string | null;
  compare_balance_credit?: string | null;
  difference?: string | null;
}

const AMOUNTS = ["opening_debit", "opening_credit", "debit", "credit", "balance_debit", "balance_credit"] as const;
const COMPARED = AMOUNTS.map((k) => `compare_${k}` as const);
type Figure = (typeof AMOUNTS)[number] | (typeof COMPARED)[number] | "difference";
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const nextDay = (day: string) => dayjs(day).add(1, "day").format("YYYY-MM-DD");

/**
 * The days whose movements make the change between the two closing balances: from the day after
 * the earlier closing to the later one (the period itself when both close on the same day).
 */
export function differencePeriod(period: string | undefined, compared: string | undefined): string | undefined {
  const end = period?.split(",")[1];
  const compareEnd = compared?.split(",")[1];
  if (!end || !compareEnd || !DAY.test(end) || !DAY.test(compareEnd)) return undefined;
  if (compareEnd < end) return `${nextDay(compareEnd)},${end}`;
  if (end < compareEnd) return `${nextDay(end)},${compareEnd}`;
  return period;
}
const DEPTHS = ["1", "2", "3", "4", "5"];
/** Indentation per level below the roots, on screen (logical, so right to left too) and in print. */
const INDENT_REM = 1.25;
const printIndent = (level: number) => "\u00a0".repeat(4 * Math.max(0, level - 1));

/**
 * The rows left once collapsed groups hide their subtrees (rows come in tree order: each group
 * directly before its descendants).
 */
export function visibleRows(rows: TrialBalanceRow[], collapsed: ReadonlySet<number>): TrialBalanceRow[] {
  const out: TrialBalanceRow[] = [];
  let hideBelow: number | undefined;
  for (const r of rows) {
    if (hideBelow !== undefined && r.level > hideBelow) continue;
    hideBelow = undefined;
    out.push(r);
    if (r.is_group && collapsed.has(r.account_id)) hideBelow = r.level;
  }
  return out;
}

/**
 * The trial balance as the chart of accounts' tree: groups show the roll-ups of their subtrees in
 * bold and open or close; zero accounts are hidden unless asked for; a depth shows only the top
 * levels. The period, currency, search and options live in the address.
 */
export function TrialBalancePage() {
  const { t } = useTranslation("reports");
  const { print, describe } = usePrint();
  const fmt = useFormat();
  const names = useSeededNames();
  const filters = useReportFilters();
  // Every account row opens its general ledger over the same period.
  const canLedger = useCan()([...GENERAL_LEDGER_PERMISSION]);
  const money = (v: string | undefined) => formatCurrencyAmount(v, filters.value.currencyId);
  const [params] = useSearchParams();
  const changeParams = useChangeParams();
  const search = params.get("search") ?? "";
  const hideZero = params.get("hide_zero") !== "0";
  const depth = DEPTHS.includes(params.get("depth") ?? "") ? (params.get("depth") as string) : "";
  const [searchText, setSearchText] = useState(search);
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [exportOpen, setExportOpen] = useState(false);
  // The period compared with (both days, or none), kept in the address.
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
  // The box keeps what is typed while its own search goes through the address (a trailing space, keys typed meanwhile).
  const ownSearch = useRef(search);
  useEffect(() => {
    if (search === ownSearch.current) return;
    ownSearch.current = search;
    setSearchText(search);
  }, [search]);

  const setParam = (key: string, value: string | undefined) =>
    changeParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
      },
      { replace: true },
    );
  const pushSearch = useDebouncedCallback((v: string) => {
    ownSearch.current = v.trim();
    setParam("search", v.trim() || undefined);
  }, 250);
  // A search still waiting when the page is left (an account opened) must not land in the next page's address.
  const pending = useRef(pushSearch);
  pending.current = pushSearch;
  useEffect(() => () => pending.current.cancel(), []);

  const query = {
    ...filters.query,
    search: search || undefined,
    "filter[hide_zero]": hideZero ? 1 : 0,
    "filter[depth]": depth || undefined,
    "filter[compare_date_between]": comparing ? `${compareFrom},${compareTo}` : undefined,
  };
  const report = useQuery({
    queryKey: [EP.trialBalance, "tree", query],
    queryFn: async () => (await api<ListBody<TrialBalanceRow>>(EP.trialBalance, { query: { ...query, is_paginated: 0 } })).data,
    placeholderData: keepPreviousData,
  });
  const rows = report.data?.data ?? [];
  const footer = report.data?.footer ?? {};
  const shown = useMemo(() => visibleRows(rows, collapsed), [rows, collapsed]);
  const groups = rows.filter((r) => r.is_group && (!depth || r.level < Number(depth)));

  const toggle = (id: number) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // Beside the period's figures, the compared period's and the change of the closing balance.
  const figures: Figure[] = comparing ? [...AMOUNTS, ...COMPARED, "difference"] : [...AMOUNTS];
  const label = (k: Figure) =>
    k === "difference"
      ? t("trialBalance.difference")
      : k.startsWith("compare_")
        ? t("trialBalance.comparedField", { field: t(`fields.${k.slice("compare_".length)}`) })
        : t(`fields.${k}`);
  const headers = [t("fields.code"), t("fields.account_name"), ...figures.map(label)];
  // Each figure opens the account's general ledger over the days it counts.
  const comparedPeriod = { dateFilter: "DATE_PERIOD" as const, dateBetween: `${compareFrom},${compareTo}` };
  const changePeriod = differencePeriod(footer.date_between, footer.compare_date_between);
  const ledgerOf = (accountId: number, k: Figure) =>
    k === "difference"
      ? generalLedgerPath(accountId, changePeriod ? { dateFilter: "DATE_PERIOD", dateBetween: changePeriod } : filters.value)
      : k.startsWith("compare_")
        ? generalLedgerPath(accountId, comparedPeriod)
        : generalLedgerPath(accountId, filters.value);
  const onPrint = () =>
    print({
      title: t("trialBalance.title"),
      lines: [
        ...describe(filters.query),
        ...(comparing ? [t("trialBalance.comparedWith", { from: fmt.date(compareFrom), to: fmt.date(compareTo) })] : []),
      ],
      numeric: [false, false, ...figures.map(() => true)],
      headers,
      rows: shown.map((r) => [
        r.code,
        `${printIndent(r.level)}${names.account(r.account_name, r.system_key)}`,
        ...figures.map((k) => money(r[k] ?? "0")),
      ]),
      footer: ["", t("table:total"), ...figures.map((k) => money(footer[k] ?? "0"))],
    });

  const Closed = fmt.rtl ? IconChevronLeft : IconChevronRight;

  return (
    <>
      <PageHeader
        title={t("trialBalance.title")}
        description={t("trialBalance.description")}
        actions={<ReportActions onPrint={onPrint} onExport={() => setExportOpen(true)} />}
      />
      <ReportFilters filters={filters}>
        <Select
          label={t("trialBalance.depth")}
          allowDeselect={false}
          data={[{ value: "", label: t("trialBalance.allLevels") }, ...DEPTHS.map((d) => ({ value: d, label: d }))]}
          value={depth}
          onChange={(v) => setParam("depth", v || undefined)}
          w={140}
          data-testid="tb-depth"
        />
        <DateField
          label={t("trialBalance.compareFrom")}
          value={compareFrom || null}
          onChange={(v) => setCompare(0, v ?? "")}
          w={170}
          clearable
          data-testid="tb-compare-from"
        />
        <DateField
          label={t("trialBalance.compareTo")}
          value={compareTo || null}
          onChange={(v) => setCompare(1, v ?? "")}
          w={170}
          clearable
          data-testid="tb-compare-to"
        />
      </ReportFilters>
      <Paper withBorder radius="md" p={0} data-testid="table-trial_balance">
        <Group p="md" gap="md" justify="space-between" wrap="wrap">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t("table:search")}
            value={searchText}
            onChange={(e) => {
              setSearchText(e.currentTarget.value);
              pushSearch(e.currentTarget.value);
            }}
            w={260}
            data-testid="table-search"
          />
          <Group gap="md">
            <Switch
              label={t("trialBalance.hideZero")}
              checked={hideZero}
              onChange={(e) => setParam("hide_zero", e.currentTarget.checked ? undefined : "0")}
              data-testid="tb-hide-zero"
            />
            <Button variant="subtle" size="xs" onClick={() => setCollapsed(new Set())} data-testid="tb-expand-all">
              {t("trialBalance.expandAll")}
            </Button>
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setCollapsed(new Set(groups.map((g) => g.account_id)))}
              data-testid="tb-collapse-all"
            >
              {t("trialBalance.collapseAll")}
            </Button>
          </Group>
        </Group>
        {report.isPending ? (
          <Skeleton h={240} />
        ) : (
          <Table.ScrollContainer minWidth={comparing ? 1800 : 900}>
            <Table verticalSpacing="xs" horizontalSpacing="md" striped highlightOnHover className="data-table">
              <Table.Thead>
                {comparing && (
                  <Table.Tr>
                    <Table.Th colSpan={2} />
                    <Table.Th colSpan={AMOUNTS.length} ta="center">
                      {t("trialBalance.period")}
                    </Table.Th>
                    <Table.Th colSpan={AMOUNTS.length} ta="center" data-testid="tb-compared-heading">
                      {t("trialBalance.comparedWith", { from: fmt.date(compareFrom), to: fmt.date(compareTo) })}
                    </Table.Th>
                    <Table.Th />
                  </Table.Tr>
                )}
                <Table.Tr>
                  <Table.Th>{t("fields.code")}</Table.Th>
                  <Table.Th>{t("fields.account_name")}</Table.Th>
                  {figures.map((k) => (
                    <Table.Th key={k} ta="end">
                      {k === "difference" ? label(k) : t(`fields.${k.replace(/^compare_/, "")}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.length === 0 && <NoResultsRow colSpan={headers.length} />}
                {shown.map((r) => {
                  const open = !collapsed.has(r.account_id);
                  const canToggle = r.is_group && (!depth || r.level < Number(depth));
                  return (
                    <Table.Tr
                      key={r.account_id}
                      data-testid="table-row"
                      data-level={r.level}
                      data-group={r.is_group ? "true" : undefined}
                      fw={r.is_group ? 700 : undefined}
                    >
                      <Table.Td data-column="code">{r.code}</Table.Td>
                      <Table.Td data-column="account_name">
                        <Box style={{ paddingInlineStart: `${INDENT_REM * (r.level - 1)}rem` }}>
                          <Group gap={4} wrap="nowrap">
                            {canToggle ? (
                              <ActionIcon
                                variant="subtle"
                                size="sm"
                                onClick={() => toggle(r.account_id)}
                                aria-label={t(open ? "trialBalance.collapse" : "trialBalance.expand")}
                                aria-expanded={open}
                                data-testid="tb-toggle"
                              >
                                {open ? <IconChevronDown size={14} /> : <Closed size={14} />}
                              </ActionIcon>
                            ) : (
                              <Box w={22} />
                            )}
                            {canLedger ? (
                              <Anchor
                                component={Link}
                                to={generalLedgerPath(r.account_id, filters.value)}
                                c="inherit"
                                size="sm"
                                fw={r.is_group ? 700 : undefined}
                                onClick={() => pushSearch.cancel()}
                                data-testid="tb-ledger-link"
                              >
                                {names.account(r.account_name, r.system_key)}
                              </Anchor>
                            ) : (
                              <span>{names.account(r.account_name, r.system_key)}</span>
                            )}
                          </Group>
                        </Box>
                      </Table.Td>
                      {figures.map((k) => (
                        <Table.Td key={k} data-column={k} ta="end">
                          {canLedger ? (
                            <Anchor
                              component={Link}
                              to={ledgerOf(r.account_id, k)}
                              c="inherit"
                              size="sm"
                              fw={r.is_group ? 700 : undefined}
                              onClick={() => pushSearch.cancel()}
                              data-testid="tb-figure-link"
                            >
                              <span className="amount">{money(r[k] ?? "0")}</span>
                            </Anchor>
                          ) : (
                            <span className="amount">{money(r[k] ?? "0")}</span>
                          )}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Td />
                  <Table.Td fw={700}>{t("table:total")}</Table.Td>
                  {figures.map((k) => (
                    <Table.Td key={k} fw={700} data-column={k} ta="end">
                      <span className="amount">{money(footer[k] ?? "0")}</span>
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <ExportDialog
        opened={exportOpen}
        onClose={() => setExportOpen(false)}
        endpoint={EP.trialBalance}
        query={query}
        headers={[
          { key: "code", label: t("fields.code") },
          { key: "account_name_indented", label: t("fields.account_name") },
          ...figures.map((k) => ({ key: k, label: label(k) })),
        ]}
        initiallyChosen={["code", "account_name_indented", ...figures]}
        fileName={t("trialBalance.title")}
      />
    </>
  );
}
