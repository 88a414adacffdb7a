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
import { useInvalidateLedger } from "../../shared/api/ledger";
import { PARTY, type PartyKind, partyStatementQuery, type StatementLine } from "../../shared/api/parties";
import { PageHeader } from "../../shared/PageHeader";
import { PartyPicker, usePartyChoice } from "../../shared/parties/PartyPicker";
import { StatementView } from "../../shared/parties/StatementView";
import { journalDescription } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { PaymentForm } from "./PaymentForm";

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
