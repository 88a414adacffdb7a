import { Anchor, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCan, useSession } from "../../app/session";
import { docDay } from "../../shared/api/ledger";
import type { Column } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { ListPage, selectFilter } from "../../shared/ListPage";
import { GENERAL_LEDGER_PERMISSION, generalLedgerPath } from "../../shared/ledgerLinks";
import { SourceCell, sourceText } from "../../shared/SourceCell";
import { journalDescription, useSeededNames } from "../../shared/seededNames";
import "../../shared/amount.css";

interface JournalLine {
  line_id: number;
  account_id: number;
  code: string;
  account_name: string;
  system_key: string | null;
  debit: string;
  credit: string;
  sys_debit: string;
  sys_credit: string;
  /** The account's currency: the line's debit or credit is in it. */
  currency_id: number;
}

interface JournalEntry {
  entry_id: number;
  date: string;
  source_type: string;
  source_id: number;
  source_no: string | null;
  description: string | null;
  is_reversal: boolean;
  created_by_name: string | null;
  amount: string;
  lines: JournalLine[];
}

const SOURCE_TYPES = [
  "expenses",
  "incomes",
  "cash_transaction",
  "customer_transaction",
  "supplier_transaction",
  "opening_balance",
  "exchange_revaluation",
];

/**
 * The journal: every entry the ledger holds, newest first, with its lines (accounts opening their
 * general ledger) and the document it posts; for those who may read the system's logs.
 */
export function JournalPage() {
  const { t } = useTranslation("ledger");
  const fmt = useFormat();
  const systemCurrency = useSession().systemConfig.currency_fk;
  const names = useSeededNames();
  const can = useCan();
  const ledgerLinks = can([...GENERAL_LEDGER_PERMISSION]);
  const accountText = (l: JournalLine) => `${l.code} ${names.account(l.account_name, l.system_key)}`;

  const columns: Column<JournalEntry>[] = [
    { key: "entry_id", label: "ledger:fields.entry" },
    { key: "date", label: "ledger:fields.date", text: (r) => fmt.date(docDay(r.date)) },
    {
      key: "source_type",
      label: "ledger:fields.source",
      text: (r) => sourceText(t, r.source_type, r.source_no),
      render: (r) => <SourceCell type={r.source_type} number={r.source_no} reversal={r.is_reversal} />,
    },
    { key: "description", label: "ledger:fields.description", text: (r) => journalDescription(t, r.description) },
    {
      key: "lines",
      label: "ledger:fields.lines",
      text: (r) =>
        r.lines
          .map(
            (l) =>
              `${accountText(l)}: ${Number(l.debit) ? `${t("fields.debit")} ${fmt.money(l.debit, l.currency_id)}` : `${t("fields.credit")} ${fmt.money(l.credit, l.currency_id)}`}`,
          )
          .join(" · "),
      render: (r) => (
        <Stack gap={2} data-testid="journal-lines">
          {r.lines.map((l) => (
            <Group key={l.line_id} gap="md" wrap="nowrap" justify="space-between" data-testid="journal-line">
              {ledgerLinks ? (
                <Anchor component={Link} to={generalLedgerPath(l.account_id)} size="sm">
                  {accountText(l)}
                </Anchor>
              ) : (
                <Text size="sm">{accountText(l)}</Text>
              )}
              {/* The word in the page's direction, the figure left to right after it. */}
              <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                {Number(l.debit) ? t("fields.debit") : t("fields.credit")}{" "}
                <span className="amount">{fmt.money(Number(l.debit) ? l.debit : l.credit, l.currency_id)}</span>
              </Text>
            </Group>
          ))}
        </Stack>
      ),
    },
    {
      key: "amount",
      label: "ledger:fields.amount",
      format: "amount",
      // The entry's size in the system currency.
      currency: () => systemCurrency,
      render: (r) => <span className="amount">{fmt.money(r.amount, systemCurrency)}</span>,
    },
    { key: "created_by_name", label: "ledger:fields.createdBy" },
  ];

  return (
    <ListPage<JournalEntry>
      ns="ledger"
      name="journal"
      endpoint="journal_entries"
      model="journal"
      columns={columns}
      rowKey={(r) => r.entry_id}
      defaultSort="date"
      defaultDir="desc"
      dateFilter
      filters={[
        selectFilter(
          "source_type",
          "ledger:fields.source",
          SOURCE_TYPES.map((s) => ({ value: s, label: `ledger:sources.${s}` })),
        ),
      ]}
    />
  );
}
