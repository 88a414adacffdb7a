import { Select, Stack, Text } from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { translateMessage } from "../../app/i18n";
import { useSession } from "../../app/session";
import { ApiError, api } from "../../shared/api/client";
import { FormDialog } from "../../shared/FormDialog";
import { useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { notifyError, notifySuccess } from "../../shared/notify";
import { useSeededNames } from "../../shared/seededNames";
import { CashAccountSelect } from "../accounting/CashAccountSelect";
import { useInvalidateLedger } from "../accounting/ledger.queries";
import { type ConsignmentRow, SALE_TRANSFERS } from "./saleTransfers.queries";

/**
 * Invoices goods a customer holds on consignment: how many (base units), On Account or Cash into
 * a till; the server makes and completes a sale from the customer's consignment location, and the
 * screen opens it.
 */
export function InvoiceDialog({ row, onClose }: { row: ConsignmentRow; onClose: () => void }) {
  const { t } = useTranslation("saletransfers");
  const fmt = useFormat();
  const names = useSeededNames();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invalidateLedger = useInvalidateLedger();
  const { systemConfig } = useSession();
  const [quantity, setQuantity] = useState(String(Number(row.qty)));
  const [payment, setPayment] = useState<"On Account" | "Cash">("On Account");
  const [account, setAccount] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invoice = useMutation({
    mutationFn: async () =>
      (
        await api<{ data: { sale_id: number } }>(`${SALE_TRANSFERS}/consignments/${row.consumer_id}/invoice`, {
          method: "POST",
          body: {
            currency_id: systemConfig.currency_fk,
            payment_type: payment,
            account_fk: payment === "Cash" ? account || null : null,
            lines: [{ item_fk: row.item_id, unit_fk: row.base_unit_id, quantity }],
          },
        })
      ).data,
    onSuccess: (d) => {
      notifySuccess(t("consignments.invoiced"));
      void queryClient.invalidateQueries({ queryKey: [SALE_TRANSFERS] });
      invalidateLedger();
      onClose();
      void navigate(`/sales/sales/view/${d.sale_id}/0`);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 422 && err.body.errors) {
        const next: Record<string, string> = {};
        for (const [k, v] of Object.entries(err.body.errors)) next[k.replace(/^lines\.0\./, "")] = translateMessage(String([v].flat()[0]));
        setErrors(next);
      } else notifyError(err);
    },
    meta: { silent: true },
  });
  return (
    <FormDialog
      title={t("consignments.invoiceTitle")}
      icon={<IconFileInvoice size={18} />}
      onClose={onClose}
      onSubmit={() => invoice.mutate()}
      saving={invoice.isPending}
      testId="invoice-dialog"
      saveTestId="invoice-save"
    >
      <Stack>
        <Text size="sm">
          {names.party(row.consumer_name)} · {row.item_name} ·{" "}
          {t("consignments.held", { qty: fmt.amount(row.qty), unit: names.unit(row.base_unit_name) })}
        </Text>
        <MoneyInput
          label={t("fields.quantity")}
          value={quantity}
          zeroWhenEmpty={false}
          onChange={setQuantity}
          error={errors.quantity}
          data-testid="invoice-quantity"
        />
        <Select
          label={t("fields.payment_type")}
          allowDeselect={false}
          data={[
            { value: "On Account", label: t("paymentTypes.On Account") },
            { value: "Cash", label: t("paymentTypes.Cash") },
          ]}
          value={payment}
          onChange={(v) => setPayment(v === "Cash" ? "Cash" : "On Account")}
        />
        {payment === "Cash" && (
          <CashAccountSelect
            label={t("fields.account")}
            value={account}
            excludeDrawers
            onChange={(v) => setAccount(v)}
            error={errors.account_fk}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
