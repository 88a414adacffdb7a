import { MSG } from "@app/contracts";
import { Alert, Button, Group, Paper } from "@mantine/core";
import { IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { translateMessage } from "../../app/i18n";
import { PageLoader } from "../../app/LoadingScreen";
import { useCan } from "../../app/session";
import { Autocomplete, type Choice } from "../../shared/Autocomplete";
import { api } from "../../shared/api/client";
import type { DataBody } from "../../shared/api/types";
import { PageHeader } from "../../shared/PageHeader";
import { journalDescription, type SeededNames, useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { useInvalidateLedger } from "../accounting/ledger.queries";
import { PaymentForm } from "./PaymentForm";
import { PARTY, type PartyKind, type PartyRow, partyStatementQuery, type StatementLine } from "./parties.queries";
import { StatementView } from "./StatementView";

/** A party as a choice: its name (the walk-in customer's in the user's language) and code. */
const partyChoice =
  (names: SeededNames) =>
  (p: PartyRow): Choice => {
    const name = names.party(p.consumer_name);
    return { value: p.consumer_id, label: p.code ? `${name} (${p.code})` : name };
  };

/** The party chooser every party screen shares: an autocomplete over the customers or suppliers list. */
export function PartyPicker({
  kind,
  value,
  onChange,
  error,
}: {
  kind: PartyKind;
  value: Choice | null;
  onChange: (c: Choice | null) => void;
  error?: string;
}) {
  const { t } = useTranslation("parties");
  const names = useSeededNames();
  return (
    <Autocomplete<PartyRow>
      endpoint={PARTY[kind].endpoint}
      label={t(`${PARTY[kind].ns}.one`)}
      placeholder={t(`${PARTY[kind].ns}.choose`)}
      toChoice={partyChoice(names)}
      value={value}
      onChange={onChange}
      error={error}
      data-testid="party-picker"
    />
  );
}

/** The chosen party's name, for a page opened at /customers/{id}/transactions. */
export function usePartyChoice(kind: PartyKind, id: number | null) {
  const names = useSeededNames();
  const party = useQuery({
    queryKey: [PARTY[kind].endpoint, "show", id],
    queryFn: async () => (await api<DataBody<PartyRow>>(`${PARTY[kind].endpoint}/${id}`)).data,
    enabled: id !== null,
  });
  return { choice: party.data ? partyChoice(names)(party.data) : null, isPending: id !== null && party.isPending };
}

/** Receipts (customers) or payments (suppliers) and the statement of one party, per currency. */
export function PartyTransactionsPage({ kind }: { kind: PartyKind }) {
  const cfg = PARTY[kind];
  const { t } = useTranslation("parties");
  const can = useCan();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id && /^[1-9]\d*$/.test(params.id) ? Number(params.id) : null;
  const { choice } = usePartyChoice(kind, id);
  const statement = useQuery({ ...partyStatementQuery(kind, id ?? 0), enabled: id !== null });
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const invalidateLedger = useInvalidateLedger();
  const del = useConfirmDelete<StatementLine>(cfg.transactions, {
    idOf: (r) => r.source_id,
    nameOf: (r) => journalDescription(t, r.description),
    onDeleted: invalidateLedger,
  });
  const own = (l: StatementLine) => typeof l.source_id === "number" && !l.is_reversal && l.source_type === `${kind}_transaction`;

  return (
    <>
      <PageHeader
        title={t(`${cfg.ns}.transactionsTitle`)}
        description={t(`${cfg.ns}.transactionsDescription`)}
        actions={
          id !== null &&
          can(`${cfg.transactions}/store`) && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="payment-add">
              {t(`${cfg.ns}.addPayment`)}
            </Button>
          )
        }
      />
      <Paper withBorder radius="md" p="md" mb="lg">
        <Group align="flex-end">
          <div style={{ flex: 1, maxWidth: 420 }}>
            <PartyPicker
              kind={kind}
              value={choice}
              onChange={(c) => void navigate(c ? `${cfg.base}/${c.value}/transactions` : `${cfg.base}/transactions`)}
            />
          </div>
        </Group>
      </Paper>
      {id === null ? (
        <Alert icon={<IconInfoCircle size={18} />} color="blue" variant="light" data-testid="select-party-hint">
          {translateMessage(MSG.selectItemForTransactions)}
        </Alert>
      ) : statement.isPending ? (
        <PageLoader />
      ) : (
        <StatementView
          lines={statement.data?.data ?? []}
          actions={{
            canEdit: (l) => own(l) && can(`${cfg.transactions}/update`),
            canDelete: (l) => own(l) && can(`${cfg.transactions}/destroy`),
            onEdit: (l) => l.source_id && setEditing(l.source_id),
            onDelete: del.ask,
          }}
        />
      )}
      {editing !== null && id !== null && (
        <PaymentForm kind={kind} partyId={id} id={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      )}
      {del.dialog}
    </>
  );
}

export const CustomerTransactionsPage = () => <PartyTransactionsPage kind="customer" />;
