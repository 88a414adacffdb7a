import { Anchor, Badge, Group, Select, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { docDay, EP } from "../../shared/api/ledger";
import type { ListBody } from "../../shared/api/types";
import { type Column, DataTable } from "../../shared/DataTable";
import { formatCurrencyAmount, useFormat } from "../../shared/format";
import { ChooseFirst } from "../../shared/ListPage";
import { generalLedgerPath } from "../../shared/ledgerLinks";
import { PageHeader } from "../../shared/PageHeader";
import { ReportFilters, useReportFilters } from "../../shared/ReportFilters";
import { SourceCell, sourceText } from "../../shared/SourceCell";
import { journalDescription, useSeededNames } from "../../shared/seededNames";
import "../../shared/amount.css";

const ENDPOINT = "financial_reports/general_ledger";

export interface LedgerLine {
  line_id: number;
  entry_id: number | null;
  date: string;
  is_opening: boolean;
  source_type: string;
  source_id: number | null;
  source_no: string | null;
  description: string | null;
  is_reversal: boolean;
  account_code: string | null;
  account_name: string | null;
  account_system_key: string | null;
  debit: string;
  credit: string;
  balance: string;
}

interface AccountOption {
  account_id: number;
  code: string;
  account_name: string;
  system_key?: string | null;
  level: number;
}

/** Chooses the account whose ledger is shown: the chart of accounts in tree order, searchable by code and name. */
function AccountPicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation("ledger");
  const names = useSeededNames();
  const accounts = useQuery({
    queryKey: [EP.trialBalance, "accounts"],
    queryFn: async () =>
      (
        await api<ListBody<AccountOption>>(EP.trialBalance, {
          query: { is_paginated: 0, "filter[hide_zero]": 0, "filter[date_filter]": "TODAY" },
        })
      ).data.data,
    staleTime: 60_000,
    meta: { silent: true },
  });
  const data = (accounts.data ?? []).map((a) => ({
    value: String(a.account_id),
    label: `${a.code} ${names.account(a.account_name, a.system_key)}`,
  }));
  return (
    <Select
      label={t("account")}
      placeholder={t("chooseAccount")}
      searchable
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      nothingFoundMessage={t("messages:nothingFound")}
      w={320}
      data-testid="gl-account"
    />
  );
}

/**
 * The general ledger of one account (a group: its whole subtree, in the system currency): the
 * balance before the period first, then every journal line with its running balance, the source
 * document linked; period in the address, print and xlsx through the list.
 */
export function GeneralLedgerPage() {
  const { t } = useTranslation("ledger");
  const fmt = useFormat();
  const names = useSeededNames();
  const can = useCan();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = useParams().id;
  const id = raw && /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
  const filters = useReportFilters("THIS_YEAR");
  const period = {
    "filter[date_filter]": filters.query["filter[date_filter]"],
    "filter[date_between]": filters.query["filter[date_between]"],
  };
  const head = useQuery({
    queryKey: [ENDPOINT, "head", id, period],
    queryFn: async () => (await api<ListBody<LedgerLine>>(ENDPOINT, { query: { account_id: id ?? 0, ...period, per_page: 1 } })).data,
    enabled: id !== null,
    meta: { silent: true },
  });
  const footer = head.data?.footer ?? {};
  const currencyId = Number(footer.currency_id) || filters.value.currencyId;
  const money = (v: string | null | undefined) => formatCurrencyAmount(v ?? "0", currencyId);
  const isGroup = footer.is_group === "1";
  const title = footer.code ? `${t("title")} — ${footer.code} ${names.account(footer.account_name, footer.system_key)}` : t("title");

  const choose = (account: number | null) =>
    navigate(account ? `${generalLedgerPath(account)}${params.toString() ? `?${params}` : ""}` : `/accounting/general-ledger?${params}`);

  const columns: Column<LedgerLine>[] = [
    { key: "date", label: "ledger:fields.date", text: (r) => fmt.date(docDay(r.date)) },
    {
      key: "source_type",
      label: "ledger:fields.source",
      text: (r) => (r.is_opening ? t("openingBalance") : sourceText(t, r.source_type, r.source_no)),
      render: (r) =>
        r.is_opening ? (
          <Text size="sm" fw={600}>
            {t("openingBalance")}
          </Text>
        ) : (
          <SourceCell type={r.source_type} number={r.source_no} reversal={r.is_reversal} />
        ),
    },
    { key: "description", label: "ledger:fields.description", text: (r) => journalDescription(t, r.description) },
    ...(isGroup
      ? [
          {
            key: "account_name",
            label: "ledger:fields.account",
            text: (r: LedgerLine) => (r.account_code ? `${r.account_code} ${names.account(r.account_name, r.account_system_key)}` : ""),
          } satisfies Column<LedgerLine>,
        ]
      : []),
    {
      key: "debit",
      label: "ledger:fields.debit",
      format: "amount",
      text: (r) => money(r.debit),
      render: (r) => <span className="amount">{money(r.debit)}</span>,
      footer: (s) => money(s.debit),
    },
    {
      key: "credit",
      label: "ledger:fields.credit",
      format: "amount",
      text: (r) => money(r.credit),
      render: (r) => <span className="amount">{money(r.credit)}</span>,
      footer: (s) => money(s.credit),
    },
    {
      key: "balance",
      label: "ledger:fields.balance",
      format: "amount",
      text: (r) => money(r.balance),
      render: (r) => (
        <span className="amount" data-testid="gl-balance">
          {money(r.balance)}
        </span>
      ),
      footer: (s) => money(s.closing),
    },
  ];

  return (
    <>
      <PageHeader title={title} description={t("description")} />
      <ReportFilters filters={filters} currency={false}>
        <AccountPicker value={id} onChange={choose} />
      </ReportFilters>
      {id === null ? (
        <ChooseFirst testId="gl-choose" />
      ) : (
        <>
          {head.data && (
            <Group gap="sm" mb="sm" data-testid="gl-summary">
              <Badge size="lg" variant="light" color="gray">
                {t("currency")}: {footer.currency_name || "—"}
              </Badge>
              <Badge size="lg" variant="light" color="blue" data-testid="gl-opening">
                {t("openingBalance")}: {money(footer.opening)}
              </Badge>
              <Badge size="lg" variant="light" color="teal" data-testid="gl-closing">
                {t("closingBalance")}: {money(footer.closing)}
              </Badge>
              {can("_model_loges") && (
                <Anchor component={Link} to={`/accounting/journal?filter[account_id]=${id}`} size="sm">
                  {t("journalOfAccount")}
                </Anchor>
              )}
            </Group>
          )}
          <DataTable<LedgerLine>
            key={id}
            endpoint={ENDPOINT}
            model="general_ledger"
            title="ledger:title"
            columns={columns}
            rowKey={(r) => r.line_id}
            defaultSort="date"
            defaultDir="asc"
            query={{ account_id: id, ...period }}
          />
        </>
      )}
    </>
  );
}
