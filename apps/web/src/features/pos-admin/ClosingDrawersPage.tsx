import { ZClosingDrawer } from "@app/contracts";
import { Button, Stack, Textarea } from "@mantine/core";
import { IconCashRegister, IconEye, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCan } from "../../app/session";
import { useCrud } from "../../shared/crud";
import { type Column, DataTable, type RowAction } from "../../shared/DataTable";
import { FormDialog } from "../../shared/FormDialog";
import { MoneyInput } from "../../shared/MoneyInput";
import { PageHeader } from "../../shared/PageHeader";
import { useZodForm } from "../../shared/useZodForm";
import { useInvalidateLedger } from "../accounting/ledger.queries";
import { CLOSING_DRAWERS, type ClosingRecord, PATHS } from "./posAdmin.queries";
import "../accounting/amount.css";

type ClosingRow = Omit<ClosingRecord, "cash" | "created_by_name" | "user_fk">;

/** The cash counted per currency, blind: the expected figures show on the Z report after saving. */
function CloseDrawerForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("posadmin");
  const navigate = useNavigate();
  const invalidateLedger = useInvalidateLedger();
  const form = useZodForm({ counted_iqd: "0", counted_usd: "0", note: "" });
  const { create } = useCrud<{ id: number }>(CLOSING_DRAWERS, { onInvalid: form.applyServerErrors });
  const submit = () => {
    const body = form.validate(ZClosingDrawer, { ...form.values, note: form.values.note || null });
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
  const columns: Column<ClosingRow>[] = [
    { key: "number", label: "posadmin:fields.number" },
    { key: "code", label: "posadmin:fields.code" },
    { key: "closed_at", label: "posadmin:fields.closed_at", format: "datetime" },
    { key: "opened_at", label: "posadmin:fields.opened_at", format: "datetime" },
    { key: "user_name", label: "posadmin:fields.cashier" },
    { key: "outlet_name", label: "posadmin:fields.outlet" },
    { key: "receipts_count", label: "posadmin:fields.receipts_count" },
    { key: "invoices_count", label: "posadmin:fields.invoices_count" },
    { key: "sales_total", label: "posadmin:fields.sales_total", format: "amount" },
    { key: "discount_total", label: "posadmin:fields.discount_total", format: "amount" },
    { key: "returns_total", label: "posadmin:fields.returns_total", format: "amount" },
    { key: "difference_total", label: "posadmin:fields.difference_total", format: "amount" },
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
            <Button data-list-add leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="closing-add">
              {t("closing.add")}
            </Button>
          )
        }
        actions={actions}
      />
      {adding && <CloseDrawerForm onClose={() => setAdding(false)} />}
    </>
  );
}
