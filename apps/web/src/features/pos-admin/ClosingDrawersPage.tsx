import { ZClosingDrawer } from "@app/contracts";
import { Button, Group, Select, Stack, Textarea } from "@mantine/core";
import { IconCashRegister, IconCoins, IconEye, IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../app/session";
import { api } from "../../shared/api/client";
import { useInvalidateLedger } from "../../shared/api/ledger";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable, type RowAction } from "../../shared/DataTable";
import { FormDialog } from "../../shared/FormDialog";
import { MoneyInput } from "../../shared/MoneyInput";
import { PageHeader } from "../../shared/PageHeader";
import { useSeededNames } from "../../shared/seededNames";
import { useZodForm } from "../../shared/useZodForm";
import { DrawerFloatsDialog } from "./DrawerFloatsDialog";
import { CLOSING_DRAWERS, type ClosingRecord, type OpenDrawer, PATHS } from "./posAdmin.queries";
import "../../shared/amount.css";

type ClosingRow = Omit<ClosingRecord, "cash" | "created_by_name" | "user_fk">;

/** The cash counted per currency, blind: the expected figures show on the Z report after saving. */
function CloseDrawerForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("posadmin");
  const navigate = useNavigate();
  const invalidateLedger = useInvalidateLedger();
  const can = useCan();
  // A manager closes any cashier's drawer (counting it at the end of the shift); a cashier their own.
  const manager = can("pos_admin_sales/view_all");
  const drawers = useQuery({
    queryKey: [CLOSING_DRAWERS, "open"],
    queryFn: () => api<{ data: OpenDrawer[] }>(`${CLOSING_DRAWERS}/open`).then((r) => r.data),
    enabled: manager,
  });
  const form = useZodForm({ user_fk: "", counted_iqd: "0", counted_usd: "0", note: "" });
  const { create } = useCrud<{ id: number }>(CLOSING_DRAWERS, { onInvalid: form.applyServerErrors });
  const submit = () => {
    const body = form.validate(ZClosingDrawer, {
      ...form.values,
      user_fk: form.values.user_fk ? Number(form.values.user_fk) : null,
      note: form.values.note || null,
    });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (res) => {
        invalidateLedger();
        onClose();
        const id = (res as { data?: { id: number } } | undefined)?.data?.id;
        if (id) void navigate(PATHS.closingView(id));
      },
    });
  };
  return (
    <FormDialog
      title={t("closing.add")}
      icon={<IconCashRegister size={20} />}
      onClose={onClose}
      onSubmit={submit}
      saving={create.isPending}
      testId="closing-form"
      saveTestId="closing-save"
    >
      <Stack>
        {manager && (
          <Select
            label={t("fields.cashier")}
            placeholder={t("closing.ownDrawer")}
            searchable
            clearable
            data={(drawers.data ?? []).map((d) => ({
              value: String(d.user_id),
              label: `${d.user_name} (${t("closing.waiting", { count: d.receipts + d.returns })})`,
            }))}
            value={form.values.user_fk || null}
            onChange={(v) => form.set("user_fk", v ?? "")}
            error={form.error("user_fk")}
            data-testid="closing-cashier"
          />
        )}
        <MoneyInput
          label={t("fields.counted_iqd")}
          withAsterisk
          data-autofocus
          value={form.values.counted_iqd}
          onChange={(v) => form.set("counted_iqd", v)}
          error={form.error("counted_iqd")}
          data-testid="closing-counted-iqd"
        />
        <MoneyInput
          label={t("fields.counted_usd")}
          withAsterisk
          value={form.values.counted_usd}
          onChange={(v) => form.set("counted_usd", v)}
          error={form.error("counted_usd")}
          data-testid="closing-counted-usd"
        />
        <Textarea label={t("fields.note")} autosize minRows={2} {...form.text("note")} />
      </Stack>
    </FormDialog>
  );
}

/** Drawer closings (SPEC §2 `/sales/closing-drawer`): a cashier sees their own, a manager every cashier's. */
export function ClosingDrawersPage() {
  const { t } = useTranslation("posadmin");
  const can = useCan();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const [floats, setFloats] = useState(false);
  const names = useSeededNames();
  const columns: Column<ClosingRow>[] = [
    { key: "number", label: "posadmin:fields.number" },
    { key: "code", label: "posadmin:fields.code" },
    { key: "closed_at", label: "posadmin:fields.closed_at", format: "datetime" },
    { key: "opened_at", label: "posadmin:fields.opened_at", format: "datetime" },
    { key: "user_name", label: "posadmin:fields.cashier" },
    { key: "outlet_name", label: "posadmin:fields.outlet", text: (r) => names.outlet(r.outlet_name) },
    { key: "receipts_count", label: "posadmin:fields.receipts_count" },
    { key: "invoices_count", label: "posadmin:fields.invoices_count" },
    { key: "sales_total", label: "posadmin:fields.sales_total", format: "money" },
    { key: "discount_total", label: "posadmin:fields.discount_total", format: "money" },
    { key: "returns_total", label: "posadmin:fields.returns_total", format: "money" },
    { key: "difference_total", label: "posadmin:fields.difference_total", format: "money" },
  ];
  const actions: RowAction<ClosingRow>[] = [
    {
      key: "view",
      label: "posadmin:actions.view",
      icon: IconEye,
      permission: "closing_drawers/show",
      onClick: (r) => void navigate(PATHS.closingView(r.id)),
    },
  ];
  return (
    <>
      <PageHeader title={t("closing.title")} description={t("closing.description")} />
      <DataTable<ClosingRow>
        endpoint={CLOSING_DRAWERS}
        model={CLOSING_DRAWERS}
        title="posadmin:closing.title"
        columns={columns}
        rowKey={(r) => r.id}
        filters={[{ key: "user_name", label: "posadmin:fields.cashier", type: "text" }]}
        dateFilter
        amountFilter
        defaultSort="closed_at"
        toolbar={
          can("closing_drawers/store") && (
            <Group gap="xs">
              <Button variant="light" leftSection={<IconCoins size={16} />} onClick={() => setFloats(true)} data-testid="float-open">
                {t("floats.title")}
              </Button>
              <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="closing-add">
                {t("closing.add")}
              </Button>
            </Group>
          )
        }
        actions={actions}
      />
      {adding && <CloseDrawerForm onClose={() => setAdding(false)} />}
      {floats && <DrawerFloatsDialog onClose={() => setFloats(false)} />}
    </>
  );
}
