import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { Button, Skeleton } from "@mantine/core";
import { IconArrowBack, IconListDetails } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { docDay } from "../../shared/api/ledger";
import { PARTY, type PartyKind, type PartyRow, partyStatementQuery } from "../../shared/api/parties";
import { type Column, DataTable } from "../../shared/DataTable";
import { ExportDialog } from "../../shared/ExportDialog";
import { useFormat } from "../../shared/format";
import { useChangeParams } from "../../shared/liveParams";
import { PageHeader } from "../../shared/PageHeader";
import { PartyPicker, usePartyChoice } from "../../shared/parties/PartyPicker";
import { StatementView } from "../../shared/parties/StatementView";
import { statementSections } from "../../shared/parties/statement";
import { ReportFilters, useReportFilters } from "../../shared/ReportFilters";
import { journalDescription, useSeededNames } from "../../shared/seededNames";
import { usePrint } from "../../shared/usePrint";
import { ReportActions } from "./ReportActions";

const STATEMENT_COLUMNS = ["date", "source_type", "description", "currency_name", "debit", "credit", "balance"] as const;

/**
 * Customer or supplier statements from the ledger: every party's balance in both currencies
 * (their sum equals the control account), and, for a chosen party, the statement of the period
 * with its running balance per currency. Both print and export to xlsx.
 */
export function PartyStatementReportPage({ kind }: { kind: PartyKind }) {
  const cfg = PARTY[kind];
  const { t } = useTranslation("reports");
  const { print, describe } = usePrint();
  const fmt = useFormat();
  const names = useSeededNames();
  const filters = useReportFilters("THIS_YEAR");
  const [params] = useSearchParams();
  const changeParams = useChangeParams();
  const raw = params.get("party");
  const id = raw && /^[1-9]\d*$/.test(raw) ? Number(raw) : null;
  const { choice } = usePartyChoice(kind, id);
  const [exportOpen, setExportOpen] = useState(false);
  const query = Object.fromEntries(
    Object.entries(filters.query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const statement = useQuery({ ...partyStatementQuery(kind, id ?? 0, query), enabled: id !== null, placeholderData: keepPreviousData });
  const lines = statement.data?.data ?? [];
  const title = t(`${kind}Statements.title`);
  const choose = (party: number | null) =>
    changeParams((p) => {
      if (party) p.set("party", String(party));
      else p.delete("party");
    });

  const onPrint = () => {
    const sections = statementSections(lines);
    print({
      title: `${title} — ${choice?.label ?? ""}`,
      lines: describe(filters.query),
      numeric: [false, false, false, true, true, true],
      headers: ["date", "type", "description", "debit", "credit", "balance"].map((k) => t(`parties:statement.${k}`)),
      rows: sections.flatMap((s) => [
        [s.currency_name, "", "", "", "", ""],
        ...s.lines.map((l) => [
          fmt.date(docDay(l.date)),
          l.source_type ? t(`parties:documentTypes.${l.source_type}`, { defaultValue: l.source_type }) : "",
          journalDescription(t, l.description),
          fmt.money(l.debit, s.currency_id),
          fmt.money(l.credit, s.currency_id),
          fmt.money(l.running, s.currency_id),
        ]),
        [
          "",
          "",
          t("table:total"),
          fmt.money(s.debit, s.currency_id),
          fmt.money(s.credit, s.currency_id),
          fmt.money(s.closing, s.currency_id),
        ],
      ]),
    });
  };

  const balanceColumns: Column<PartyRow>[] = [
    { key: "consumer_name", label: "parties:fields.consumer_name", render: (r) => names.party(r.consumer_name) },
    { key: "code", label: "parties:fields.code" },
    { key: "mobile", label: "parties:fields.mobile" },
    { key: "balance_iqd", label: "parties:fields.balance_iqd", format: "amount", currency: () => CURRENCY_IQD },
    { key: "balance_usd", label: "parties:fields.balance_usd", format: "amount", currency: () => CURRENCY_USD },
  ];

  return (
    <>
      <PageHeader
        title={title}
        description={t(`${kind}Statements.description`)}
        actions={
          id !== null && (
            <ReportActions onPrint={onPrint} onExport={() => setExportOpen(true)}>
              <Button variant="subtle" leftSection={<IconArrowBack size={16} className="flip-rtl" />} onClick={() => choose(null)}>
                {t("allParties")}
              </Button>
            </ReportActions>
          )
        }
      />
      {id === null ? (
        <DataTable<PartyRow>
          endpoint={`reports/${kind}_statements`}
          model={`${kind}_statements`}
          title={`reports:${kind}Statements.title`}
          columns={balanceColumns}
          rowKey={(r) => r.consumer_id}
          defaultSort="consumer_name"
          defaultDir="asc"
          actions={[
            {
              key: "statement",
              label: "reports:showStatement",
              icon: IconListDetails,
              permission: cfg.statementPermission,
              onClick: (r) => choose(r.consumer_id),
            },
          ]}
        />
      ) : (
        <>
          <ReportFilters filters={filters}>
            <div style={{ minWidth: 280 }}>
              <PartyPicker kind={kind} value={choice} onChange={(c) => choose(c?.value ?? null)} />
            </div>
          </ReportFilters>
          {statement.isPending ? <Skeleton h={240} radius="md" /> : <StatementView lines={lines} />}
          <ExportDialog
            opened={exportOpen}
            onClose={() => setExportOpen(false)}
            endpoint={`${cfg.transactions}/statement`}
            query={{ ...filters.query, consumer_id: id, sortColumn: "date", sortDir: "asc" }}
            headers={STATEMENT_COLUMNS.map((k) => ({ key: k, label: t(`parties:statement.${k === "source_type" ? "type" : k}`) }))}
            initiallyChosen={[...STATEMENT_COLUMNS]}
            fileName={`${title} ${choice?.label ?? ""}`.trim()}
          />
        </>
      )}
    </>
  );
}

export const CustomerStatementsPage = () => <PartyStatementReportPage kind="customer" />;
export const SupplierStatementsPage = () => <PartyStatementReportPage kind="supplier" />;
