import { Select, Stack, Text } from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { translateMessage } from "../../app/i18n";
import { useSession } from "../../app/session";
import { ApiError, api } from "../../shared/api/client";
import { useInvalidateLedger } from "../../shared/api/ledger";
import { CashAccountSelect } from "../../shared/CashAccountSelect";
import { FormDialog } from "../../shared/FormDialog";
import { useFormat } from "../../shared/format";
import { MoneyInput } from "../../shared/MoneyInput";
import { notifyError, notifySuccess } from "../../shared/notify";
import { useSeededNames } from "../../shared/seededNames";
import { type ConsignmentRow, openTransferLinesQuery, SALE_TRANSFERS } from "./saleTransfers.queries";

/**
 * Invoices goods a customer holds on consignment: from one of the sale transfers they came with
 * (in its unit, at the price it was sent at, as much as is left of it, oldest first), or, for goods
 * that came with none, how many base units; On Account or Cash into a till. The server makes and
 * completes a sale from the customer's consignment location, and the screen opens it.
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
  const open = useQuery(openTransferLinesQuery(row.consumer_id, row.item_id));
  const [lineId, setLineId] = useState("");
  const line = open.data?.find((l) => String(l.line_id) === lineId);
  // The oldest line with something left is the one invoiced unless another is chosen.
  useEffect(() => {
    const first = open.data?.[0];
    if (first && lineId === "") {
      setLineId(String(first.line_id));
      setQuantity(String(Number(first.left)));
    }
  }, [open.data, lineId]);
  const [payment, setPayment] = useState<"On Account" | "Cash">("On Account");
  const [account, setAccount] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invoice = useMutation({
    mutationFn: async () =>
      (
        await api<{ data: { sale_id: number } }>(`${SALE_TRANSFERS}/consignments/${row.consumer_id}/invoice`, {
          method: "POST",
          body: {
            currency_id: line?.currency_id ?? systemConfig.currency_fk,
            payment_type: payment,
            account_fk: payment === "Cash" ? account || null : null,
            lines: [
              line
                ? { item_fk: row.item_id, unit_fk: line.unit_id, quantity, sale_transfer_line_fk: line.line_id }
                : { item_fk: row.item_id, unit_fk: row.base_unit_id, quantity },
            ],
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
        {(open.data?.length ?? 0) > 0 && (
          <Select
            label={t("consignments.fromTransfer")}
            allowDeselect={false}
            data={(open.data ?? []).map((l) => ({
              value: String(l.line_id),
              label: t("consignments.transferLine", {
                number: l.number ?? "",
                left: fmt.amount(l.left),
                unit: names.unit(l.unit_name),
                price: `${fmt.docAmount(l.unit_price, l.currency_name)} ${l.currency_name}`,
              }),
            }))}
            value={lineId || null}
            onChange={(v) => {
              const next = open.data?.find((l) => String(l.line_id) === v);
              setLineId(v ?? "");
              if (next) setQuantity(String(Number(next.left)));
            }}
            data-testid="invoice-transfer-line"
          />
        )}
        <MoneyInput
          label={line ? `${t("fields.quantity")} (${names.unit(line.unit_name)})` : t("fields.quantity")}
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
