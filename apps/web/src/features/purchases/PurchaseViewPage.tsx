import { D } from "@app/contracts/money";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowBackUp, IconCalculator, IconCheck, IconFileInvoice, IconReceiptRefund, IconTag, IconTags } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { PATHS, PURCHASES, type PurchaseChargeRecord, purchaseQuery } from "../../shared/api/purchases";
import { useConfirmAction } from "../../shared/ConfirmDialog";
import { DocPayments, docPaymentsQuery } from "../../shared/documents/DocPayments";
import { DocView } from "../../shared/documents/DocView";
import { DocBadges, useDocAction } from "../../shared/documents/docActions";
import { useDocViewKit } from "../../shared/documents/useDocViewKit";
import { LABELS_PERMISSION, type LabelRequest, Labels } from "../../shared/labels";

/**
 * One purchase (SPEC §2 `view/{id}/{newTab}`): as printed on A4 with the shop's name, receipt
 * header and footer, in the reader's language; with its actions.
 */
export function PurchaseViewPage() {
  const { t } = useTranslation("purchases");
  const kit = useDocViewKit(t);
  const { id, can, fmt, names } = kit;
  const navigate = useNavigate();
  // A charge paid in cash without a supplier is named by the account it was paid from.
  const chargeParty = (c: PurchaseChargeRecord) => c.consumer_name ?? names.account(c.account_name, c.account_system_key);
  const doc = useQuery(purchaseQuery(id));
  // What was paid after the purchase, once it is complete (its Payments section reads the same).
  const payments = useQuery({ ...docPaymentsQuery("purchases", id), enabled: doc.data?.status === "complete" });
  // While payments made later stand, it is neither edited nor returned to draft (the server refuses both).
  const paidLater = (payments.data?.payments.length ?? 0) > 0;
  const act = useDocAction(PURCHASES, "purchases:done");
  const confirm = useConfirmAction();
  const [labels, setLabels] = useState<LabelRequest[] | null>(null);
  const p = doc.data;
  if (!p) return kit.missing(doc);
  const col = kit.columns(p.currency_name);
  const sheet = kit.sheet(p, {
    title: t("viewTitle"),
    info: [
      [t("fields.supplier"), p.consumer_name],
      [t("fields.reference_no"), p.reference_no ?? ""],
      [t("fields.inventory"), names.inventory(p.inventory_name)],
      kit.currency(p),
      [t("fields.payment_type"), t(`paymentTypes.${p.payment_type}`)],
      [t("fields.status"), `${t(`status.${p.status}`)} · ${t(`paymentStatus.${p.payment_status}`)}`],
    ],
    columns: [
      { header: t("fields.item"), cell: (l) => (l.description ? `${l.item_name} — ${l.description}` : l.item_name) },
      col.unit,
      col.quantity,
      { header: t("fields.bonus"), cell: (l) => (Number(l.bonus) ? fmt.amount(l.bonus) : ""), numeric: true },
      col.money("unit_price"),
      col.batch,
      { header: t("fields.expire_date"), cell: (l) => (l.expire_date ? fmt.date(l.expire_date) : "") },
      col.money("line_total"),
    ],
    totals: [
      [t("fields.subtotal"), col.amount(p.subtotal)],
      [t("fields.discount_amount"), col.amount(p.discount_amount)],
      [t("fields.total"), col.amount(p.total)],
      [t("fields.paid_amount"), col.amount(p.paid_amount)],
      [
        t("fields.remaining"),
        col.amount(
          D(p.total)
            .minus(p.paid_amount)
            .minus(payments.data?.paid_later ?? 0)
            .toFixed(),
        ),
      ],
    ],
    extra: p.charges.map(
      (c) =>
        `${t(`chargeKinds.${c.kind}`)}: \u2068${chargeParty(c)}\u2069 — \u2066${fmt.docAmount(c.amount, c.currency_name)} ${c.currency_name}\u2069`,
    ),
  });

  return (
    <DocView
      sheet={sheet}
      testPrefix="purchase"
      audit={{ module: "purchases", recordId: p.id }}
      backTo={PATHS.list}
      editTo={can("purchases/update") && !p.is_closed && !paidLater && PATHS.upsert(p.id, 1)}
      badges={<DocBadges status={p.status} closed={p.is_closed} payment={p.payment_status} />}
      actions={
        <>
          {p.status === "draft" && can("purchases/complete") && (
            <Button
              color="green"
              leftSection={<IconCheck size={16} />}
              loading={act.isPending}
              onClick={() => confirm.ask(t("actions.complete"), p.number ?? "", () => act.mutate({ id: p.id, action: "complete" }))}
              data-testid="purchase-complete"
            >
              {t("actions.complete")}
            </Button>
          )}
          {p.status === "complete" && !paidLater && can("purchases/return_to_draft") && (
            <Button
              variant="light"
              color="orange"
              leftSection={<IconArrowBackUp size={16} />}
              loading={act.isPending}
              onClick={() => act.mutate({ id: p.id, action: "return_to_draft" })}
              data-testid="purchase-return-to-draft"
            >
              {t("actions.returnToDraft")}
            </Button>
          )}
          {p.status === "complete" && p.charges.length > 0 && !p.costs_applied && can("purchases/apply_cost") && (
            <Button
              variant="light"
              leftSection={<IconCalculator size={16} />}
              onClick={() => void navigate(PATHS.applyCost(p.id))}
              data-testid="purchase-apply-cost"
            >
              {t("actions.applyCost")}
            </Button>
          )}
          {can("purchases/modify_sale_price") && (
            <Button
              variant="light"
              leftSection={<IconTag size={16} />}
              onClick={() => void navigate(PATHS.salePrices(p.id))}
              data-testid="purchase-sale-prices"
            >
              {t("actions.modifySalePrice")}
            </Button>
          )}
          {can(LABELS_PERMISSION) && (
            <Button
              variant="light"
              leftSection={<IconTags size={16} />}
              // One label per unit received (a box's label for each box), bonus units too, with the line's expiry.
              onClick={() =>
                setLabels(
                  p.lines.map((l) => ({
                    item_id: l.item_fk,
                    unit: l.unit_fk,
                    quantity: Number(l.quantity) + Number(l.bonus),
                    expire_date: l.expire_date,
                  })),
                )
              }
              data-testid="purchase-labels"
            >
              {t("labels:open")}
            </Button>
          )}
          {p.order_fk && can("purchases/order") && (
            <Button
              variant="light"
              leftSection={<IconFileInvoice size={16} />}
              onClick={() => void navigate(`/purchases/purchase-orders/view/${p.order_fk}/0`)}
              data-testid="purchase-open-order"
            >
              {t("actions.openOrder")}
            </Button>
          )}
          {p.status === "complete" && can("purchase_returns/store") && (
            <Button
              variant="light"
              leftSection={<IconReceiptRefund size={16} />}
              onClick={() => void navigate(PATHS.returnUpsert(0, 0, p.id))}
            >
              {t("actions.return")}
            </Button>
          )}
        </>
      }
    >
      {p.charges.length > 0 && (
        <Stack gap={4}>
          <Title order={5}>{t("charges")}</Title>
          {p.charges.map((c) => (
            <Group key={c.charge_id} justify="space-between" data-testid="view-charge">
              <Text size="sm">
                {t(`chargeKinds.${c.kind}`)} · {chargeParty(c)} · {t(`paymentTypes.${c.payment_type}`)}
              </Text>
              <Text size="sm" className="amount">
                {fmt.docAmount(c.amount, c.currency_name)} {c.currency_name}
              </Text>
            </Group>
          ))}
          <Text size="xs" c="dimmed">
            {p.costs_applied ? t("applyCost.applied") : t("applyCost.notApplied")}
          </Text>
        </Stack>
      )}
      <DocPayments endpoint="purchases" doc={p} />
      {confirm.dialog}
      {labels && <Labels initial={labels} onClose={() => setLabels(null)} />}
    </DocView>
  );
}
