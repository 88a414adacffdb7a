import { MSG, ZOnlineCustomerAdd } from "@app/contracts";
import { Button, Select } from "@mantine/core";
import { IconDeviceMobile, IconLock, IconLockOpen, IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import type { MessageBody } from "../../shared/api/types";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable, type FilterField, type RowAction, StatusBadge } from "../../shared/DataTable";
import { FormDialog } from "../../shared/FormDialog";
import { notifyError, notifySuccess } from "../../shared/notify";
import { PageHeader } from "../../shared/PageHeader";
import { useZodForm } from "../../shared/useZodForm";
import { MOBILE_ENDPOINTS } from "./mobileApp.queries";

const ENDPOINT = MOBILE_ENDPOINTS.customers;

interface CustomerRow {
  customer_id: number;
  name: string | null;
  mobile: string;
  status: "active" | "blocked";
  orders_count: number;
  created_at: string;
  last_seen: string | null;
}

const STATUS_FILTER: FilterField[] = [
  {
    key: "status",
    label: "mobileapp:fields.status",
    type: "select",
    options: [
      { value: "active", label: "common:status.active" },
      { value: "blocked", label: "common:status.blocked" },
    ],
  },
];

/** The shop app's customers, who signed in with their mobile: their orders, when last seen, and block or unblock. */
export function OnlineCustomersPage() {
  const { t } = useTranslation("mobileapp");
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const queryClient = useQueryClient();
  const setBlocked = useMutation({
    mutationFn: ({ id, action }: { id: number; action: "block" | "unblock" }) =>
      api<{ message?: string }>(`${ENDPOINT}/${id}/${action}`, { method: "POST" }),
    onSuccess: (res) => {
      notifySuccess(res?.message ?? MSG.updated);
      void queryClient.invalidateQueries({ queryKey: [ENDPOINT] });
    },
    onError: notifyError,
    meta: { silent: true },
  });

  const columns: Column<CustomerRow>[] = [
    { key: "customer_id", label: "mobileapp:fields.customer_id" },
    { key: "name", label: "mobileapp:fields.name" },
    { key: "mobile", label: "mobileapp:fields.mobile", render: (r) => <span dir="ltr">{r.mobile}</span> },
    {
      key: "status",
      label: "mobileapp:fields.status",
      render: (r) => (
        <span data-testid={`customer-status-${r.customer_id}`}>
          <StatusBadge value={r.status} colors={{ active: "teal", blocked: "red" }} />
        </span>
      ),
    },
    { key: "orders_count", label: "mobileapp:fields.orders_count", format: "amount" },
    { key: "created_at", label: "mobileapp:fields.created_at", format: "datetime" },
    { key: "last_seen", label: "mobileapp:fields.last_seen", format: "datetime" },
  ];
  const actions: RowAction<CustomerRow>[] = [
    {
      key: "block",
      label: "mobileapp:customers.block",
      icon: IconLock,
      color: "red",
      permission: `${ENDPOINT}/update`,
      when: (r) => r.status === "active",
      confirm: (r) => r.name ?? r.mobile,
      onClick: (r) => setBlocked.mutate({ id: r.customer_id, action: "block" }),
    },
    {
      key: "unblock",
      label: "mobileapp:customers.unblock",
      icon: IconLockOpen,
      permission: `${ENDPOINT}/update`,
      when: (r) => r.status === "blocked",
      onClick: (r) => setBlocked.mutate({ id: r.customer_id, action: "unblock" }),
    },
  ];

  return (
    <>
      <PageHeader title={t("customers.title")} description={t("customers.description")} />
      <DataTable<CustomerRow>
        endpoint={ENDPOINT}
        model="online_customers"
        title="mobileapp:customers.title"
        columns={columns}
        rowKey={(r) => r.customer_id}
        defaultSort="customer_id"
        defaultDir="desc"
        filters={STATUS_FILTER}
        dateFilter
        actions={actions}
        toolbar={
          can(`${ENDPOINT}/store`) && (
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="online-customer-add">
              {t("customers.add")}
            </Button>
          )
        }
      />
      {adding && <AddCustomerForm onClose={() => setAdding(false)} />}
    </>
  );
}

/** A back-office customer given an account in the app, under the mobile number their record holds. */
function AddCustomerForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("mobileapp");
  const customers = useQuery({
    queryKey: ["customers", "dropdown", "customers/list"],
    queryFn: async () =>
      (await api<MessageBody<{ consumer_id: number; consumer_name: string; mobile: string | null }[]>>("customers/list")).message,
  });
  const form = useZodForm<{ consumer_id: string }>({ consumer_id: "" });
  const { create } = useCrud(ENDPOINT, { onInvalid: form.applyServerErrors });
  const submit = () => {
    const body = { consumer_id: form.values.consumer_id };
    if (form.validate(ZOnlineCustomerAdd, body)) create.mutate(body, { onSuccess: onClose });
  };
  return (
    <FormDialog
      title={t("customers.add")}
      icon={<IconDeviceMobile size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending}
      testId="online-customer-form"
      saveTestId="online-customer-save"
    >
      <Select
        label={t("fields.customer")}
        description={t("customers.addHint")}
        withAsterisk
        data={(customers.data ?? []).map((c) => ({
          value: String(c.consumer_id),
          label: c.mobile ? `${c.consumer_name} (${c.mobile})` : c.consumer_name,
        }))}
        value={form.values.consumer_id || null}
        onChange={(x) => form.set("consumer_id", x ?? "")}
        error={form.error("consumer_id")}
        searchable
        nothingFoundMessage={t("messages:nothingFound")}
        comboboxProps={{ withinPortal: true }}
        data-testid="field-consumer_id"
      />
    </FormDialog>
  );
}
