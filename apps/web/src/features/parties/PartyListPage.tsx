import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { Button } from "@mantine/core";
import { IconListDetails, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../app/session";
import { useInvalidateLedger } from "../../shared/api/ledger";
import { PARTY, type PartyKind, type PartyRow } from "../../shared/api/parties";
import { type Column, DataTable, editDeleteActions, type FilterField } from "../../shared/DataTable";
import { useFormat } from "../../shared/format";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useConfirmDelete } from "../../shared/useConfirmDelete";
import { PartyForm } from "./PartyForm";
import "../../shared/amount.css";
import { ActiveBadge } from "../../shared/ActiveBadge";

/** The customers or suppliers list, with each party's balance in both currencies from the ledger. */
export function PartyListPage({ kind }: { kind: PartyKind }) {
  const cfg = PARTY[kind];
  const { t } = useTranslation("parties");
  const fmt = useFormat();
  const can = useCan();
  const navigate = useNavigate();
  const names = useSeededNames();
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const invalidateLedger = useInvalidateLedger();
  const del = useConfirmDelete<PartyRow>(cfg.endpoint, {
    idOf: (r) => r.consumer_id,
    nameOf: (r) => names.party(r.consumer_name),
    onDeleted: invalidateLedger,
  });
  const customer = kind === "customer";
  const balance = (v: string | null | undefined, currencyId: number) => {
    const s = fmt.money(v ?? "0", currencyId);
    return (
      <span className="amount" style={{ color: s.startsWith("-") ? "var(--mantine-color-red-7)" : undefined }}>
        {s}
      </span>
    );
  };
  const columns: Column<PartyRow>[] = [
    { key: "consumer_name", label: "parties:fields.consumer_name", render: (r) => names.party(r.consumer_name) },
    { key: "code", label: "parties:fields.code" },
    { key: "mobile", label: "parties:fields.mobile" },
    ...(customer ? ([{ key: "office_phone", label: "parties:fields.office_phone" }] satisfies Column<PartyRow>[]) : []),
    { key: "address", label: "parties:fields.address" },
    { key: "city_name", label: "parties:fields.city_name", text: (r) => names.city(r.city_name) },
    // The server answers balances only to a holder of balance_view (SPEC §6 balance view).
    ...(can(`${cfg.endpoint}/balance_view`)
      ? ([
          {
            key: "balance_iqd",
            label: "parties:fields.balance_iqd",
            format: "amount",
            currency: () => CURRENCY_IQD,
            render: (r) => balance(r.balance_iqd, CURRENCY_IQD),
          },
          {
            key: "balance_usd",
            label: "parties:fields.balance_usd",
            format: "amount",
            currency: () => CURRENCY_USD,
            render: (r) => balance(r.balance_usd, CURRENCY_USD),
          },
        ] satisfies Column<PartyRow>[])
      : []),
    ...(customer
      ? ([
          { key: "allowed_debit_amount", label: "parties:fields.allowed_debit_amount", format: "money" },
          { key: "pricing_profile_name", label: "parties:fields.pricing_profile_fk" },
        ] satisfies Column<PartyRow>[])
      : []),
    { key: "is_active", label: "parties:fields.is_active", render: (r) => <ActiveBadge on={r.is_active} /> },
  ];
  const filters: FilterField[] = [
    {
      key: "is_active",
      label: "parties:fields.is_active",
      type: "select",
      options: [
        { value: "1", label: "common:status.active" },
        { value: "0", label: "common:status.inactive" },
      ],
    },
    { key: "mobile", label: "parties:fields.mobile", type: "text" },
  ];
  return (
    <>
      <PageHeader title={t(`${cfg.ns}.title`)} description={t(`${cfg.ns}.description`)} />
      <DataTable<PartyRow>
        endpoint={cfg.endpoint}
        model={cfg.endpoint}
        title={`parties:${cfg.ns}.title`}
        columns={columns}
        rowKey={(r) => r.consumer_id}
        filters={filters}
        defaultSort="consumer_id"
        toolbar={
          can(`${cfg.endpoint}/store`) && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")} data-testid="party-add">
              {t(`${cfg.ns}.add`)}
            </Button>
          )
        }
        actions={[
          {
            key: "transactions",
            label: `parties:${cfg.ns}.transactions`,
            icon: IconListDetails,
            permission: `${cfg.transactions}/index`,
            onClick: (r) => void navigate(`${cfg.base}/${r.consumer_id}/transactions`),
          },
          ...editDeleteActions<PartyRow>(cfg.endpoint, (r) => setEditing(r.consumer_id), del.ask),
        ]}
      />
      {editing !== null && <PartyForm kind={kind} id={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {del.dialog}
    </>
  );
}

export const CustomersPage = () => <PartyListPage kind="customer" />;
